/**
 * The first start (runtimes/http/src/Loading.ts, packages/wiring/src/Refresh.ts `ingestTracked`):
 * the server answers while a sport is still being ingested in the background. The nfl fixtures
 * are really ingested, through a progress reporter that holds the first file until the test lets
 * it go (a Deferred), so the ingestion is blocked exactly while the test looks:
 * - `/v1/sports` and `/v1/data/status` answer at once, the status showing each sport's state;
 * - a request for the loading sport (path prefix or `sport` parameter) answers 503
 *   SERVICE_UNAVAILABLE with Retry-After, before any key check, and an unknown path is still 404;
 * - a sport ingested earlier and merely re-ingesting is served, so is a sport not tracked;
 * - once the ingestion completes, the sport answers 200 with the ingested rows.
 */
import { describe, expect, it } from "@effect/vitest"
import { IngestProgress, makeIngestProgress, pendingProgress } from "@sports-data/domain"
import { ApiLiveWith } from "@sports-data/http"
import { Progress } from "@sports-data/ingest"
import { ingestTracked, LOADING_RETRY_AFTER_SECONDS } from "@sports-data/wiring"
import { Deferred, Effect, Fiber, Layer, Option, Schedule } from "effect"
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fixturesDir } from "./fixtures.js"
import { start } from "./harness.js"

const nflFixtures = join(fixturesDir, "nfl")

describe("a sport still loading", () => {
  it.scopedLive(
    "503 with Retry-After until it is in; other sports and the status answer meanwhile",
    () =>
      Effect.gen(function*() {
        const progress = yield* makeIngestProgress
        const h = yield* start({ apiLive: ApiLiveWith({ progress }), seed: false })
        const key = h.keys.growth

        // nfl was never ingested; nba was, and its source files changed: it re-ingests later, served meanwhile
        yield* progress.set(pendingProgress("nfl", false, LOADING_RETRY_AFTER_SECONDS))
        yield* progress.set(pendingProgress("nba", true, LOADING_RETRY_AFTER_SECONDS))

        const gate = yield* Deferred.make<void>()
        const blocking = Layer.succeed(Progress.ProgressReporter, {
          fileStarted: () => Deferred.await(gate),
          fileProgress: () => Effect.void,
          fileFinished: () => Effect.void
        })
        const ingest = yield* ingestTracked({
          sports: ["nfl"],
          dataDir: nflFixtures,
          retryAfterFailed: "5 minutes",
          reporter: () => blocking
        }).pipe(Effect.provide(h.stores), Effect.provideService(IngestProgress, progress), Effect.fork)

        // wait (without a deadline that could fail on a slow machine) until nfl is being ingested
        yield* Effect.retry(
          Effect.flatMap(
            progress.get("nfl"),
            (p) => Option.isSome(p) && p.value.state === "ingesting" ? Effect.void : Effect.fail("not yet")
          ),
          Schedule.spaced("20 millis")
        )

        const sports = yield* h.request("GET", "/v1/sports", { key })
        expect(sports.status).toBe(200)

        const status = yield* h.request("GET", "/v1/data/status", { key })
        expect(status.status).toBe(200)
        const rows = new Map((status.body.data as Array<any>).map((r) => [r.sport, r]))
        expect(rows.get("nfl")).toMatchObject({ state: "ingesting", serving: false, last_ingested_at: null })
        expect(rows.get("nfl").ingest.files_total).toBeGreaterThan(0)
        expect(rows.get("nfl").ingest.files_read).toBe(0)
        expect(rows.get("nba")).toMatchObject({ state: "pending", serving: true })
        // not tracked and never ingested: nothing is loading it in this process
        expect(rows.get("mlb")).toMatchObject({ state: "pending", serving: true, ingest: null })

        const loading = yield* h.request("GET", "/v1/nfl/players?team=BUF", { key })
        expect(loading.status).toBe(503)
        expect(loading.headers.get("retry-after")).toBe(String(LOADING_RETRY_AFTER_SECONDS))
        expect(loading.body).toMatchObject({
          error_code: "SERVICE_UNAVAILABLE",
          retry_after_seconds: LOADING_RETRY_AFTER_SECONDS,
          upgrade_url: null
        })
        expect(loading.body.message).toContain("nfl")
        expect(typeof loading.body.documentation_url).toBe("string")

        // the sport of a cross-sport route is its `sport` parameter
        expect((yield* h.request("GET", "/v1/players/search?q=ma&sport=nfl", { key })).status).toBe(503)
        expect((yield* h.request("GET", "/v1/players/search?q=ma&sport=nba", { key })).status).toBe(200)
        // answered before the key check, and only on a route that exists
        expect((yield* h.request("GET", "/v1/nfl/players")).status).toBe(503)
        expect((yield* h.request("GET", "/v1/nfl/no-such-route", { key })).status).toBe(404)

        expect((yield* h.request("GET", "/v1/nba/players", { key })).status).toBe(200)
        expect((yield* h.request("GET", "/v1/mlb/players", { key })).status).toBe(200)

        yield* Deferred.succeed(gate, undefined)
        const [outcome] = yield* Fiber.join(ingest)
        expect(outcome?._tag).toBe("Right")

        const ready = yield* h.request("GET", "/v1/nfl/players?team=BUF", { key })
        expect(ready.status).toBe(200)
        expect(ready.body.total).toBeGreaterThan(0)
        expect(ready.body.data.every((p: { team: string }) => p.team === "BUF")).toBe(true)

        // the counts come through the read cache, which may hold the old ones for its 1 s bound
        const nfl = yield* Effect.retry(
          Effect.flatMap(h.request("GET", "/v1/data/status", { key }), (after) => {
            const row = (after.body.data as Array<any>).find((r) => r.sport === "nfl")
            return row.players > 0 ? Effect.succeed(row) : Effect.fail("counts not yet refreshed")
          }),
          Schedule.spaced("100 millis")
        )
        expect(nfl).toMatchObject({ state: "ready", serving: true, ingest: { error: null } })
        expect(nfl.last_ingested_at).not.toBeNull()
        expect(nfl.ingest.files_read).toBe(nfl.ingest.files_total)
        expect(nfl.ingest.rows_read).toBeGreaterThan(0)
      }),
    { timeout: 120_000 }
  )

  it.scopedLive(
    "a sport whose ingestion failed and that has no earlier data stays 503, naming the cause",
    () =>
      Effect.gen(function*() {
        const progress = yield* makeIngestProgress
        const h = yield* start({ apiLive: ApiLiveWith({ progress }), seed: false })
        yield* progress.set(pendingProgress("nfl", false, LOADING_RETRY_AFTER_SECONDS))
        // a copy of the nfl fixtures whose scores file is a folder: the adapter cannot read it
        const dir = yield* Effect.acquireRelease(
          Effect.sync(() => {
            const d = mkdtempSync(join(tmpdir(), "loading-"))
            cpSync(nflFixtures, d, { recursive: true })
            const scores = join(d, "spreadspoke_nfl", "spreadspoke_scores.csv")
            rmSync(scores)
            mkdirSync(scores)
            return d
          }),
          (d) => Effect.sync(() => rmSync(d, { recursive: true, force: true }))
        )
        const [outcome] = yield* ingestTracked({
          sports: ["nfl"],
          dataDir: dir,
          retryAfterFailed: "2 minutes",
          reporter: () => Progress.silent
        }).pipe(Effect.provide(h.stores), Effect.provideService(IngestProgress, progress))
        expect(outcome?._tag).toBe("Left")

        const res = yield* h.request("GET", "/v1/nfl/players", { key: h.keys.growth })
        expect(res.status).toBe(503)
        expect(res.headers.get("retry-after")).toBe("120")
        expect(res.body).toMatchObject({ error_code: "SERVICE_UNAVAILABLE", retry_after_seconds: 120 })
        const status = yield* h.request("GET", "/v1/data/status", { key: h.keys.growth })
        const nfl = (status.body.data as Array<any>).find((r) => r.sport === "nfl")
        expect(nfl).toMatchObject({ state: "failed", serving: false })
        expect(nfl.ingest.error).toBe("source file cannot be read: spreadspoke_scores.csv")
      }),
    { timeout: 120_000 }
  )
})
