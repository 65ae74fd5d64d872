/**
 * One process at a time in a PGlite folder: a folder held by a live process is refused with a
 * message naming the holder (two writers corrupt PGlite); a lock left by a dead process is taken
 * over; the lock goes when the store closes.
 */
import { describe, expect, it } from "@effect/vitest"
import { layerPglite, lockFileOf } from "@sports-data/store-sql"
import { Effect, Exit, Layer } from "effect"
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { hostname, tmpdir } from "node:os"
import { join } from "node:path"

const lockOf = (pid: number) => JSON.stringify({ pid, host: hostname(), since: "2026-11-22T00:00:00.000Z" })

describe("PGlite folder lock", () => {
  it.live(
    "refuses a folder a live process holds, naming it; takes over a dead one's lock; releases on close",
    () =>
      Effect.gen(function*() {
        const parent = mkdtempSync(join(tmpdir(), "pglite-lock-"))
        yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(parent, { recursive: true, force: true })))
        const dir = join(parent, "store")
        // A live holder: another process.
        const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" })
        yield* Effect.addFinalizer(() => Effect.sync(() => holder.kill()))
        writeFileSync(lockFileOf(dir), lockOf(holder.pid!))
        const refused = yield* Effect.exit(Layer.build(layerPglite({ dataDir: dir })))
        expect(Exit.isFailure(refused)).toBe(true)
        expect(JSON.stringify(refused)).toContain(`in use by process ${holder.pid}`)
        // The holder dies: its lock is stale and is taken over.
        holder.kill()
        yield* Effect.promise(() => new Promise((resolve) => holder.once("exit", resolve)))
        yield* Effect.scoped(Effect.gen(function*() {
          yield* Layer.build(layerPglite({ dataDir: dir }))
          expect(existsSync(lockFileOf(dir))).toBe(true)
        }))
        expect(existsSync(lockFileOf(dir))).toBe(false)
      }).pipe(Effect.scoped),
    60_000
  )
})
