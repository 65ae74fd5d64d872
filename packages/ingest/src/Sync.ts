/**
 * `sources sync`: fetches the registry's datasets (domain SourceRegistry.ts) into the data directory.
 *
 * Each file is fetched from `<mirror>/<folder>/<file>` when a mirror is set (a static server over
 * another data directory), else from the publisher (`<rawBase>/<file>`) where the registry has one.
 * - Requests go through @effect/platform's HttpClient from the context (the runtime provides it,
 *   e.g. FetchHttpClient.layer; tests may provide another), without trace headers.
 * - Conditional GET: the ETag and Last-Modified of the last sync are sent (If-None-Match,
 *   If-Modified-Since); a 304 writes nothing (not the file, not the state).
 * - Retries: up to `attempts` tries on a truncated body, 429 or 5xx, waiting `Retry-After` when
 *   the server sends it, else 0.5 s x 2^n with up to 50 % jitter (Effect's Clock and Random).
 *   A host that cannot be reached at all (no such name, connection refused) is not tried again in
 *   the run: its files fail with the reason.
 * - At most two requests at a time per host (a semaphore per host); a User-Agent naming the service.
 * - The body is checked before it replaces anything: a CSV must keep the registry's columns and
 *   must not lose more than `maxShrink` of the rows of the file it replaces (unless `force`); JSON
 *   must parse. A rejected or failed file leaves the old one in place.
 * - Written atomically: a temporary file in the same folder, then rename.
 * The state of the last sync of each file (URL, validator, SHA-256, time) is kept in
 * `<dataDir>/.sources-sync.json`: it is what the next sync of this directory sends as its
 * conditional GET (the validators describe the bytes in this directory, so they are read from it,
 * not from a store another machine's sync wrote), and {@link dueFolders} decides from it which
 * datasets a cadence job checks next. When a SourceSyncStore is in the context (the cadence job,
 * `sources sync` on PostgreSQL), the same records, without the URL, are saved there in the same
 * step, so that every instance on the store shows them; {@link syncRecordsLayer} reads the
 * store's records, else the file's, for `/v1/meta/coverage`.
 * @module
 */
import type { HttpClientError } from "@effect/platform"
import * as HttpClient from "@effect/platform/HttpClient"
import {
  type DatasetSync,
  type FileSync,
  SourceRegistry,
  SourceSyncReader,
  SourceSyncStore,
  type StoreError,
  type SyncedFile,
  type SyncRecord
} from "@sports-data/domain"
import { Clock, Data, Effect, Layer, Option, Random, Stream } from "effect"
import { createHash } from "node:crypto"
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { gunzipSync } from "node:zlib"
import { retryAfterMs } from "./live/Http.js"

type Dataset = SourceRegistry.Dataset
type SourceFile = SourceRegistry.SourceFile

export type { SyncedFile } from "@sports-data/domain"

/** The User-Agent of every sync request, naming the service. */
export const USER_AGENT = "sports-data-sync/1 (+https://github.com/sports-data)"

/** The file under the data directory holding the state of the last sync of each file. */
export const SYNC_STATE_FILE = ".sources-sync.json"

/** The outcome of one file: fetched and written, unchanged (304 or the same bytes), rejected by the check, failed, or not fetchable. */
export interface FileOutcome {
  readonly folder: string
  readonly file: string
  readonly status: "written" | "unchanged" | "rejected" | "failed" | "manual"
  readonly reason?: string
  readonly bytes: number
  /** The HTTP status of the last answer to a failed file (absent when no server answered). */
  readonly http?: number
}

/** Options of {@link syncSources}. */
export interface SyncOptions {
  readonly dataDir: string
  /** `<mirror>/<folder>/<file>` for every dataset (SPORTS_DATA_MIRROR). */
  readonly mirror?: string | undefined
  /** Only these dataset folders (default all). */
  readonly folders?: ReadonlyArray<string> | undefined
  /** Accept a body that lost more than `maxShrink` of its rows. */
  readonly force?: boolean
  /** Largest share of rows a file may lose (default 0.2). */
  readonly maxShrink?: number
  /** Default {@link USER_AGENT}. */
  readonly userAgent?: string | undefined
  /** Tries per file (default 4). */
  readonly attempts?: number
  /** Called with the bytes received so far by all requests and the expected total where known. */
  readonly onBytes?: (received: number, expected: number) => void
}

/** The sync report: each file's outcome. */
export interface SyncReport {
  readonly files: ReadonlyArray<FileOutcome>
  /** The dataset folders with a file written. */
  readonly changed: ReadonlyArray<string>
}

/** Whether any server answered in `report` (a file fetched, unchanged, rejected, or failed with an HTTP status): false when no upstream could be reached. */
export const answered = (report: SyncReport): boolean =>
  report.files.some((f) =>
    f.status === "written" || f.status === "unchanged" || f.status === "rejected" || f.http !== undefined
  )

/** A failure of the sync as a whole (the state file, or the store's records, cannot be written). */
export class SyncError extends Data.TaggedError("SyncError")<{ readonly reason: string }> {}

/** A retryable failure of one request, with the wait the server asked for (ms). */
class Retryable extends Data.TaggedError("Retryable")<{
  readonly message: string
  readonly waitMs: number | null
  /** The HTTP status that asked for the retry (429, 5xx); null for a transport failure. */
  readonly http: number | null
}> {}

/** A host that cannot be reached at all (no such name, connection refused): not tried again in the run. */
class Unreachable extends Data.TaggedError("Unreachable")<{ readonly message: string }> {}

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex")

/** Reads the sync state of `dataDir` (empty when absent or unreadable). */
export const readSyncState = async (dataDir: string): Promise<Record<string, SyncedFile>> => {
  try {
    return JSON.parse(await readFile(join(dataDir, SYNC_STATE_FILE), "utf8")) as Record<string, SyncedFile>
  } catch {
    return {}
  }
}

/** Data rows of a CSV text (lines after the header, a trailing newline not counted). */
const rowCount = (text: string): number => {
  let n = 0
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++
  return text.endsWith("\n") ? n - 1 : n
}

/** The header columns of a CSV text (split on commas outside quotes). */
const headerOf = (text: string): ReadonlyArray<string> => {
  const first = text.slice(0, text.indexOf("\n") === -1 ? text.length : text.indexOf("\n")).replace(/\r$/, "")
  return (first.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).map((c) =>
    c.replace(/,$/, "").replace(/^"|"$/g, "").replace(/""/g, "\"").replace(/^\uFEFF/, "").trim()
  ).filter((c, i, all) => i < all.length - 1 || c !== "")
}

const textOf = (name: string, body: Uint8Array): string =>
  Buffer.from(name.endsWith(".gz") ? gunzipSync(body) : body).toString("utf8")

/**
 * Why `body` may not replace `old` as `file` (undefined when it may): a CSV missing a registry
 * column, or losing more than `maxShrink` of the old file's rows; JSON that does not parse.
 */
export const checkBody = (
  file: SourceFile,
  body: Uint8Array,
  old: Uint8Array | undefined,
  options: { readonly maxShrink: number; readonly force: boolean }
): string | undefined => {
  try {
    if (file.name.endsWith(".json")) {
      JSON.parse(Buffer.from(body).toString("utf8"))
      return undefined
    }
    if (!/\.csv(\.gz)?$/.test(file.name)) return undefined
    const text = textOf(file.name, body)
    const header = new Set(headerOf(text))
    const missing = (file.columns ?? []).filter((c) => !header.has(c))
    if (missing.length > 0) return `missing columns: ${missing.join(", ")}`
    if (old !== undefined && !options.force) {
      const before = rowCount(textOf(file.name, old))
      const after = rowCount(text)
      if (before > 0 && after < before * (1 - options.maxShrink)) {
        return `rows would shrink from ${before} to ${after} (more than ${
          Math.round(options.maxShrink * 100)
        } %; --force accepts)`
      }
    }
    return undefined
  } catch (e) {
    return `unreadable body: ${e instanceof Error ? e.message : String(e)}`
  }
}

/** Writes `body` to `path` atomically: a temporary file in the same folder, then rename. */
const writeAtomic = async (path: string, body: Uint8Array) => {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`
  try {
    await writeFile(tmp, body)
    await rename(tmp, path)
  } finally {
    await rm(tmp, { force: true })
  }
}

/** The URL of `file` of `dataset`: the mirror's, else the publisher's raw file; undefined when neither. */
export const fileUrl = (dataset: Dataset, file: string, mirror: string | undefined): string | undefined =>
  mirror !== undefined
    ? `${mirror.replace(/\/$/, "")}/${dataset.folder}/${file.split("/").map(encodeURIComponent).join("/")}`
    : dataset.rawBase !== undefined && dataset.manual === undefined
    ? `${dataset.rawBase}/${file}`
    : undefined

/** The error codes of a connection that could not be made at all. */
const UNREACHABLE_CODES = new Set(["ENOTFOUND", "ECONNREFUSED", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"])

/** The message of a transport failure with its causes, and whether the host could not be reached at all. */
const describeTransport = (
  error: HttpClientError.HttpClientError
): { readonly message: string; readonly down: boolean } => {
  const messages: Array<string> = []
  let down = false
  for (let e: unknown = error.cause; e instanceof Error && messages.length < 4; e = e.cause) {
    messages.push(e.message)
    const code = (e as { readonly code?: unknown }).code
    if (typeof code === "string" && UNREACHABLE_CODES.has(code)) down = true
  }
  return { message: messages.length === 0 ? error.message : messages.join(": "), down }
}

/** One exchange's result: 304, a body with its validators, or a final (not retried) failure. */
type Fetched =
  | { readonly status: 304 }
  | { readonly status: "error"; readonly reason: string; readonly http: number | null }
  | { readonly status: 200; readonly body: Buffer; readonly etag: string | null; readonly lastModified: string | null }

/**
 * Syncs the registry's datasets into `options.dataDir` (see the module comment) and records each
 * file's validator and hash. Never fails for one file (its outcome says why); fails with SyncError
 * only when the state file cannot be written.
 */
export const syncSources = (options: SyncOptions): Effect.Effect<SyncReport, SyncError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = HttpClient.withScope((yield* HttpClient.HttpClient).pipe(HttpClient.withTracerPropagation(false)))
    const state = yield* Effect.promise(() => readSyncState(options.dataDir))
    const attempts = options.attempts ?? 4
    const hosts = new Map<string, Effect.Semaphore>()
    const limited = (host: string) => {
      let semaphore = hosts.get(host)
      if (semaphore === undefined) {
        semaphore = Effect.unsafeMakeSemaphore(2)
        hosts.set(host, semaphore)
      }
      return semaphore.withPermits(1)
    }
    let received = 0
    let expected = 0
    let dirty = false
    const unreachable = new Map<string, string>()
    const selected = SourceRegistry.datasets.filter((d) =>
      options.folders === undefined || options.folders.includes(d.folder)
    )
    const jobs = selected.flatMap((d) => d.files.map((f) => ({ dataset: d, file: f })))

    /** One GET of `url` (see the module comment): 304, a whole body, a final failure, or a retryable one. */
    const exchange = (url: string, headers: Record<string, string>) =>
      Effect.gen(function*() {
        const res = yield* client.get(url, { headers }).pipe(
          Effect.mapError((e) => {
            const t = describeTransport(e)
            return t.down
              ? new Unreachable({ message: t.message })
              : new Retryable({ message: t.message, waitMs: null, http: null })
          })
        )
        if (res.status === 304) return { status: 304 } as const
        if (res.status === 429 || res.status >= 500) {
          const now = yield* Clock.currentTimeMillis
          return yield* new Retryable({
            message: `HTTP ${res.status}`,
            waitMs: retryAfterMs(res.headers["retry-after"], now),
            http: res.status
          })
        }
        if (res.status < 200 || res.status >= 300) {
          return { status: "error", reason: `HTTP ${res.status}`, http: res.status } as const
        }
        const length = Number(res.headers["content-length"] ?? NaN)
        if (Number.isFinite(length)) {
          expected += length
        }
        const chunks: Array<Uint8Array> = []
        let got = 0
        yield* Stream.runForEach(res.stream, (chunk) =>
          Effect.sync(() => {
            chunks.push(chunk)
            got += chunk.length
            received += chunk.length
            options.onBytes?.(received, expected)
          })).pipe(
            Effect.catchAll((e) =>
              new Retryable({
                message: `truncated body: ${got} bytes, then ${describeTransport(e).message}`,
                waitMs: null,
                http: res.status
              })
            )
          )
        if (Number.isFinite(length) && got !== length) {
          return yield* new Retryable({
            message: `truncated body: ${got} of ${length} bytes`,
            waitMs: null,
            http: res.status
          })
        }
        return {
          status: 200,
          body: Buffer.concat(chunks),
          etag: res.headers["etag"] ?? null,
          lastModified: res.headers["last-modified"] ?? null
        } as const
      }).pipe(Effect.scoped)

    /** {@link exchange} with the retries of the module comment. */
    const fetchWithRetries = (url: string, headers: Record<string, string>) => {
      const go = (attempt: number): Effect.Effect<Fetched, Unreachable | Retryable> =>
        exchange(url, headers).pipe(
          Effect.catchTag("Retryable", (e) =>
            attempt + 1 >= attempts ? Effect.fail(e) : Effect.gen(function*() {
              const wait = e.waitMs ?? 500 * 2 ** attempt * (1 + (yield* Random.next) * 0.5)
              yield* Effect.sleep(wait)
              return yield* go(attempt + 1)
            }))
        )
      return go(0)
    }

    const one = ({ dataset, file }: (typeof jobs)[number]): Effect.Effect<FileOutcome> =>
      Effect.gen(function*() {
        const base = { folder: dataset.folder, file: file.name }
        const url = fileUrl(dataset, file.name, options.mirror)
        if (url === undefined) {
          return {
            ...base,
            status: "manual",
            bytes: 0,
            reason: dataset.manual ?? "no upstream with this folder's layout; set SPORTS_DATA_MIRROR"
          } as const
        }
        // the whole file (old copy read, request and retries, check, write) holds one of its host's
        // two permits: at most two requests at a time per host, and at most two files per host in memory
        return yield* limited(new URL(url).host)(fileJob(dataset, file, url))
      })

    /** Syncs one fetchable file from `url` (see the module comment). */
    const fileJob = (dataset: Dataset, file: SourceFile, url: string): Effect.Effect<FileOutcome> =>
      Effect.gen(function*() {
        const base = { folder: dataset.folder, file: file.name }
        const host = new URL(url).host
        const down = unreachable.get(host)
        if (down !== undefined) return { ...base, status: "failed", reason: down, bytes: 0 } as const
        const key = `${dataset.folder}/${file.name}`
        const path = join(options.dataDir, dataset.folder, file.name)
        const old = yield* Effect.promise(() => readFile(path).catch(() => undefined))
        const prior = old === undefined ? undefined : state[key]
        const headers: Record<string, string> = {
          "user-agent": options.userAgent ?? USER_AGENT,
          "accept-encoding": "identity"
        }
        if (prior?.etag) headers["if-none-match"] = prior.etag
        if (prior?.last_modified) headers["if-modified-since"] = prior.last_modified
        const result = yield* fetchWithRetries(url, headers).pipe(
          Effect.catchTag("Unreachable", (e) => {
            unreachable.set(host, e.message)
            return Effect.succeed({ status: "error", reason: e.message, http: null } as const)
          }),
          Effect.catchTag(
            "Retryable",
            (e) => Effect.succeed({ status: "error", reason: e.message, http: e.http } as const)
          )
        )
        if (result.status === 304) {
          return { ...base, status: "unchanged", bytes: 0 } as const
        }
        if (result.status === "error") {
          return {
            ...base,
            status: "failed",
            reason: result.reason,
            bytes: 0,
            ...(result.http === null ? {} : { http: result.http })
          } as const
        }
        const hash = sha256(result.body)
        const entry: SyncedFile = {
          url,
          etag: result.etag,
          last_modified: result.lastModified,
          sha256: hash,
          synced_at: new Date(yield* Clock.currentTimeMillis).toISOString()
        }
        if (old !== undefined && sha256(old) === hash) {
          state[key] = entry
          dirty = true
          return { ...base, status: "unchanged", bytes: result.body.length } as const
        }
        const why = checkBody(file, result.body, old, {
          maxShrink: options.maxShrink ?? 0.2,
          force: options.force ?? false
        })
        if (why !== undefined) {
          return { ...base, status: "rejected", reason: why, bytes: result.body.length } as const
        }
        const written = yield* Effect.tryPromise(() => writeAtomic(path, result.body)).pipe(Effect.either)
        if (written._tag === "Left") {
          return {
            ...base,
            status: "failed",
            reason: `cannot write the file: ${String(written.left.cause)}`,
            bytes: 0
          } as const
        }
        state[key] = entry
        dirty = true
        return { ...base, status: "written", bytes: result.body.length } as const
      })

    const files = yield* Effect.forEach(jobs, one, { concurrency: "unbounded" })
    const changed = [...new Set(files.filter((f) => f.status === "written").map((f) => f.folder))]
    if (dirty) {
      yield* Effect.tryPromise({
        try: async () => {
          await mkdir(options.dataDir, { recursive: true })
          await writeAtomic(join(options.dataDir, SYNC_STATE_FILE), Buffer.from(JSON.stringify(state, null, 1)))
        },
        catch: (e) => new SyncError({ reason: e instanceof Error ? e.message : String(e) })
      })
      const store = yield* Effect.serviceOption(SourceSyncStore)
      if (Option.isSome(store)) {
        yield* store.value.save(
          Object.entries(state).flatMap(([key, r]) => {
            const record = recordOf(key, r)
            return record === undefined ? [] : [record]
          })
        ).pipe(
          Effect.mapError((e) => new SyncError({ reason: `cannot save the sync records in the store: ${e.message}` }))
        )
      }
    }
    return { files, changed }
  }).pipe(Effect.withSpan("Sources.sync"))

/** The URL-free record of the state file's entry `key` (`<folder>/<file>`); undefined for a key without a folder. */
const recordOf = (key: string, r: FileSync): SyncRecord | undefined => {
  const slash = key.indexOf("/")
  return slash <= 0 ? undefined : {
    folder: key.slice(0, slash),
    file: key.slice(slash + 1),
    etag: r.etag,
    last_modified: r.last_modified,
    sha256: r.sha256,
    synced_at: r.synced_at
  }
}

/**
 * `records` (a state file's content, or a store's records as `{ "<folder>/<file>": record }`) by
 * dataset folder, URL-free, each folder's files sorted by name with the folder's content hash
 * (domain ports/Sources.ts `DatasetSync`).
 */
export const recordsByFolder = (records: Readonly<Record<string, FileSync>>): ReadonlyMap<string, DatasetSync> => {
  const byFolder = new Map<string, Array<FileSync & { readonly file: string }>>()
  for (const [key, entry] of Object.entries(records)) {
    const r = recordOf(key, entry)
    if (r === undefined) continue
    const { folder, ...file } = r
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file])
  }
  return new Map(
    [...byFolder].map(([folder, files]) => {
      const sorted = files.sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0)
      const hash = createHash("sha256")
      for (const f of sorted) hash.update(`${f.file} ${f.sha256}\n`)
      return [folder, { sha256: hash.digest("hex"), files: sorted }] as const
    })
  )
}

/**
 * The sync records `/v1/meta/coverage` shows, read at each call (they are small): the store's
 * (the syncs of any instance on the store), and for each file the store holds no record of, the
 * record of the state file of `dataDir` (a sync run without the store, e.g. before it existed).
 */
export const syncRecords = (
  dataDir: string
): Effect.Effect<ReadonlyMap<string, DatasetSync>, StoreError, SourceSyncStore> =>
  Effect.gen(function*() {
    const merged: Record<string, FileSync> = { ...(yield* Effect.promise(() => readSyncState(dataDir))) }
    for (const r of yield* (yield* SourceSyncStore).all) merged[`${r.folder}/${r.file}`] = r
    return recordsByFolder(merged)
  })

/** The SourceSyncReader port of {@link syncRecords} over `dataDir` and the store of the layer's context. */
export const syncRecordsLayer = (dataDir: string): Layer.Layer<SourceSyncReader, never, SourceSyncStore> =>
  Layer.effect(
    SourceSyncReader,
    Effect.map(SourceSyncStore, (store) => ({
      records: Effect.provideService(syncRecords(dataDir), SourceSyncStore, store)
    }))
  )

/**
 * The dataset folders a cadence job should check at `now` (ms): those that can be fetched
 * (`fileUrl` gives a URL with `mirror`) and whose last check is at least their cadence ago
 * (`inSeasonHours` when `inSeason(folder)`, else `offSeasonHours`). The last check is
 * `checked.get(folder)` (kept by the job: a 304 records nothing in the state file), else the
 * newest download in `records`; a folder with neither is due at once.
 */
export const dueFolders = (options: {
  readonly records: ReadonlyMap<string, DatasetSync>
  readonly checked: ReadonlyMap<string, number>
  readonly mirror: string | undefined
  readonly now: number
  readonly inSeason: (folder: string) => boolean
}): ReadonlyArray<string> =>
  SourceRegistry.datasets.filter((d) => {
    if (d.files.length === 0 || fileUrl(d, d.files[0]!.name, options.mirror) === undefined) return false
    const downloads = options.records.get(d.folder)?.files.map((f) => Date.parse(f.synced_at)) ?? []
    const last = options.checked.get(d.folder) ?? (downloads.length === 0 ? undefined : Math.max(...downloads))
    const hours = options.inSeason(d.folder) ? d.cadence.inSeasonHours : d.cadence.offSeasonHours
    return last === undefined || options.now - last >= hours * 3_600_000
  }).map((d) => d.folder)
