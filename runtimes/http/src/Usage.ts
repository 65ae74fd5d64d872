/**
 * Usage analytics (calls and latency per key and endpoint), batched in memory and flushed to
 * `UsageStore.recordCalls` about every second (DESIGN.md, "Ports and adapters"). Flushing also
 * sets each key's `last_used_at` (`KeyStore.touch`), so admission itself writes nothing but the
 * atomic limit counters.
 *
 * Analytics are best effort: a flush that the store refuses is logged and its rows are dropped
 * (the limit counters, which are exact, are not affected). The last batch is flushed when the
 * layer's scope closes (graceful shutdown).
 * @module
 */
import { type EndpointCalls, KeyStore, UsageStore } from "@sports-data/domain"
import { Context, Duration, Effect, Layer } from "effect"

/** Records one admitted call. */
export interface UsageRecorderService {
  /**
   * Adds one call of `endpoint` (the path template, e.g. `/v1/nfl/players/{id}`) by the key with
   * hash `keyHash`, answered in `latencyMs` milliseconds, finished at `at`.
   */
  readonly record: (keyHash: string, endpoint: string, latencyMs: number, at: Date) => Effect.Effect<void>
  /** {@link UsageRecorderService.record} as a plain call (for the node front, FastPath.ts). */
  readonly recordNow: (keyHash: string, endpoint: string, latencyMs: number, at: Date) => void
  /** Writes the pending batch now (used at shutdown and by tests). */
  readonly flush: Effect.Effect<void>
}

/** The usage recorder of the running server (see {@link makeUsageRecorder}). */
export class UsageRecorder extends Context.Tag("@sports-data/http/UsageRecorder")<
  UsageRecorder,
  UsageRecorderService
>() {}

interface Pending {
  key_hash: string
  endpoint: string
  calls: number
  total_ms: number
  last_call: Date
}

/** The recorder, flushing every `flushEvery` (default 1 second) while its scope is open. */
export const makeUsageRecorder = (options?: { readonly flushEvery?: Duration.DurationInput | undefined }) =>
  Effect.gen(function*() {
    const usage = yield* UsageStore
    const keys = yield* KeyStore
    let pending = new Map<string, Pending>()

    const recordNow = (keyHash: string, endpoint: string, latencyMs: number, at: Date) => {
      const id = `${keyHash} ${endpoint}`
      const row = pending.get(id)
      if (row === undefined) {
        pending.set(id, { key_hash: keyHash, endpoint, calls: 1, total_ms: latencyMs, last_call: at })
      } else {
        row.calls += 1
        row.total_ms += latencyMs
        if (at.getTime() > row.last_call.getTime()) row.last_call = at
      }
    }
    const record = (keyHash: string, endpoint: string, latencyMs: number, at: Date) =>
      Effect.sync(() => recordNow(keyHash, endpoint, latencyMs, at))

    const flush = Effect.suspend(() => {
      if (pending.size === 0) return Effect.void
      const batch: ReadonlyArray<EndpointCalls> = [...pending.values()]
      pending = new Map()
      const lastUse = new Map<string, Date>()
      for (const row of batch) {
        const seen = lastUse.get(row.key_hash)
        if (seen === undefined || row.last_call.getTime() > seen.getTime()) lastUse.set(row.key_hash, row.last_call)
      }
      return usage.recordCalls(batch).pipe(
        Effect.zipRight(keys.touch([...lastUse])),
        Effect.catchAll((e) =>
          Effect.logWarning("usage analytics flush failed; batch dropped").pipe(
            Effect.annotateLogs({ rows: batch.length, error: e._tag })
          )
        )
      )
    }).pipe(Effect.withSpan("UsageRecorder.flush"))

    yield* flush.pipe(Effect.delay(options?.flushEvery ?? Duration.seconds(1)), Effect.forever, Effect.forkScoped)
    yield* Effect.addFinalizer(() => flush)
    return UsageRecorder.of({ record, recordNow, flush })
  })

/** {@link makeUsageRecorder} as a layer over the stores. */
export const UsageRecorderLive = (options?: { readonly flushEvery?: Duration.DurationInput | undefined }) =>
  Layer.scoped(UsageRecorder, makeUsageRecorder(options))
