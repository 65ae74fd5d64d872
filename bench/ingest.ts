/**
 * Ingestion throughput into PostgreSQL against PostgreSQL's own COPY of the same CSV rows, in
 * the same run.
 *
 * 1. Creates a fresh database on the server (default postgres://postgres@127.0.0.1:5432, or
 *    BENCH_DATABASE_URL / TEST_DATABASE_URL; the database part of the url is replaced), builds the
 *    SQL store on it (migrations, not timed) and times `runIngest` of nfl, nba and mlb from
 *    SPORTS_DATA_DIR (default ../shared/data): rows/s = source CSV data rows / seconds.
 * 2. In the same database, creates one scratch table of text columns per file the ingestion read
 *    and times `COPY ... FROM '<file>' (FORMAT csv, HEADER true)` of all of them (server-side
 *    COPY: the server reads the files, which is its fastest path). A file whose lines do not all
 *    have the header's field count cannot go into typed-width columns; it is copied one line per
 *    row into a single text column instead (and named in the output).
 * 3. Prints both rates and their ratio, then drops the database.
 *
 * The ingest time is also split into phases: reading and parsing the files (between each file's
 * `fileStarted` and `fileFinished` progress events), writing (time inside the writer's upsert
 * calls, signals included; the odds and DFS writers are not timed), reading the store (time inside
 * the stat line, game and player readers: the metrics and anomaly jobs' stat lines, the games odds
 * are matched to, the players DFS salaries are linked to) and the rest (joining, scoring, building
 * canonical rows, the metrics and anomaly computations, the odds and DFS writes). The SportsWriter's own rate
 * (rows per second of writing) is printed against the COPY rate too, with the bound a writer
 * costing nothing would put on the ingest/COPY ratio.
 *
 * Run: `npx tsx bench/ingest.ts`.
 * @module
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as SqlClient from "@effect/sql/SqlClient"
import {
  GameReader,
  PlayerReader,
  SportsWriter,
  type SportsWriterService,
  StatLineReader,
  type TeamSport
} from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { layerPostgres } from "@sports-data/store-sql"
import { parse } from "csv-parse/sync"
import { Context, Effect, Layer, Logger, LogLevel, Redacted } from "effect"
import { closeSync, existsSync, openSync, readSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const dataDir = resolve(process.env["SPORTS_DATA_DIR"] ?? resolve(root, "../shared/data"))
const serverUrl = process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ??
  "postgres://postgres@127.0.0.1:5432/postgres"
const sports: ReadonlyArray<TeamSport> = ["nfl", "nba", "mlb"]

/** `url` with its database name replaced by `db`. */
const withDatabase = (url: string, db: string): string => {
  const u = new URL(url)
  u.pathname = `/${db}`
  return u.toString()
}

/** The header fields of a CSV file (first 64 KiB are plenty for a header line). */
const headerOf = (file: string): ReadonlyArray<string> => {
  const fd = openSync(file, "r")
  try {
    const buf = Buffer.alloc(65536)
    const n = readSync(fd, buf, 0, buf.length, 0)
    const text = buf.subarray(0, n).toString("utf8").replace(/^\uFEFF/, "")
    const first = text.split(/\r?\n/, 1)[0] ?? ""
    return (parse(first, { relax_quotes: true }) as Array<Array<string>>)[0] ?? []
  } finally {
    closeSync(fd)
  }
}

/** Seconds spent in each timed phase of the ingestion (and the rows the timed writes wrote). */
const phases = { read: 0, write: 0, written: 0, storeRead: 0 }

/** A progress reporter that adds each file's time from start to finish to `phases.read`. */
const timedProgress = Layer.sync(Progress.ProgressReporter, () => {
  const started = new Map<string, number>()
  return {
    fileStarted: (file) => Effect.sync(() => void started.set(file, performance.now())),
    fileProgress: () => Effect.void,
    fileFinished: (file) =>
      Effect.sync(() => {
        phases.read += (performance.now() - (started.get(file) ?? performance.now())) / 1000
      })
  }
})

/**
 * The writer below with each upsert's time added to `phases.write` and its rows to `phases.written`
 * (SportsWriter only: the odds and DFS writers are not timed, so their writes count as join+score).
 */
const timedWriter = Layer.effect(
  SportsWriter,
  Effect.map(SportsWriter, (writer): SportsWriterService => {
    const timed = <A, B, E>(f: (rows: ReadonlyArray<A>) => Effect.Effect<B, E>) => (rows: ReadonlyArray<A>) =>
      Effect.suspend(() => {
        const start = performance.now()
        phases.written += rows.length
        return Effect.ensuring(f(rows), Effect.sync(() => void (phases.write += (performance.now() - start) / 1000)))
      })
    return {
      ...writer,
      upsertPlayers: timed(writer.upsertPlayers),
      upsertTeams: timed(writer.upsertTeams),
      upsertGames: timed(writer.upsertGames),
      upsertStatLines: timed(writer.upsertStatLines),
      upsertInjuries: timed(writer.upsertInjuries),
      upsertDepthCharts: timed(writer.upsertDepthCharts),
      upsertRankings: timed(writer.upsertRankings),
      upsertEvents: timed(writer.upsertEvents),
      upsertEventEntries: timed(writer.upsertEventEntries),
      upsertAthletes: timed(writer.upsertAthletes),
      upsertAthleteRankings: timed(writer.upsertAthleteRankings),
      upsertSignals: timed(writer.upsertSignals)
    }
  })
)

/** `f` with its time added to `phases.storeRead`. */
const timedRead =
  <Args extends ReadonlyArray<unknown>, B, E>(f: (...args: Args) => Effect.Effect<B, E>) => (...args: Args) =>
    Effect.suspend(() => {
      const start = performance.now()
      return Effect.ensuring(
        f(...args),
        Effect.sync(() => void (phases.storeRead += (performance.now() - start) / 1000))
      )
    })

/**
 * The readers the ingestion reads the store through (the stat lines of the metrics and anomaly
 * jobs, the games odds are matched to, the players DFS salaries are linked to), each call's time
 * added to `phases.storeRead`.
 */
const timedReaders = Layer.mergeAll(
  Layer.effect(StatLineReader, Effect.map(StatLineReader, (r) => ({ ...r, find: timedRead(r.find) }))),
  Layer.effect(GameReader, Effect.map(GameReader, (r) => ({ ...r, find: timedRead(r.find) }))),
  Layer.effect(
    PlayerReader,
    Effect.map(PlayerReader, (r) => ({ ...r, find: timedRead(r.find), get: timedRead(r.get) }))
  )
)

const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`

/** Admin connection to the server's maintenance database, for CREATE/DROP DATABASE. */
const admin = PgClient.layer({ url: Redacted.make(serverUrl) })

const time = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const start = performance.now()
    const value = yield* self
    return { value, seconds: (performance.now() - start) / 1000 }
  })

const copyAll = (files: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql.unsafe("CREATE SCHEMA bench_copy")
    const tables = files.map((file, i) => ({ file, table: `bench_copy.f${i}`, columns: headerOf(file).length }))
    for (const t of tables) {
      const cols = Array.from({ length: t.columns }, (_, j) => `c${j} text`).join(", ")
      yield* sql.unsafe(`CREATE UNLOGGED TABLE ${t.table} (${cols})`)
      yield* sql.unsafe(`CREATE UNLOGGED TABLE ${t.table}_lines (line text)`)
    }
    const fallbacks: Array<string> = []
    const timed = yield* time(Effect.forEach(tables, (t) =>
      sql.unsafe(`COPY ${t.table} FROM ${quoteLiteral(t.file)} WITH (FORMAT csv, HEADER true)`).pipe(
        Effect.catchAll(() => {
          fallbacks.push(t.file)
          // one line per row: a delimiter and a quote that never occur in the data
          return sql.unsafe(
            `COPY ${t.table}_lines FROM ${
              quoteLiteral(t.file)
            } WITH (FORMAT csv, HEADER true, DELIMITER E'\\x1f', QUOTE E'\\x1e')`
          )
        })
      )))
    const counts = yield* Effect.forEach(tables, (t) =>
      sql.unsafe<{ n: string }>(
        `SELECT (SELECT count(*) FROM ${t.table}) + (SELECT count(*) FROM ${t.table}_lines) AS n`
      ).pipe(Effect.map((rows) =>
        Number(rows[0]?.n ?? 0)
      )))
    return { rows: counts.reduce((a, b) => a + b, 0), seconds: timed.seconds, fallbacks }
  })

const main = Effect.gen(function*() {
  if (!existsSync(dataDir)) {
    console.log(`bench/ingest: no data directory at ${dataDir}; set SPORTS_DATA_DIR`)
    return
  }
  const db = `bench_ingest_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`
  const adminSql = Context.get(yield* Layer.build(admin), SqlClient.SqlClient)
  yield* adminSql.unsafe(`CREATE DATABASE ${db}`)
  yield* Effect.addFinalizer(() =>
    adminSql.unsafe(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).pipe(Effect.orDie, Effect.asVoid)
  )
  const url = withDatabase(serverUrl, db)

  const run = Effect.gen(function*() {
    const files = (yield* Effect.forEach(sports, (s) => Runner.sourceFiles(dataDir, s))).flat()
    const ingest = yield* time(Runner.runIngest({ sports, dataDir }))
    const written = ingest.value.reduce(
      (acc, r) => acc + Object.values(r.counts).reduce((a, c) => a + c.inserted + c.updated + c.unchanged, 0),
      0
    )
    const rest = ingest.seconds - phases.read - phases.write - phases.storeRead
    const phaseLine = `  phases: read+parse ${phases.read.toFixed(2)} s, write ${phases.write.toFixed(2)} s, ` +
      `store reads ${phases.storeRead.toFixed(2)} s, join+score (with the odds and DFS writes) ${rest.toFixed(2)} s`
    const copy = yield* copyAll(files)
    const ingestRate = copy.rows / ingest.seconds
    const copyRate = copy.rows / copy.seconds
    console.log(`data: ${dataDir} (${files.length} files, ${copy.rows.toLocaleString("en-US")} CSV data rows)`)
    console.log(
      `ingest ${sports.join("+")} into PostgreSQL: ${ingest.seconds.toFixed(2)} s, ` +
        `${Math.round(ingestRate).toLocaleString("en-US")} source rows/s ` +
        `(${written.toLocaleString("en-US")} canonical rows written)`
    )
    console.log(phaseLine)
    console.log(
      `PostgreSQL COPY of the same rows into text columns: ${copy.seconds.toFixed(2)} s, ` +
        `${Math.round(copyRate).toLocaleString("en-US")} rows/s`
    )
    if (copy.fallbacks.length > 0) {
      console.log(
        `  (copied line by line, ragged field counts: ${
          copy.fallbacks.map((f) => f.slice(dataDir.length + 1)).join(", ")
        })`
      )
    }
    console.log(
      `ratio ingest/COPY: ${(ingestRate / copyRate).toFixed(3)} (COPY is ${(copyRate / ingestRate).toFixed(1)}x faster)`
    )
    // the writer alone: rows per second inside the SportsWriter upsert calls, against the same COPY rate
    const writeRate = phases.written / phases.write
    console.log(
      `SportsWriter alone: ${Math.round(writeRate).toLocaleString("en-US")} rows/s, ` +
        `ratio to COPY's rows/s ${(writeRate / copyRate).toFixed(3)}; ` +
        `a free writer would bound ingest/COPY at ${
          (copy.rows / (ingest.seconds - phases.write) / copyRate).toFixed(3)
        }`
    )
  })
  const store = layerPostgres({ url })
  yield* run.pipe(
    Effect.provide(Layer.mergeAll(Layer.provideMerge(Layer.merge(timedWriter, timedReaders), store), timedProgress)),
    Effect.scoped
  )
})

main.pipe(
  Effect.scoped,
  Logger.withMinimumLogLevel(LogLevel.Warning),
  Effect.catchAllCause((cause) =>
    Effect.sync(() => {
      console.error("bench/ingest failed:", cause.toString())
      process.exitCode = 1
    })
  ),
  Effect.runPromise
)
