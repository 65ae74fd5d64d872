/**
 * A dataset folder that is missing (a partial data directory, a source not synced yet) is not an
 * error: its files are simply not ingested. The operator is told once, not at every listing of
 * the folder (each sport lists a folder for several patterns, and every refresh pass again), and
 * told again if the folder goes missing after it was readable.
 */
import { describe, expect, it } from "@effect/vitest"
import { Rows } from "@sports-data/ingest"
import { Effect, Logger } from "effect"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** Runs `self` with a logger that keeps each message, and returns them. */
const logged = <A>(self: Effect.Effect<A>) =>
  Effect.gen(function*() {
    const lines: Array<string> = []
    const keep = Logger.make(({ message }) => lines.push(String(Array.isArray(message) ? message[0] : message)))
    yield* self.pipe(Effect.provide(Logger.replace(Logger.defaultLogger, keep)))
    return lines
  })

describe("listFiles", () => {
  it.effect("warns once of a missing folder, lists it once it appears, and warns again if it goes", () =>
    Effect.gen(function*() {
      const dir = join(mkdtempSync(join(tmpdir(), "list-files-")), "dataset")
      const list = (pattern: RegExp) => Rows.listFiles(dir, pattern)
      const missing = yield* logged(Effect.all([list(/^a\.csv$/), list(/^b\.csv$/), list(/^a\.csv$/)]))
      expect(missing).toEqual(["source folder not readable; its files are not ingested"])

      mkdirSync(dir)
      writeFileSync(join(dir, "a.csv"), "x\n1\n")
      expect(yield* list(/^a\.csv$/)).toEqual([join(dir, "a.csv")])

      rmSync(dir, { recursive: true })
      expect(yield* logged(Effect.all([list(/^a\.csv$/), list(/^a\.csv$/)]))).toEqual([
        "source folder not readable; its files are not ingested"
      ])
    }))
})
