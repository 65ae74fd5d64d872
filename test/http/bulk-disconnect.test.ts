/**
 * A bulk export whose client disconnects stops reading the store: the server runs on a memory
 * store whose ExportReader answers a first full page, then holds the second page's query open
 * until it is interrupted. The client reads the first bytes and closes the socket; the held
 * query must then be interrupted (not left running, and no page after it asked for).
 */
import { expect, it } from "@effect/vitest"
import { ExportReader, type ExportReaderService } from "@sports-data/domain"
import * as MemoryStore from "@sports-data/store-memory"
import { Context, Deferred, Effect, Layer, Ref } from "effect"
import { request as httpRequest } from "node:http"
import { Harness } from "./harness.js"

it.live("a client that disconnects interrupts the export's store query", () =>
  Effect.gen(function*() {
    const interrupted = yield* Deferred.make<void>()
    const calls = yield* Ref.make(0)
    const reader: ExportReaderService = {
      page: (_kind, sport, after, limit) =>
        Effect.gen(function*() {
          const n = yield* Ref.updateAndGet(calls, (c) => c + 1)
          if (after === null) {
            const rows = Array.from({ length: limit }, (_, i) => ({ sport, abbr: `T${i}`, name: `Team ${i}` }))
            return { rows: rows as never, next: "T" }
          }
          if (n === 2) return yield* Effect.never.pipe(Effect.onInterrupt(() => Deferred.succeed(interrupted, void 0)))
          return { rows: [], next: null }
        })
    }
    const stores = Layer.effectContext(
      Effect.map(MemoryStore.make, (ctx) => Context.add(ctx, ExportReader, reader))
    )
    yield* Effect.gen(function*() {
      const h = yield* Harness
      const firstBytes = yield* Effect.async<number>((resume) => {
        const req = httpRequest(`${h.baseUrl}/v1/bulk/export?sport=nfl&include=teams`, {
          headers: { "x-service-key": h.keys.syndicate_alpha }
        }, (res) => {
          res.once("data", (chunk: Buffer) => {
            req.destroy()
            resume(Effect.succeed(chunk.length))
          })
        })
        req.on("error", () => undefined)
        req.end()
      })
      expect(firstBytes).toBeGreaterThan(0)
      // the held second-page query is interrupted once the socket closes (the guard only bounds a hang)
      const outcome = yield* Deferred.await(interrupted).pipe(Effect.timeout("20 seconds"), Effect.either)
      expect(outcome._tag, "the store query was not interrupted").toBe("Right")
      expect(yield* Ref.get(calls)).toBe(2)
    }).pipe(Effect.provide(Harness.layer({ seed: false, stores })))
  }), 60_000)
