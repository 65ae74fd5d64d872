/**
 * Helpers of the end-to-end suites over {@link Harness}: a harness whose store holds fixture
 * cuts ingested by the real adapters, and request helpers with their expectations. Apart from
 * harness.ts because they need vitest, and harness.ts also runs outside it (the shutdown test's
 * server process).
 * @module
 */
import { expect } from "@effect/vitest"
import type { Models, SportKey } from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Harness, type HarnessOptions, type TestResponse } from "./harness.js"

/**
 * A harness (no seed, else `options`) whose store holds the fixtures of `sports`
 * (test/fixtures/<sport>), each read by its own ingest adapter, as an `it.layer`.
 */
export const fixturesLayer = (
  sports: ReadonlyArray<SportKey>,
  options: Omit<HarnessOptions, "seed"> = {}
): Layer.Layer<Harness> =>
  Layer.effectDiscard(Effect.gen(function*() {
    const h = yield* Harness
    for (const sport of sports) {
      const ingester = Runner.ingesters[sport]
      if (ingester === undefined) return yield* Effect.dieMessage(`no ingest adapter for ${sport}`)
      yield* ingester.ingest(join(fixturesDir, sport)).pipe(
        Effect.provide(h.stores),
        Effect.provide(Progress.silent),
        Logger.withMinimumLogLevel(LogLevel.Error),
        Effect.orDie
      )
    }
  })).pipe(Layer.provideMerge(Harness.layer({ ...options, seed: false })))

/** The hand-cut datasets, one folder a sport, in the data directory's layout. */
export const fixturesDir = fileURLToPath(new URL("../fixtures", import.meta.url))

/**
 * GET `path` with `key` (default the syndicate_alpha key: no per-minute ceiling, so the many
 * calls of one test never meet a 429).
 */
export const get = (path: string, key?: string) =>
  Effect.flatMap(Harness, (h) => h.request("GET", path, { key: key ?? h.keys.syndicate_alpha }))

/** GET `path`, expecting 200; its body. */
export const ok = (path: string, key?: string) =>
  Effect.map(get(path, key), (res) => {
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200)
    return res.body
  })

/**
 * `read` again until `seen` holds of its answer (every 100 ms, for at most 20 s), for a write made
 * behind the server's back: the server's read cache may answer from the data version it read up
 * to 1 s earlier (StoreCache's staleness bound), so a store write shows within that bound, not
 * at once. The bound is time, not a count of reads, so that a loaded machine's slow reads do not
 * run it out early. The last answer, whatever it is, for the assertions that follow.
 */
export const eventually = <A, E, R>(read: Effect.Effect<A, E, R>, seen: (a: A) => boolean) =>
  Effect.gen(function*() {
    const deadline = Date.now() + 20_000
    for (;;) {
      const answer = yield* read
      if (seen(answer) || Date.now() >= deadline) return answer
      yield* Effect.sleep("100 millis")
    }
  })

/** Expects the standard error object with `status` and `code` (and `parameter` when given); its body. */
export const expectError = (res: TestResponse, status: number, code: string, parameter?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect(res.body.error_code).toBe(code)
  if (parameter !== undefined) expect(res.body.parameter).toBe(parameter)
  return res.body
}

/**
 * An ACTIVE nba confidence model version (card and measured result made up for the test; no
 * predictions), for suites that need the registry to hold a validated model.
 */
export const activeNbaConfidence: Models.ModelVersion = {
  id: "nba.confidence.1.test",
  sport: "nba",
  model_type: "confidence",
  version: "1.test",
  status: "ACTIVE",
  trained_at: "2025-06-30T00:00:00.000Z",
  card: {
    target: "P(FanDuel points >= the night's top-100 threshold)",
    features: ["trailing rate"],
    training_window: "nba seasons 2022-23 and 2023-24",
    held_out_window: "nba season 2024-25",
    metric: "Brier score",
    naive_baseline: "trailing-10 rate",
    pass_rule: "3% lower Brier and calibration error <= 0.03",
    result: {
      metric_model: 0.178,
      metric_baseline: 0.188,
      improvement_pct: 5.32,
      calibration_error: 0.013,
      observations_train: 100,
      observations_held_out: 50,
      passed: true
    },
    note: null,
    library: "ml-matrix",
    coefficients: [-1, 0.5]
  }
}

/** Every stat the nfl ppr format requires, at 0 (a line lacking one scores null). */
export const pprZero = {
  passing_yards: 0,
  passing_tds: 0,
  interceptions: 0,
  rushing_yards: 0,
  rushing_tds: 0,
  receiving_yards: 0,
  receiving_tds: 0,
  receptions: 0
}

/** The lines of a newline-delimited JSON body, parsed; the body is empty or ends with a newline. */
export const ndjsonLines = (text: string) => {
  expect(text.endsWith("\n") || text === "").toBe(true)
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { type: string; data: any })
}

/** How many of `lines` there are of each type. */
export const countBy = (lines: ReadonlyArray<{ type: string }>) => {
  const out: Record<string, number> = {}
  for (const l of lines) out[l.type] = (out[l.type] ?? 0) + 1
  return out
}
