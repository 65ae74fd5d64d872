/**
 * The embedded runtime: the service as an in-process library ({@link createEngine}), the store
 * choice and settings shared with the CLI, and operator key management.
 * @module
 */
export { createEngine, type Engine, type EngineOptions } from "./Engine.js"
export * as Keys from "./Keys.js"
export * as Settings from "./Settings.js"
export { describeStore, type StoreChoice, storeChoice, storeLayer, type Stores } from "./Store.js"
