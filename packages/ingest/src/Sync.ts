/**
 * `sources sync`: fetches the registry's datasets (SourceRegistry.ts) into the data directory.
 *
 * Each file is fetched from `<mirror>/<folder>/<file>` when a mirror is set (a static server over
 * another data directory), else from the publisher (`<rawBase>/<file>`) where the registry has one.
 * - Conditional GET: the ETag and Last-Modified of the last sync are sent (If-None-Match,
 *   If-Modified-Since); a 304 writes nothing (not the file, not the state).
 * - Retries: up to `attempts` tries on a network error, a truncated body, 429 or 5xx, waiting
 *   `Retry-After` when the server sends it, else 0.5 s x 2^n with up to 50 % jitter.
 * - At most two requests at a time per host; a User-Agent naming the service.
 * - The body is checked before it replaces anything: a CSV must keep the registry's columns and
 *   must not lose more than `maxShrink` of the rows of the file it replaces (unless `force`); JSON
 *   must parse. A rejected or failed file leaves the old one in place.
 * - Written atomically: a temporary file in the same folder, then rename.
 * The state of the last sync of each file (URL, validator, SHA-256, time) is kept in
 * `<dataDir>/.sources-sync.json`.
 * @module
 */
import { Data, Effect } from "effect"
import { createHash } from "node:crypto"
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { gunzipSync } from "node:zlib"
import { retryAfterMs } from "./live/Http.js"
import { type Dataset, datasets, type SourceFile } from "./SourceRegistry.js"

/** The file under the data directory holding the state of the last sync of each file. */
export const SYNC_STATE_FILE = ".sources-sync.json"

/** What is known of a file's last sync. */
export interface SyncedFile {
  readonly url: string
  readonly etag: string | null
  readonly last_modified: string | null
  /** SHA-256 of the stored file, hex. */
  readonly sha256: string
  /** ISO-8601 time of the last successful check (200 or 304). */
  readonly synced_at: string
}

/** The outcome of one file: fetched and written, unchanged (304 or the same bytes), rejected by the check, failed, or not fetchable. */
export interface FileOutcome {
  readonly folder: string
  readonly file: string
  readonly status: "written" | "unchanged" | "rejected" | "failed" | "manual"
  readonly reason?: string
  readonly bytes: number
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
  readonly userAgent: string
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

/** A failure of the sync as a whole (the state file cannot be written). */
export class SyncError extends Data.TaggedError("SyncError")<{ readonly reason: string }> {}

/** A retryable failure of one request, with the wait the server asked for (ms). */
class Retryable extends Error {
  constructor(message: string, readonly waitMs?: number) {
    super(message)
  }
}

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex")

/** Reads the sync state of `dataDir` (empty when absent or unreadable). */
export const readSyncState = async (dataDir: string): Promise<Record<string, SyncedFile>> => {
  try {
    return JSON.parse(await readFile(join(dataDir, SYNC_STATE_FILE), "utf8")) as Record<string, SyncedFile>
  } catch {
    return {}
  }
}

/** A counting semaphore per host: at most `n` requests at a time to one host. */
const hostLimiter = (n: number) => {
  const active = new Map<string, number>()
  const waiting = new Map<string, Array<() => void>>()
  return async <A>(host: string, f: () => Promise<A>): Promise<A> => {
    if ((active.get(host) ?? 0) >= n) {
      await new Promise<void>((resolve) => waiting.set(host, [...(waiting.get(host) ?? []), resolve]))
    } else active.set(host, (active.get(host) ?? 0) + 1)
    try {
      return await f()
    } finally {
      const next = waiting.get(host)?.shift()
      if (next !== undefined) next()
      else active.set(host, (active.get(host) ?? 1) - 1)
    }
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Syncs the registry's datasets into `options.dataDir` (see the module comment) and records each
 * file's validator and hash. Never fails for one file (its outcome says why); fails with SyncError
 * only when the state file cannot be written.
 */
export const syncSources = (options: SyncOptions): Effect.Effect<SyncReport, SyncError> =>
  Effect.tryPromise({
    try: async () => {
      const state = await readSyncState(options.dataDir)
      const limit = hostLimiter(2)
      const attempts = options.attempts ?? 4
      let received = 0
      let dirty = false
      /** Hosts that could not be reached at all (no such name, connection refused): not tried again in this run. */
      const unreachable = new Map<string, string>()
      let expected = 0
      const selected = datasets.filter((d) => options.folders === undefined || options.folders.includes(d.folder))
      const jobs = selected.flatMap((d) => d.files.map((f) => ({ dataset: d, file: f })))
      const one = async ({ dataset, file }: (typeof jobs)[number]): Promise<FileOutcome> => {
        const base = { folder: dataset.folder, file: file.name }
        const url = fileUrl(dataset, file.name, options.mirror)
        if (url === undefined) {
          return {
            ...base,
            status: "manual",
            bytes: 0,
            reason: dataset.manual ?? "no upstream with this folder's layout; set SPORTS_DATA_MIRROR"
          }
        }
        const key = `${dataset.folder}/${file.name}`
        const path = join(options.dataDir, dataset.folder, file.name)
        const old = await readFile(path).catch(() => undefined)
        const prior = old === undefined ? undefined : state[key]
        const headers: Record<string, string> = { "user-agent": options.userAgent, "accept-encoding": "identity" }
        if (prior?.etag) headers["if-none-match"] = prior.etag
        if (prior?.last_modified) headers["if-modified-since"] = prior.last_modified
        const host = new URL(url).host
        const down = unreachable.get(host)
        if (down !== undefined) return { ...base, status: "failed", reason: down, bytes: 0 }
        let lastError = ""
        for (let attempt = 0; attempt < attempts; attempt++) {
          try {
            const result = await limit(host, async () => {
              const res = await fetch(url, { headers })
              if (res.status === 304) return { status: 304 as const }
              if (res.status === 429 || res.status >= 500) {
                await res.body?.cancel()
                throw new Retryable(
                  `HTTP ${res.status}`,
                  retryAfterMs(res.headers.get("retry-after") ?? undefined, Date.now()) ?? undefined
                )
              }
              if (!res.ok) {
                await res.body?.cancel()
                return { status: "error" as const, reason: `HTTP ${res.status}` }
              }
              const length = Number(res.headers.get("content-length") ?? NaN)
              if (Number.isFinite(length)) expected += length
              const chunks: Array<Uint8Array> = []
              let got = 0
              try {
                for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
                  chunks.push(chunk)
                  got += chunk.length
                  received += chunk.length
                  options.onBytes?.(received, expected)
                }
              } catch (e) {
                throw new Retryable(`truncated body: ${got} bytes, then ${e instanceof Error ? e.message : String(e)}`)
              }
              if (Number.isFinite(length) && got !== length) {
                throw new Retryable(`truncated body: ${got} of ${length} bytes`)
              }
              return {
                status: 200 as const,
                body: Buffer.concat(chunks),
                etag: res.headers.get("etag"),
                lastModified: res.headers.get("last-modified")
              }
            })
            const now = new Date().toISOString()
            if (result.status === 304) {
              return { ...base, status: "unchanged", bytes: 0 }
            }
            if (result.status === "error") return { ...base, status: "failed", reason: result.reason, bytes: 0 }
            const hash = sha256(result.body)
            const entry: SyncedFile = {
              url,
              etag: result.etag,
              last_modified: result.lastModified,
              sha256: hash,
              synced_at: now
            }
            if (old !== undefined && sha256(old) === hash) {
              state[key] = entry
              dirty = true
              return { ...base, status: "unchanged", bytes: result.body.length }
            }
            const why = checkBody(file, result.body, old, {
              maxShrink: options.maxShrink ?? 0.2,
              force: options.force ?? false
            })
            if (why !== undefined) return { ...base, status: "rejected", reason: why, bytes: result.body.length }
            await writeAtomic(path, result.body)
            state[key] = entry
            dirty = true
            return { ...base, status: "written", bytes: result.body.length }
          } catch (e) {
            lastError = e instanceof Error
              ? `${e.message}${e.cause instanceof Error ? ` (${e.cause.message})` : ""}`
              : String(e)
            const code = e instanceof Error && e.cause instanceof Error
              ? (e.cause as { code?: unknown }).code
              : undefined
            if (code === "ENOTFOUND" || code === "ECONNREFUSED" || code === "EAI_AGAIN") {
              unreachable.set(host, lastError)
              break
            }
            if (attempt + 1 < attempts) {
              const wait = e instanceof Retryable && e.waitMs !== undefined
                ? e.waitMs
                : 500 * 2 ** attempt * (1 + Math.random() * 0.5)
              await sleep(wait)
            }
          }
        }
        return { ...base, status: "failed", reason: lastError, bytes: 0 }
      }
      const files = await Promise.all(jobs.map(one))
      const changed = [...new Set(files.filter((f) => f.status === "written").map((f) => f.folder))]
      if (dirty) {
        await mkdir(options.dataDir, { recursive: true })
        await writeAtomic(join(options.dataDir, SYNC_STATE_FILE), Buffer.from(JSON.stringify(state, null, 1)))
      }
      return { files, changed }
    },
    catch: (e) => new SyncError({ reason: e instanceof Error ? e.message : String(e) })
  }).pipe(Effect.withSpan("Sources.sync"))
