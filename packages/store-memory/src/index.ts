/**
 * In-memory adapters of every storage port (KeyStore, UsageStore, SportsStore), exact and
 * atomic on `Ref`, for tests and for embedding without a database. State lives as long as the
 * layer: each build of {@link layer} starts empty.
 * @module
 */
import { KeyStore, SportsStore, UsageStore } from "@sports-data/domain"
import { Context, Effect, Layer } from "effect"
import { makeKeyStore } from "./KeyStore.js"
import { makeSportsStore } from "./SportsStore.js"
import { makeUsageStore } from "./UsageStore.js"

export { canonicalJson, sameJson } from "./Json.js"
export { makeKeyStore } from "./KeyStore.js"
export { makeSportsStore } from "./SportsStore.js"
export { makeUsageStore } from "./UsageStore.js"

/** Makes the three stores, empty, as a Context. */
export const make: Effect.Effect<Context.Context<KeyStore | UsageStore | SportsStore>> = Effect.gen(function*() {
  const keys = yield* makeKeyStore
  const usage = yield* makeUsageStore
  const sports = yield* makeSportsStore
  return Context.make(KeyStore, keys).pipe(Context.add(UsageStore, usage), Context.add(SportsStore, sports))
})

/** Every storage port in memory; fresh, empty state each time the layer is built. */
export const layer: Layer.Layer<KeyStore | UsageStore | SportsStore> = Layer.effectContext(make)
