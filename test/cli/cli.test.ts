/**
 * The `sports-data` command as a user runs it: the real bin/sports-data.mjs in a child process,
 * against a fresh PGlite folder and against a fresh PostgreSQL database (when a server is
 * available through the harness), reading stdout, stderr and the exit status.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { execFile } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { testDatabaseUrl } from "../harness/postgres.js"

const root = fileURLToPath(new URL("../..", import.meta.url))
const bin = join(root, "bin", "sports-data.mjs")
const fixtures = join(root, "test", "fixtures")

interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs the CLI with `args` and the given environment (DATABASE_URL removed unless given). */
const cli = (args: ReadonlyArray<string>, env: Record<string, string>): Effect.Effect<Run> =>
  Effect.async<Run>((resume) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { cwd: root, env: { ...inherited, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1
        resume(Effect.succeed({ code, stdout, stderr }))
      }
    )
    return Effect.sync(() => child.kill())
  })

const lines = (s: string) => s.split("\n").filter((l) => l.trim() !== "")
const lastLine = (s: string) => lines(s).at(-1) ?? ""

/** A failure is reported on one `error:` line on stderr, with no stack trace. */
const expectOneLineError = (run: Run, pattern: RegExp) => {
  expect(run.code).not.toBe(0)
  const errors = lines(run.stderr).filter((l) => l.startsWith("error:"))
  expect(errors).toHaveLength(1)
  expect(errors[0]).toMatch(pattern)
  expect(run.stderr).not.toMatch(/^\s+at /m)
}

/** The key lifecycle and migrations, the same on every store. */
const keysAndMigrations = (env: Record<string, string>) =>
  Effect.gen(function*() {
    const first = yield* cli(["migrate"], env)
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/: applied \d+ migration\(s\)/)
    expect(first.stdout).not.toMatch(/postgres:\/\//)
    const second = yield* cli(["migrate"], env)
    expect(second.code).toBe(0)
    expect(second.stdout).toMatch(/schema is up to date/)

    const created = yield* cli(["keys", "create", "--tier", "growth", "--email", "ops@example.test"], env)
    expect(created.code).toBe(0)
    const key = lastLine(created.stdout)
    expect(key).toMatch(/^svc_grw_[0-9A-Za-z]{43}$/)
    const prefix = key.slice(0, 12)

    const listed = yield* cli(["keys", "list"], env)
    expect(listed.code).toBe(0)
    const row = lines(listed.stdout).find((l) => l.startsWith(prefix))
    expect(row).toMatch(/growth\s+active/)
    expect(listed.stdout).not.toContain(key)
    expect(listed.stdout).not.toContain(key.slice(12))

    const revoked = yield* cli(["keys", "revoke", prefix], env)
    expect(revoked.code).toBe(0)
    expect(revoked.stdout).toMatch(/revoked 1 key/)
    const after = yield* cli(["keys", "list"], env)
    expect(lines(after.stdout).find((l) => l.startsWith(prefix))).toMatch(/growth\s+revoked/)

    expectOneLineError(yield* cli(["keys", "revoke", prefix], env), /no active or pending key/)
  })

const withTempDir = <A, E, R>(f: (dir: string) => Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), "cli-pglite-"))),
    f,
    (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
  )

describe("sports-data on PGlite", () => {
  it.live(
    "migrate applies the schema once; keys create, list and revoke",
    () =>
      withTempDir((dir) =>
        Effect.gen(function*() {
          yield* keysAndMigrations({ SPORTS_DATA_STORE: join(dir, "store") })
        })
      ),
    { timeout: 240_000 }
  )

  it.live(
    "keys create prints a sandbox key with its trial end; an unknown tier fails on one line",
    () =>
      withTempDir((dir) =>
        Effect.gen(function*() {
          const env = { SPORTS_DATA_STORE: join(dir, "store") }
          const sandbox = yield* cli(["keys", "create", "--tier", "sandbox"], env)
          expect(sandbox.code).toBe(0)
          expect(sandbox.stdout).toMatch(/trial ends \d{4}-\d{2}-\d{2}T/)
          expect(lastLine(sandbox.stdout)).toMatch(/^svc_sbx_[0-9A-Za-z]{43}$/)

          const bad = yield* cli(["keys", "create", "--tier", "platinum"], env)
          expectOneLineError(bad, /unknown tier "platinum" \(expected one of: sandbox, .*syndicate_alpha/)
          expect(bad.stdout).toBe("")

          const badEmail = yield* cli(["keys", "create", "--tier", "build", "--email", "nope"], env)
          expectOneLineError(badEmail, /invalid e-mail/)
        })
      ),
    { timeout: 240_000 }
  )

  it.live(
    "ingest reads the fixture datasets and prints the table per entity; metrics recomputes the player metrics",
    () =>
      withTempDir((dir) =>
        Effect.gen(function*() {
          const env = { SPORTS_DATA_STORE: join(dir, "store") }
          const run = yield* cli(["ingest", "--sport", "nfl", "--data-dir", join(fixtures, "nfl")], env)
          expect(run.code).toBe(0)
          expect(run.stderr).not.toMatch(/error/i)
          // not a TTY: plain progress lines, then the table
          expect(run.stdout).toMatch(/^read .+: [\d,]+ rows$/m)
          expect(run.stdout).toMatch(/sport\s+entity\s+read\s+upserted\s+unchanged\s+skipped/)
          expect(run.stdout).toMatch(/^nfl\s+players\s+[\d,]+\s+[\d,]+/m)
          expect(run.stdout).toMatch(/^total\s+/m)

          // a second run finds every row unchanged
          const again = yield* cli(["ingest", "--sport", "nfl", "--data-dir", join(fixtures, "nfl")], env)
          expect(again.code).toBe(0)
          const players = lines(again.stdout).find((l) => /^nfl\s+players\s/.test(l))
          expect(players?.split(/\s+/)[3]).toBe("0")

          // the stored player metrics are recomputed from the stored lines, without the sources
          const metrics = yield* cli(["metrics", "--sport", "nfl"], env)
          expect(metrics.code).toBe(0)
          expect(Number(/^nfl: metrics of (\d+) players$/m.exec(metrics.stdout)?.[1])).toBeGreaterThan(0)
        })
      ),
    { timeout: 240_000 }
  )

  it.live(
    "a missing data directory or an unreachable database is one error line, exit 1",
    () =>
      withTempDir((dir) =>
        Effect.gen(function*() {
          const missing = yield* cli(["ingest", "--data-dir", join(dir, "nowhere")], {
            SPORTS_DATA_STORE: join(dir, "store")
          })
          expectOneLineError(missing, /data directory not found/)

          const unreachable = yield* cli(["keys", "list"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" })
          expectOneLineError(unreachable, /store unavailable/)
          expect(unreachable.code).toBe(1)

          const badPort = yield* cli(["keys", "list"], { SPORTS_DATA_STORE: join(dir, "store"), PORT: "not-a-port" })
          expectOneLineError(badPort, /invalid setting/)
        })
      ),
    { timeout: 240_000 }
  )
})

describe("npx sports-data", () => {
  it.live("runs the bin the root package.json declares", () =>
    Effect.async<Run>((resume) => {
      const child = execFile(
        "npx",
        ["sports-data", "--version"],
        { cwd: root, timeout: 60_000 },
        (error, stdout, stderr) => resume(Effect.succeed({ code: error === null ? 0 : 1, stdout, stderr }))
      )
      return Effect.sync(() => child.kill())
    }).pipe(Effect.map((run) => {
      expect(run.code).toBe(0)
      expect(lastLine(run.stdout)).toMatch(/^\d+\.\d+\.\d+$/)
    })), { timeout: 90_000 })
})

describe("sports-data on PostgreSQL", () => {
  it.scopedLive("migrate, keys create, list and revoke on a fresh database", () =>
    Effect.gen(function*() {
      const url = yield* testDatabaseUrl
      if (Option.isNone(url)) return yield* Effect.logWarning("no PostgreSQL server: skipped")
      yield* keysAndMigrations({ DATABASE_URL: url.value })
    }), { timeout: 240_000 })
})
