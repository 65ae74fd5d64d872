/**
 * The agent tool server at `/mcp` (specification, "Agent tool server"; decisions.md, "Delivery"):
 * the Model Context Protocol's Streamable HTTP transport, stateless, answering JSON (never a
 * stream), as raw routes beside the HttpApi (like the activation page).
 *
 * Why raw routes rather than HttpApi endpoints: JSON-RPC answers its own errors (a body that is
 * not JSON is -32700, not the REST 400), notifications answer 202 with no body, and a POST is
 * admitted per message: the key is checked once per POST (401 MISSING_API_KEY / INVALID_API_KEY,
 * 402 TRIAL_EXPIRED as HTTP errors, like REST), while each `tools/call` is counted as one call
 * against the key's limits and checked against the tool's tier (Tools.ts), with the same
 * admission steps as REST (Admission.ts `checkKey`, `countCall`). initialize, ping, tools/list
 * and notifications are not counted. The server side is own code: the official SDK's server
 * transport is written for node:http request objects, not for the Effect platform server; the
 * test suite talks to it with the official SDK client.
 *
 * - `GET /mcp` without `Accept: text/event-stream`: discovery JSON (server info, revisions,
 *   authentication, tools with input schemas), no key. With it: 405 (the server opens no
 *   server-to-client stream, as the transport allows).
 * - `POST /mcp`: one JSON-RPC message or a batch (Protocol.ts). Methods: initialize, ping,
 *   tools/list, tools/call; notifications (notifications/initialized, cancelled...) are accepted.
 *   A request with an MCP-Protocol-Version header naming no served revision is 400. Every answer
 *   to a known key carries the rate-limit headers (after the last counted call).
 * - tools/call: unknown tool → -32602 with `data.available`; below the tool's tier → -32003,
 *   over a limit → -32029, store unreachable → -32050, each with `data` = the standard error
 *   object (quota refusals add the tool server's `quota` and `used`); a bad argument, an unknown
 *   player or team → a result with `isError: true` and the standard error object as its text
 *   (and `structuredContent` from 2025-06-18); success → the REST envelope as text content and,
 *   from 2025-06-18, as `structuredContent`. Anything else → -32603 with a `request_id` under
 *   which the cause is logged.
 * @module
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { ApiErrors, Security } from "@sports-data/api"
import * as App from "@sports-data/app"
import { Admission, type DomainError, type KeyStore, UsageStore } from "@sports-data/domain"
import { PlanCatalogService } from "@sports-data/wiring"
import { Cause, Clock, Effect, Either, ParseResult, Schema } from "effect"
import { admissionServices, checkKey, countCall } from "../Admission.js"
import { encodeApiError, errorResponse, newRequestId, type RouteShape } from "../Errors.js"
import { UsageRecorder } from "../Usage.js"
import * as Rpc from "./Protocol.js"
import { listing, type Tool, toolNames, tools, toolsByName } from "./Tools.js"

/** Path of the tool server. */
export const MCP_PATH = "/mcp"

/** The routes the tool server adds (for telling 405 from 404). */
export const mcpRoutes: ReadonlyArray<RouteShape> = [
  { method: "GET", path: MCP_PATH },
  { method: "POST", path: MCP_PATH }
]

/** `serverInfo` of initialize and discovery. */
export const SERVER_INFO = { name: "sports-data", title: "Sports Data Service", version: Security.API_VERSION }

const INSTRUCTIONS = "Sports data and intelligence tools. Each tool call counts one call against your key's limits. " +
  "Results carry the data of the REST endpoint named in `endpoint`; model-derived fields are null while no " +
  "validated model is ACTIVE, and meta.coverage says when no source has the data."

/** The discovery document of `GET /mcp`. */
export const discovery = () => ({
  serverInfo: SERVER_INFO,
  description: INSTRUCTIONS,
  transport: { type: "streamable-http", endpoint: MCP_PATH, method: "POST", content_type: "application/json" },
  protocolVersions: Rpc.REVISIONS,
  authentication: {
    type: "apiKey",
    header: Security.SERVICE_KEY_HEADER,
    required_for: "POST /mcp (every JSON-RPC call); this discovery document needs no key",
    trial: "POST /mcp/start-trial with {\"email\"} returns a 14-day sandbox key at once"
  },
  capabilities: { tools: { listChanged: false } },
  tools: tools.map((t) => ({ ...listing(t), required_tier: t.tier }))
})

/** The answer to `GET /mcp`. */
const get = Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
  const accept = request.headers["accept"] ?? ""
  if (accept.toLowerCase().includes("text/event-stream")) {
    return errorResponse(
      new ApiErrors.MethodNotAllowedError({
        allowed: ["POST"],
        message: "This tool server opens no server-to-client event stream: send JSON-RPC messages with POST /mcp " +
          "(GET /mcp without Accept: text/event-stream returns the discovery document)"
      })
    ).pipe(HttpServerResponse.setHeader("allow", "GET, POST"))
  }
  return HttpServerResponse.unsafeJson(discovery())
})

/** The standard error object of an API error, with the tool server's `quota` and `used` on quota refusals. */
const errorObject = (error: ApiErrors.ApiError): Record<string, unknown> => {
  const encoded = encodeApiError(error) as Record<string, unknown>
  return error instanceof ApiErrors.MonthlyQuotaExceededError
    ? { ...encoded, quota: error.calls_limit, used: error.calls_used }
    : encoded
}

/** The JSON-RPC error of an admission refusal or an unreachable store (see the module description). */
const admissionFailure = (id: Rpc.Id, error: ApiErrors.ApiError): Rpc.Response => {
  const data = errorObject(error)
  const code = Rpc.ADMISSION_CODES[data.error_code as keyof typeof Rpc.ADMISSION_CODES] ?? Rpc.ErrorCode.InternalError
  return Rpc.failure(id, { code, message: String(data.message), data })
}

/** A tool result. */
const toolResult = (revision: Rpc.Revision, value: Record<string, unknown>, isError: boolean) => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  ...(Rpc.hasStructuredContent(revision) ? { structuredContent: value } : {}),
  isError
})

/** A bad argument as the INVALID_PARAMETER error object of a tool result. */
const invalidArgument = (parameter: string, reason: string) =>
  errorObject(
    new ApiErrors.InvalidParameterError({ parameter, reason, message: `Invalid argument ${parameter}: ${reason}` })
  )

/** The first issue of an argument decode failure as (parameter, reason). */
const argumentIssue = (error: ParseResult.ParseError) => {
  const issue = ParseResult.ArrayFormatter.formatErrorSync(error)[0]
  return {
    parameter: issue === undefined || issue.path.length === 0 ? "arguments" : issue.path.map(String).join("."),
    reason: issue?.message ?? "does not match the tool's input schema"
  }
}

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * The tool server's routes as a layer of the API router. Captures the stores, the plan catalog,
 * the usage recorder and the application services when built.
 */
export const McpLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<
      | KeyStore
      | UsageStore
      | PlanCatalogService
      | UsageRecorder
      | App.Players
      | App.Teams
      | App.Games
      | App.Standings
      | App.Signals
      | App.Analytics
      | App.Catalog
      | App.Feed
    >()
    const services = yield* admissionServices
    const { catalog, usage } = services
    const recorder = yield* UsageRecorder

    /** Runs a tool for an admitted caller: the result, or the isError result of a bad argument or unknown resource. */
    const runTool = (tool: Tool, args: unknown, caller: Security.CallerService, revision: Rpc.Revision) =>
      Effect.gen(function*() {
        if (args !== undefined && !isObject(args)) {
          return toolResult(revision, invalidArgument("arguments", "must be an object"), true)
        }
        const decoded = Schema.decodeUnknownEither(tool.args)(args ?? {}, { errors: "first" })
        if (Either.isLeft(decoded)) {
          const { parameter, reason } = argumentIssue(decoded.left)
          return toolResult(revision, invalidArgument(parameter, reason), true)
        }
        const value = yield* tool.run(decoded.right).pipe(Effect.provideService(Security.Caller, caller))
        return toolResult(revision, value as Record<string, unknown>, false)
      }).pipe(
        Effect.catchAll((e: DomainError) =>
          e._tag === "StoreFailure" || e._tag === "StoreUnavailable"
            ? Effect.fail(e)
            : Effect.succeed(toolResult(revision, errorObject(ApiErrors.fromDomain(e, "")), true))
        )
      )

    /** tools/call (see the module description): the response and the rate-limit headers after it, if counted. */
    const callTool = (
      request: Extract<Rpc.Message, { _tag: "Request" }>,
      key: {
        readonly presented: string
        readonly keyHash: string
        readonly record: Parameters<typeof Admission.authorize>[0]["key"]
      },
      revision: Rpc.Revision
    ) =>
      Effect.gen(function*() {
        const name = request.params.name
        const tool = typeof name === "string" ? toolsByName.get(name) : undefined
        if (tool === undefined) {
          return {
            response: Rpc.failure(request.id, {
              code: Rpc.ErrorCode.InvalidParams,
              message: typeof name === "string" ? `Unknown tool: ${name}` : "params.name must be a tool name",
              data: { available: toolNames }
            }),
            headers: undefined
          }
        }
        const started = yield* Clock.currentTimeMillis
        const now = new Date(started)
        const authorized = Admission.authorize({
          catalog,
          presented: key.presented,
          key: key.record,
          required: tool.tier,
          now
        })
        if (Either.isLeft(authorized)) {
          return {
            response: admissionFailure(request.id, ApiErrors.fromDomain(authorized.left, "")),
            headers: undefined
          }
        }
        const grant = authorized.right
        const counted = yield* countCall(services, key.keyHash, grant, now)
        if (Either.isLeft(counted.verdict)) {
          return {
            response: admissionFailure(request.id, ApiErrors.fromDomain(counted.verdict.left, "")),
            headers: counted.headers,
            retryAfter: counted.verdict.left.retry_after_seconds
          }
        }
        const caller = Security.Caller.make(grant.key, grant.plan, counted.verdict.right, now)
        const result = yield* runTool(tool, request.params.arguments, caller, revision).pipe(
          Effect.ensuring(
            Effect.flatMap(Clock.currentTimeMillis, (finished) =>
              recorder.record(
                key.keyHash,
                `${MCP_PATH} tools/call ${tool.name}`,
                finished - started,
                new Date(finished)
              ))
          )
        )
        return { response: Rpc.success(request.id, result), headers: counted.headers }
      })

    /** One request's response (and the headers of a counted call). */
    const dispatch = (
      request: Extract<Rpc.Message, { _tag: "Request" }>,
      key: Parameters<typeof callTool>[1],
      revision: Rpc.Revision
    ) => {
      const answer = (result: unknown) =>
        Effect.succeed({ response: Rpc.success(request.id, result), headers: undefined, retryAfter: undefined })
      switch (request.method) {
        case "initialize":
          return answer({
            protocolVersion: Rpc.negotiate(request.params.protocolVersion),
            capabilities: { tools: { listChanged: false } },
            serverInfo: SERVER_INFO,
            instructions: INSTRUCTIONS
          })
        case "ping":
          return answer({})
        case "tools/list":
          return answer({ tools: tools.map(listing) })
        case "tools/call":
          return callTool(request, key, revision).pipe(
            Effect.map((r) => ({ retryAfter: undefined, ...r })),
            Effect.catchAll((e) =>
              e._tag === "StoreUnavailable"
                ? Effect.succeed({
                  response: admissionFailure(request.id, ApiErrors.fromDomain(e, "")),
                  headers: undefined,
                  retryAfter: e.retry_after_seconds
                })
                : Effect.die(e)
            ),
            Effect.catchAllCause((cause) => {
              if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
              const requestId = newRequestId()
              return Effect.logError("tool call failed", cause).pipe(
                Effect.annotateLogs({ request_id: requestId, "mcp.method": "tools/call" }),
                Effect.as({
                  response: Rpc.failure(request.id, {
                    code: Rpc.ErrorCode.InternalError,
                    message: "Internal error; retry with exponential backoff",
                    data: errorObject(new ApiErrors.InternalError({ request_id: requestId }))
                  }),
                  headers: undefined,
                  retryAfter: undefined
                })
              )
            })
          )
        default:
          return Effect.succeed({
            response: Rpc.failure(request.id, {
              code: Rpc.ErrorCode.MethodNotFound,
              message: `Method not found: ${request.method}`
            }),
            headers: undefined,
            retryAfter: undefined
          })
      }
    }

    const post = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const now = new Date(yield* Clock.currentTimeMillis)
      const presented = (request.headers["x-service-key"] ?? "").trim()
      const checked = yield* checkKey(services, presented, "sandbox", now)
      if (Either.isLeft(checked.verdict)) {
        return errorResponse(ApiErrors.fromDomain(checked.verdict.left, "")).pipe(
          HttpServerResponse.setHeaders(checked.headers)
        )
      }
      const grant = checked.verdict.right
      const key = { presented, keyHash: checked.keyHash, record: checked.record }
      const json = (status: number, body: unknown, headers: Record<string, string>) =>
        HttpServerResponse.unsafeJson(body, { status, headers: { "cache-control": "no-store", ...headers } })
      const peekHeaders = Effect.map(
        usage.peek(checked.keyHash, now),
        (counts) => Admission.rateLimitHeaders(grant, counts, now)
      )

      const header = request.headers["mcp-protocol-version"]
      if (header !== undefined && !Rpc.isRevision(header.trim())) {
        return json(
          400,
          Rpc.failure(null, {
            code: Rpc.ErrorCode.InvalidRequest,
            message: `Unsupported MCP-Protocol-Version ${header}; supported: ${Rpc.REVISIONS.join(", ")}`
          }),
          yield* peekHeaders
        )
      }
      const revision = header === undefined ? Rpc.DEFAULT_REVISION : (header.trim() as Rpc.Revision)

      const body = Rpc.parseBody(yield* request.text)
      if (body._tag === "Unusable") return json(400, Rpc.failure(null, body.error), yield* peekHeaders)

      const responses: Array<Rpc.Response> = []
      let headers: Record<string, string> | undefined
      let retryAfter: number | undefined
      for (const message of body.messages) {
        if (message._tag === "Invalid") {
          responses.push(
            Rpc.failure(message.id, {
              code: Rpc.ErrorCode.InvalidRequest,
              message: `Invalid request: ${message.reason}`
            })
          )
        } else if (message._tag === "Request") {
          const r = yield* dispatch(message, key, revision)
          responses.push(r.response)
          if (r.headers !== undefined) headers = r.headers
          if (r.retryAfter !== undefined) retryAfter = r.retryAfter
        }
      }
      const finalHeaders = {
        ...(headers ?? (yield* peekHeaders)),
        ...(retryAfter === undefined ? {} : { "retry-after": String(retryAfter) })
      }
      if (responses.length === 0) return HttpServerResponse.empty({ status: 202, headers: finalHeaders })
      // a single message that was invalid is answered 400 (the request as a whole is unusable)
      const status = !body.batch && body.messages[0]?._tag === "Invalid" ? 400 : 200
      return json(status, body.batch ? responses : responses[0], finalHeaders)
    })

    yield* router.get(MCP_PATH, get)
    yield* router.post(
      MCP_PATH,
      post.pipe(
        Effect.catchTag("StoreUnavailable", (e) =>
          Effect.succeed(
            errorResponse(new ApiErrors.ServiceUnavailableError({ retry_after_seconds: e.retry_after_seconds }))
          )),
        Effect.catchTag("StoreFailure", (e) => Effect.die(e)),
        Effect.provide(context)
      )
    )
  })
)
