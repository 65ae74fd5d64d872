/**
 * Maps driver errors (SqlError, ParseError, failed migrations) to the domain's StoreError, so no
 * driver error leaves an adapter: a connection-type failure becomes StoreUnavailable (503,
 * retry after 5 s), anything else StoreFailure (500). `detail` is for logs only.
 * @module
 */
import type { SqlError } from "@effect/sql/SqlError"
import { type StoreError, StoreFailure, StoreUnavailable } from "@sports-data/domain"
import { Effect, type ParseResult } from "effect"

/** Seconds a client is told to wait when the store is unreachable. */
export const RETRY_AFTER_SECONDS = 5

/** Node socket error codes that mean the server could not be reached. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNABORTED"
])

/**
 * SQLSTATE codes of an unreachable or unavailable server (PostgreSQL Appendix A): class 08
 * (connection exception), 57P01-57P03 (shutdown, cannot connect now), 53300 (too many
 * connections).
 */
const isUnavailableSqlState = (code: string): boolean =>
  code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300"

const UNAVAILABLE_MESSAGE =
  /failed to acquire connection|failed to connect|connection (error|terminated|timed out|refused)|timeout exceeded when trying to connect|pglite is closed|client was closed|cannot use a pool after calling end/i

const messageOf = (u: unknown): string =>
  u instanceof Error ? u.message : typeof u === "string" ? u : u === undefined ? "" : String(u)

/** True when `error` (or any cause under it) says the database could not be reached. */
export const isConnectionError = (error: unknown): boolean => {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (typeof current === "object") {
      const code = (current as { code?: unknown }).code
      if (typeof code === "string" && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true
    }
    if (UNAVAILABLE_MESSAGE.test(messageOf(current))) return true
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined
  }
  return false
}

/** A short description of an error and its causes, for logs. Never includes bound parameters. */
export const describe = (error: unknown): string => {
  const parts: Array<string> = []
  let current: unknown = error
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    const code = typeof current === "object" ? (current as { code?: unknown }).code : undefined
    const message = messageOf(current)
    if (message !== "") parts.push(typeof code === "string" ? `${message} [${code}]` : message)
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined
  }
  return parts.join(": ")
}

/**
 * StoreUnavailable (retry after {@link RETRY_AFTER_SECONDS}) for `error` met while doing `what`;
 * the detail is `<what>: <describe(error)>`, for logs.
 */
export const unavailable = (what: string, error: unknown): StoreUnavailable =>
  new StoreUnavailable({ retry_after_seconds: RETRY_AFTER_SECONDS, detail: `${what}: ${describe(error)}` })

/** The StoreError for a driver error met during `operation` (for example "PlayerReader.find"). */
export const toStoreError = (operation: string, error: unknown): StoreError =>
  isConnectionError(error)
    ? unavailable(operation, error)
    : new StoreFailure({ operation, detail: describe(error) })

/**
 * Replaces SqlError and ParseError of `self` by the StoreError of {@link toStoreError}, in a
 * span named after the operation (`Service.method`).
 */
export const orStoreError =
  (operation: string) =>
  <A, R>(self: Effect.Effect<A, SqlError | ParseResult.ParseError, R>): Effect.Effect<A, StoreError, R> =>
    Effect.mapError(self, (error) => toStoreError(operation, error)).pipe(
      Effect.withSpan(operation, { captureStackTrace: false })
    )
