/**
 * The embedded runtime: the service as an in-process library ({@link createEngine}), the store
 * choice and settings (re-exported from `@sports-data/wiring`), and operator key management.
 * @module
 */
export { Keys } from "@sports-data/app"
export { describeStore, Settings, type StoreChoice, storeChoice, storeLayer, type Stores } from "@sports-data/wiring"
export { createEngine, type Engine, type EngineOptions } from "./Engine.js"
