/**
 * The shared CSV reader on a file larger than one read block (64 KiB), so rows, quoted line
 * breaks and malformed rows fall across block boundaries: every row once, in order, with the
 * line where it ends, and progress reported as the rows are read.
 */
import { describe, expect, it } from "@effect/vitest"
import { Progress, Rows } from "@sports-data/ingest"
import { Effect, Either, Layer } from "effect"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** Rows 1..n (line n + 1); every 1,000th has a quoted field with a line break, so later lines shift. */
const writeBigCsv = (file: string, n: number, badAt: number) => {
  const lines = ["id,name,points"]
  for (let i = 1; i <= n; i++) {
    if (i === badAt) lines.push(`${i},only two`)
    else if (i % 1000 === 0) lines.push(`${i},"two\nlines",${i % 7}`)
    else lines.push(`${i},player ${i} with a longer name to fill the blocks,${i % 7}`)
  }
  writeFileSync(file, lines.join("\n") + "\n")
}

const tempFile = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "csv-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
).pipe(Effect.map((dir) => join(dir, "big.csv")))

describe("readRows over several read blocks", () => {
  it.scoped("keeps every row once, in order, with its line; reports the malformed one and progress", () =>
    Effect.gen(function*() {
      const file = yield* tempFile
      const n = 12_000
      writeBigCsv(file, n, 11_500)
      const progress: Array<number> = []
      const reporter = Layer.succeed(Progress.ProgressReporter, {
        fileStarted: () => Effect.void,
        fileProgress: (_file, _bytes, rows) => Effect.sync(() => void progress.push(rows)),
        fileFinished: () => Effect.void
      })
      const result = yield* Rows.readRows(
        file,
        (row) => Either.right({ id: Number(row.fields["id"]), line: row.line, name: row.fields["name"] })
      ).pipe(Effect.provide(reporter))
      expect(result.read).toBe(n)
      expect(result.rows).toHaveLength(n - 1)
      expect(result.rows.map((r) => r.id)).toEqual(
        Array.from({ length: n }, (_, i) => i + 1).filter((i) => i !== 11_500)
      )
      // row i ends on line i + 1 plus one line per earlier (or its own) quoted line break
      for (const r of result.rows) expect(r.line).toBe(r.id + 1 + Math.floor(r.id / 1000))
      expect(result.rows.find((r) => r.id === 3000)?.name).toBe("two\nlines")
      expect(result.skipped).toEqual([{ file, line: 11_500 + 1 + 11, reason: "expected 3 fields, found 2" }])
      // one event each time the count passes 5,000 and 10,000, with the rows read so far
      expect(progress).toHaveLength(2)
      expect(progress[0]).toBeGreaterThanOrEqual(5000)
      expect(progress[0]).toBeLessThan(10_000)
      expect(progress[1]).toBeGreaterThanOrEqual(10_000)
    }))

  it.scoped("a file mixing CRLF and LF line endings gives one row per line", () =>
    Effect.gen(function*() {
      const file = yield* tempFile
      writeFileSync(file, "id,name\r\n1,Ovechkin\r\n2,Crosby\n3,McDavid\r\n4,\"Two\nLines\"\n")
      const result = yield* Rows.readRows(file, (row) => Either.right({ ...row.fields, line: row.line })).pipe(
        Effect.provide(Progress.silent)
      )
      expect(result.rows).toEqual([
        { id: "1", name: "Ovechkin", line: 2 },
        { id: "2", name: "Crosby", line: 3 },
        { id: "3", name: "McDavid", line: 4 },
        { id: "4", name: "Two\nLines", line: 6 }
      ])
      expect(result.skipped).toEqual([])
    }))

  it.scoped("reads quoted fields as csv-parse did with relax_quotes: escaped quotes, stray quotes kept as data", () =>
    Effect.gen(function*() {
      const file = yield* tempFile
      writeFileSync(
        file,
        "\uFEFFid,name,note\n1,\"O\"\"Neil, Shaq\",\"\"\n\n2,Dwayne \"The Rock\" J,\"x\"y\n3,\"a\rb\",c\r\n4,\"end\""
      )
      const result = yield* Rows.readRows(file, (row) => Either.right({ ...row.fields, line: row.line })).pipe(
        Effect.provide(Progress.silent)
      )
      expect(result.rows).toEqual([
        { id: "1", name: "O\"Neil, Shaq", note: "", line: 2 },
        { id: "2", name: "Dwayne \"The Rock\" J", note: "\"x\"y", line: 4 },
        { id: "3", name: "a\rb", note: "c", line: 6 }
      ])
      expect(result.skipped).toEqual([{ file, line: 7, reason: "expected 3 fields, found 2" }])
    }))
})
