/**
 * Headers a handler sets on its answer that belong to the answer itself (a games list's
 * Cache-Control), not to the caller (the rate-limit headers admission adds): set with
 * {@link setAnswerHeader}, they are added to the response as it is sent (a pre-response handler)
 * and also noted in {@link answerHeaders}, which the body cache (BodyCache.ts) reads after the
 * handler ran to keep them with the body, so that a hit carries the very headers of the miss.
 * @module
 */
import { HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect, FiberRef } from "effect"

/** The answer headers set so far by the request's handler (lower-case names), empty at first. */
export const answerHeaders: FiberRef.FiberRef<Readonly<Record<string, string>>> = FiberRef.unsafeMake<
  Readonly<Record<string, string>>
>({})

/**
 * Sets header `name` (lower case) to `value` on the answer of the current request, for the
 * response sent now and for a body cache entry made from it.
 */
export const setAnswerHeader = (name: string, value: string): Effect.Effect<void> =>
  Effect.zipRight(
    FiberRef.update(answerHeaders, (h) => ({ ...h, [name]: value })),
    HttpApp.appendPreResponseHandler((_req, r) => Effect.succeed(HttpServerResponse.setHeader(r, name, value)))
  )
