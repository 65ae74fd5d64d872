/**
 * JSON-RPC 2.0 as the Model Context Protocol uses it, pure: the protocol revisions served, how a
 * revision is negotiated, how a POST body is classified into messages, and the error objects.
 *
 * - Revisions: 2024-11-05, 2025-03-26 and 2025-06-18 (decisions.md, "Delivery"). `initialize`
 *   echoes the client's revision when it is one of them, else answers the newest.
 * - A body is one message or (2024-11-05 and 2025-03-26 batching, accepted on every revision) a
 *   non-empty array of them. A message with `method` and an `id` (string or number) is a request;
 *   with `method` and no `id` a notification; with `result` or `error` and an `id` a response (the
 *   server sends no requests, so responses are accepted and ignored like notifications).
 * - Error codes: -32700 parse error, -32600 invalid request, -32601 method not found, -32602
 *   invalid params (an unknown tool, with `data.available`), -32603 internal error; and, in the
 *   server range, admission refusals of a tools/call with `data` = the standard error object
 *   (see {@link ADMISSION_CODES}).
 * @module
 */

/** The protocol revisions served, oldest first. */
export const REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18"] as const
/** A served revision. */
export type Revision = typeof REVISIONS[number]
/** The newest served revision (what `initialize` answers to a revision it does not serve). */
export const LATEST: Revision = "2025-06-18"
/**
 * The revision assumed for a request without the MCP-Protocol-Version header (MCP 2025-06-18,
 * "Protocol Version Header": the server SHOULD assume 2025-03-26).
 */
export const DEFAULT_REVISION: Revision = "2025-03-26"

/** True for a served revision. */
export const isRevision = (s: unknown): s is Revision =>
  typeof s === "string" && (REVISIONS as ReadonlyArray<string>).includes(s)

/** The revision `initialize` answers to a client asking for `requested`. */
export const negotiate = (requested: unknown): Revision => (isRevision(requested) ? requested : LATEST)

/** Whether tool results carry `structuredContent` (introduced in 2025-06-18). */
export const hasStructuredContent = (revision: Revision): boolean => revision >= "2025-06-18"

/** JSON-RPC ids: a string or a number (null only in an error answering an unreadable message). */
export type Id = string | number

/** JSON-RPC error codes (JSON-RPC 2.0, "Error object"). */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603
} as const

/**
 * Codes of the admission refusals of a tools/call (server-defined range -32000 to -32099), the
 * `data` of each being the standard error object with its extra fields:
 * - -32003 TIER_INSUFFICIENT (current_tier, required_tier, upgrade_url)
 * - -32029 RATE_LIMIT_EXCEEDED (calls_this_minute, limit_per_minute, retry_after_seconds),
 *   DAILY_LIMIT_EXCEEDED (calls_today, daily_limit, resets_on, retry_after_seconds) and
 *   MONTHLY_QUOTA_EXCEEDED (quota, used, calls_used, calls_limit, resets_on, upgrade_url)
 * - -32050 SERVICE_UNAVAILABLE (retry_after_seconds): the store is unreachable
 */
export const ADMISSION_CODES = {
  TIER_INSUFFICIENT: -32003,
  RATE_LIMIT_EXCEEDED: -32029,
  DAILY_LIMIT_EXCEEDED: -32029,
  MONTHLY_QUOTA_EXCEEDED: -32029,
  SERVICE_UNAVAILABLE: -32050
} as const

/** A JSON-RPC error object. */
export interface RpcError {
  readonly code: number
  readonly message: string
  readonly data?: unknown
}

/** A JSON-RPC response. */
export type Response =
  | { readonly jsonrpc: "2.0"; readonly id: Id; readonly result: unknown }
  | { readonly jsonrpc: "2.0"; readonly id: Id | null; readonly error: RpcError }

/** The success response to request `id`. */
export const success = (id: Id, result: unknown): Response => ({ jsonrpc: "2.0", id, result })

/** The error response to request `id` (null when the request's id could not be read). */
export const failure = (id: Id | null, error: RpcError): Response => ({ jsonrpc: "2.0", id, error })

/** One message of a body, classified. */
export type Message =
  | { readonly _tag: "Request"; readonly id: Id; readonly method: string; readonly params: Record<string, unknown> }
  | { readonly _tag: "Notification"; readonly method: string }
  | { readonly _tag: "Response" }
  | { readonly _tag: "Invalid"; readonly id: Id | null; readonly reason: string }

const isId = (u: unknown): u is Id => typeof u === "string" || (typeof u === "number" && Number.isFinite(u))

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** Classifies one parsed JSON value as a message (see the module description). */
export const classify = (u: unknown): Message => {
  if (!isObject(u)) return { _tag: "Invalid", id: null, reason: "a message must be a JSON object" }
  const id = isId(u.id) ? u.id : null
  if (u.jsonrpc !== "2.0") return { _tag: "Invalid", id, reason: "jsonrpc must be \"2.0\"" }
  if ("method" in u) {
    if (typeof u.method !== "string" || u.method === "") {
      return { _tag: "Invalid", id, reason: "method must be a non-empty string" }
    }
    if (u.params !== undefined && !isObject(u.params)) {
      return { _tag: "Invalid", id, reason: "params must be an object" }
    }
    const params = (u.params ?? {}) as Record<string, unknown>
    if (!("id" in u)) return { _tag: "Notification", method: u.method }
    if (!isId(u.id)) return { _tag: "Invalid", id: null, reason: "id must be a string or a number" }
    return { _tag: "Request", id: u.id, method: u.method, params }
  }
  if (("result" in u || "error" in u) && isId(u.id)) return { _tag: "Response" }
  return { _tag: "Invalid", id, reason: "a message needs a method (request or notification) or a result or error" }
}

/** A POST body: the messages, whether it was a batch (answered with an array), or why it is unusable. */
export type Body =
  | { readonly _tag: "Messages"; readonly batch: boolean; readonly messages: ReadonlyArray<Message> }
  | { readonly _tag: "Unusable"; readonly error: RpcError }

/** Parses a POST body: -32700 when it is not JSON, -32600 when it is an empty array or not a message. */
export const parseBody = (text: string): Body => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { _tag: "Unusable", error: { code: ErrorCode.ParseError, message: "Parse error: the body is not JSON" } }
  }
  if (Array.isArray(json)) {
    if (json.length === 0) {
      return { _tag: "Unusable", error: { code: ErrorCode.InvalidRequest, message: "Invalid request: empty batch" } }
    }
    return { _tag: "Messages", batch: true, messages: json.map(classify) }
  }
  return { _tag: "Messages", batch: false, messages: [classify(json)] }
}
