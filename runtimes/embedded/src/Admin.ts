/**
 * Key commands beside a running server. While `serve` holds an embedded PGlite folder, no other
 * process may open it (the folder lock, store-sql Pglite.ts), so `sports-data keys create | list |
 * revoke` go through the running server instead:
 *
 * - {@link AdminServerLive} (in `serve`): a second HTTP listener bound to 127.0.0.1 on a free port,
 *   not part of the public API or its OpenAPI document, with three routes (`GET /admin/keys`,
 *   `POST /admin/keys` {tier, email?}, `POST /admin/keys/revoke` {prefix}) over the same key
 *   services as the CLI (`Keys` of @sports-data/app). Each request must carry
 *   `Authorization: Bearer <token>`, a random 256-bit token that `serve` writes with its port and
 *   pid to {@link adminFileOf} (`<folder>.admin.json`, beside the folder, mode 0600: readable only
 *   by the user who runs the server); the file is removed when the server stops.
 * - {@link runningServer} (in the CLI): the admin endpoint of the live process that holds the
 *   folder, when its admin file names that process; then {@link remoteKeys} calls it.
 * A key created this way is in the running server's store at once, so it works on its next request.
 * @module
 */
import { NodeHttpServer } from "@effect/platform-node"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServer from "@effect/platform/HttpServer"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Keys } from "@sports-data/app"
import { Plans } from "@sports-data/domain"
import { lockHolder } from "@sports-data/store-sql"
import type { StoreChoice } from "@sports-data/wiring"
import { Context, Data, Effect, Layer, Option, Redacted, Schema } from "effect"
import { randomBytes, timingSafeEqual } from "node:crypto"
import { chmod, readFile, stat, unlink, writeFile } from "node:fs/promises"
import { createServer } from "node:http"

/** The PGlite folder of a store choice: a plain folder path (not memory, a server, or `memory://`), else undefined. */
export const pgliteFolder = (choice: StoreChoice): string | undefined =>
  choice !== "memory" && "pglite" in choice && choice.pglite !== undefined && !/^[a-z]+:\/\//.test(choice.pglite)
    ? choice.pglite
    : undefined

/** The admin file of the PGlite folder `dir`: beside it, as its lock file is. */
export const adminFileOf = (dir: string): string => `${dir.replace(/[\\/]+$/, "")}.admin.json`

/** What the admin file holds: the server's pid, its loopback port and the bearer token. */
const AdminFile = Schema.Struct({ pid: Schema.Int, port: Schema.Int, token: Schema.String })
type AdminFile = typeof AdminFile.Type

/** A key as the admin endpoint lists it (Keys.KeyInfo with ISO instants). */
const KeyInfoJson = Schema.Struct({
  prefix: Schema.String,
  tier: Plans.Tier,
  state: Schema.Literal("pending_activation", "active", "revoked"),
  email: Schema.NullOr(Schema.String),
  created_at: Schema.Date,
  trial_ends_at: Schema.NullOr(Schema.Date),
  last_used_at: Schema.NullOr(Schema.Date)
})

const CreateBody = Schema.Struct({ tier: Schema.String, email: Schema.optional(Schema.NullOr(Schema.String)) })
const RevokeBody = Schema.Struct({ prefix: Schema.String })
const Created = Schema.Struct({ key: Schema.String, info: KeyInfoJson })
const Revoked = Schema.Struct({ revoked: Schema.Int })
const Failure = Schema.Struct({ error: Schema.String })

const json = (body: unknown, status = 200) => HttpServerResponse.unsafeJson(body, { status })

/** Constant-time comparison of the presented bearer token with ours. */
const tokenMatches = (header: string | undefined, token: string): boolean => {
  const presented = Buffer.from(header?.startsWith("Bearer ") === true ? header.slice(7) : "")
  const expected = Buffer.from(token)
  return presented.length === expected.length && timingSafeEqual(presented, expected)
}

const router = (catalog: Plans.PlanCatalog) =>
  HttpRouter.empty.pipe(
    HttpRouter.get("/admin/keys", Effect.map(Keys.listKeys, (keys) => json(keys))),
    HttpRouter.post(
      "/admin/keys",
      Effect.gen(function*() {
        const body = yield* HttpServerRequest.schemaBodyJson(CreateBody)
        const created = yield* Keys.createKey({ catalog, tier: body.tier, email: body.email })
        return json({ key: Redacted.value(created.key), info: created.info }, 201)
      })
    ),
    HttpRouter.post(
      "/admin/keys/revoke",
      Effect.gen(function*() {
        const body = yield* HttpServerRequest.schemaBodyJson(RevokeBody)
        return json({ revoked: yield* Keys.revokeKey(body.prefix) })
      })
    )
  )

/**
 * The admin listener of `serve` on the PGlite folder `dir`: listens on 127.0.0.1 (a free port),
 * writes the admin file (mode 0600) once listening and removes it when the scope closes. Errors
 * answer `{error}` with 400 (bad body, unknown tier, bad e-mail), 401 (token), 404 (no such key or
 * route) or 500.
 */
export const AdminServerLive = (options: { readonly dir: string; readonly catalog: Plans.PlanCatalog }) =>
  Layer.scopedDiscard(Effect.gen(function*() {
    const token = randomBytes(32).toString("base64url")
    const routes = router(options.catalog)
    const app = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      if (!tokenMatches(request.headers["authorization"], token)) {
        return json({ error: "missing or wrong admin token" }, 401)
      }
      return yield* routes
    }).pipe(
      Effect.catchAll((error: { readonly _tag?: string; readonly message?: string }) => {
        switch (error._tag) {
          case "RouteNotFound":
            return Effect.succeed(json({ error: "no such admin route" }, 404))
          case "KeyNotFound":
            return Effect.succeed(json({ error: error.message }, 404))
          case "UnknownTier":
          case "InvalidEmail":
          case "ParseError":
          case "RequestError":
            return Effect.succeed(json({ error: error.message ?? "bad request" }, 400))
        }
        return Effect.zipRight(
          Effect.logError("admin request failed", error),
          Effect.succeed(json({ error: "the server could not do it; see its log" }, 500))
        )
      })
    )
    const context = yield* Layer.build(
      HttpServer.serve(app).pipe(
        Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))
      )
    )
    const address = Context.get(context, HttpServer.HttpServer).address
    const port = address._tag === "TcpAddress" ? address.port : 0
    const file = adminFileOf(options.dir)
    yield* Effect.acquireRelease(
      Effect.promise(async () => {
        await unlink(file).catch(() => undefined)
        await writeFile(file, JSON.stringify({ pid: process.pid, port, token } satisfies AdminFile), {
          mode: 0o600,
          flag: "wx"
        })
        await chmod(file, 0o600) // whatever the umask
      }),
      () => Effect.promise(() => unlink(file).catch(() => undefined))
    )
  }))

/** The admin endpoint could not be used (no answer, a refusal, an unreadable file). */
export class AdminError extends Data.TaggedError("AdminError")<{ readonly message: string }> {}

/**
 * The admin endpoint of the running server that holds the PGlite folder `dir`: its admin file,
 * when the folder's lock names a live process and the file names the same process. None when
 * no live process holds the folder (the CLI then opens it itself).
 */
export const runningServer = (dir: string): Effect.Effect<Option.Option<AdminFile>> =>
  Effect.promise(async () => {
    const holder = await lockHolder(dir)
    if (holder === undefined) return Option.none()
    const file = adminFileOf(dir)
    const info = await stat(file).catch(() => undefined)
    // a token file others could read or write is not trusted
    if (info === undefined || (info.mode & 0o077) !== 0) return Option.none()
    const text = await readFile(file, "utf8").catch(() => "")
    const parsed = Schema.decodeUnknownOption(Schema.parseJson(AdminFile))(text)
    return Option.filter(parsed, (f) => f.pid === holder.pid)
  })

const call = <A, I>(
  admin: AdminFile,
  method: "GET" | "POST",
  path: string,
  body: unknown,
  schema: Schema.Schema<A, I>
) =>
  Effect.gen(function*() {
    const response = yield* Effect.tryPromise({
      try: () =>
        fetch(`http://127.0.0.1:${admin.port}${path}`, {
          method,
          headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) })
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
      catch: (e) =>
        new AdminError({
          message: `the running server (pid ${admin.pid}) did not answer on 127.0.0.1:${admin.port}: ${String(e)}`
        })
    })
    if (response.status >= 400) {
      const failure = Schema.decodeUnknownOption(Failure)(response.body)
      return yield* Effect.fail(
        new AdminError({
          message: Option.match(failure, { onNone: () => `status ${response.status}`, onSome: (f) => f.error })
        })
      )
    }
    return yield* Schema.decodeUnknown(schema)(response.body).pipe(
      Effect.mapError(() => new AdminError({ message: "the running server answered something unexpected" }))
    )
  })

/** The key operations of the CLI, either on the store or through a running server. */
export interface KeyOperations {
  readonly create: (tier: string, email: string | undefined) => Effect.Effect<Keys.CreatedKey, unknown>
  readonly list: Effect.Effect<ReadonlyArray<Keys.KeyInfo>, unknown>
  readonly revoke: (prefix: string) => Effect.Effect<number, unknown>
}

/** {@link KeyOperations} through the admin endpoint of `admin`. Failures are AdminError with the server's message. */
export const remoteKeys = (admin: AdminFile): KeyOperations => ({
  create: (tier, email) =>
    Effect.map(
      call(admin, "POST", "/admin/keys", { tier, email: email ?? null }, Created),
      (c) => ({ key: Redacted.make(c.key), info: c.info })
    ),
  list: call(admin, "GET", "/admin/keys", undefined, Schema.Array(KeyInfoJson)),
  revoke: (prefix) => Effect.map(call(admin, "POST", "/admin/keys/revoke", { prefix }, Revoked), (r) => r.revoked)
})
