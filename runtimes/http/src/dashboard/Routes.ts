/**
 * The developer dashboard at `/dashboard`, beside `/docs`: plain server-rendered HTML pages, one
 * stylesheet and one script, and uPlot (bundled from node_modules) for the charts; nothing from
 * another origin. Not part of the OpenAPI document (pages for a person, not JSON for a program).
 *
 * - Sign-in by an e-mailed one-time link (15 minutes) or by pasting a key; either opens a
 *   server-side session (Session.ts: cookie, CSRF). The pages of a signed-in session: usage,
 *   keys (revoke after a confirmation), webhooks (register with a test delivery, deliveries,
 *   replay), audit trail, model cards (with a reliability diagram for confidence models),
 *   coverage and data status.
 * - Every page: `no-store`, a referrer only to this origin (so that a form post carries its
 *   Origin), a Content-Security-Policy allowing only this origin's
 *   script, style and forms ({@link CSP}), framing refused.
 * - A store outage answers a 503 page; nothing on a page or in a log holds a key, a session id,
 *   a link token or an e-mail address.
 * @module
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as UrlParams from "@effect/platform/UrlParams"
import { Api, ApiErrors, Security } from "@sports-data/api"
import { Account, type AccountCaller, Catalog, Dashboard, Models } from "@sports-data/app"
import {
  type ApiKey,
  type AuditStore,
  type DashboardSession,
  type DashboardStore,
  isTeamSport,
  type KeyStore,
  type Mailer,
  type ModelRegistryReader,
  Plans,
  UsageStore,
  Webhooks,
  WebhookStore
} from "@sports-data/domain"
import {
  PlanCatalogService,
  PublicUrl,
  registerWebhook,
  replayDelivery,
  Settings,
  testDelivery
} from "@sports-data/wiring"
import { Cause, Clock, Effect, Option, Redacted } from "effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { RouteShape } from "../Errors.js"
import { sportOperations, sportSources } from "../handlers/Meta.js"
import { type Chrome, Html, html, layout } from "./Html.js"
import * as Pages from "./Pages.js"
import {
  csrfOf,
  newSignInNonce,
  sameOrigin,
  sameSecret,
  secureCookies,
  SESSION_COOKIE,
  SIGN_IN_COOKIE,
  withoutSessionCookie,
  withSessionCookie,
  withSignInCookie
} from "./Session.js"

/** Where the dashboard is served. */
export const DASHBOARD_PATH = "/dashboard"

/**
 * The Content-Security-Policy of every dashboard response: scripts, styles, images and form
 * targets of this origin only; no inline script or style, no plugin, no framing.
 */
export const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

const SECURITY_HEADERS = {
  "content-security-policy": CSP,
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin"
}

const PAGES = ["usage", "keys", "webhooks", "audit", "models", "coverage", "status"] as const

/** The static files: the dashboard's own and uPlot's (MIT), read once at start. */
const assets = (() => {
  const require = createRequire(import.meta.url)
  const own = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url))
  return {
    "dashboard.js": { body: own("dashboard.js"), type: "text/javascript; charset=utf-8" },
    "dashboard.css": { body: own("dashboard.css"), type: "text/css; charset=utf-8" },
    "uplot.js": {
      body: readFileSync(require.resolve("uplot/dist/uPlot.iife.min.js")),
      type: "text/javascript; charset=utf-8"
    },
    "uplot.css": { body: readFileSync(require.resolve("uplot/dist/uPlot.min.css")), type: "text/css; charset=utf-8" }
  } as const
})()

/** Every route the dashboard adds (for telling 405 from 404). */
export const dashboardRoutes: ReadonlyArray<RouteShape> = [
  { method: "GET", path: DASHBOARD_PATH },
  { method: "GET", path: `${DASHBOARD_PATH}/sign-in` },
  { method: "POST", path: `${DASHBOARD_PATH}/sign-in/email` },
  { method: "POST", path: `${DASHBOARD_PATH}/sign-in/key` },
  { method: "GET", path: `${DASHBOARD_PATH}/sign-in/link` },
  { method: "POST", path: `${DASHBOARD_PATH}/sign-in/link` },
  { method: "POST", path: `${DASHBOARD_PATH}/sign-out` },
  ...PAGES.map((p) => ({ method: "GET" as const, path: `${DASHBOARD_PATH}/${p}` })),
  { method: "GET", path: `${DASHBOARD_PATH}/keys/revoke` },
  { method: "POST", path: `${DASHBOARD_PATH}/keys/revoke` },
  { method: "POST", path: `${DASHBOARD_PATH}/webhooks` },
  { method: "POST", path: `${DASHBOARD_PATH}/webhooks/replay` },
  ...Object.keys(assets).map((name) => ({ method: "GET" as const, path: `${DASHBOARD_PATH}/assets/${name}` }))
]

/** An HTML page with the security headers. */
const page = (status: number, title: string, body: Html, chrome?: Chrome) =>
  HttpServerResponse.text(layout(title, body, chrome), {
    status,
    headers: { ...SECURITY_HEADERS, "cache-control": "no-store" },
    contentType: "text/html; charset=utf-8"
  })

/** 303 to `location` (after a form post: the browser then GETs it). */
const seeOther = (location: string) =>
  HttpServerResponse.empty({ status: 303, headers: { ...SECURITY_HEADERS, location, "cache-control": "no-store" } })

const refused = page(
  403,
  "Request refused",
  html`<p>This form has expired or did not come from this dashboard. Go back, reload the page and try again.</p>`
)

/** What every signed-in page knows. */
interface SignedIn {
  readonly id: string
  readonly session: DashboardSession
  readonly csrf: string
  readonly keys: ReadonlyArray<ApiKey.ApiKeyRecord>
  readonly chrome: (current: string) => Chrome
}

const query = (request: HttpServerRequest.HttpServerRequest, name: string): string | undefined =>
  new URL(request.url, "http://localhost").searchParams.get(name) ?? undefined

const formOf = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.orElseSucceed(request.urlParamsBody, () => UrlParams.empty)

const field = (form: UrlParams.UrlParams, name: string): string | undefined =>
  Option.getOrUndefined(UrlParams.getFirst(form, name))

/**
 * The selected key of a per-key page: `?key=<prefix>` among the owner's, else the key the session
 * was opened with while it is live, else the newest live one.
 */
const pick = (s: SignedIn, prefix: string | undefined) => {
  const live = (k: ApiKey.ApiKeyRecord) => k.revoked_at === null && k.state === "active"
  return s.keys.find((k) => k.key_prefix === prefix) ??
    s.keys.find((k) => k.key_hash === s.session.key_hash && live(k)) ?? s.keys.find(live) ?? s.keys[0]
}

/**
 * The dashboard's routes as a layer of the API router. Captures the stores, the application
 * services, the mailer and public address, and the plan catalog when built.
 */
export const DashboardLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<
      | KeyStore
      | AuditStore
      | DashboardStore
      | UsageStore
      | WebhookStore
      | ModelRegistryReader
      | Mailer
      | PublicUrl
      | PlanCatalogService
      | Account
      | Catalog
      | Models
    >()
    const publicUrl = yield* PublicUrl
    const secure = secureCookies(publicUrl)
    const allowHosts = yield* Effect.orDie(Settings.webhookAllowHosts)
    const operations = sportOperations()
    const webhookTier = Security.endpointTiers(Api).find((e) => e.group === "webhooks" && e.name === "create")?.tier
    const requiredWebhookTier: Plans.Tier = webhookTier !== undefined && Option.isSome(webhookTier) &&
        webhookTier.value !== "none"
      ? webhookTier.value
      : "syndicate_alpha"

    /** The signed-in session of the request, or None (no cookie, unknown or expired session). */
    const current = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const id = request.cookies[SESSION_COOKIE]
      if (id === undefined || id === "") return Option.none<SignedIn>()
      const session = yield* Dashboard.findSession(id)
      if (Option.isNone(session)) return Option.none<SignedIn>()
      const keys = yield* Dashboard.ownedKeys(session.value)
      const csrf = csrfOf(id)
      const who = session.value.email ?? (keys[0] === undefined ? "" : `${keys[0].key_prefix}…`)
      return Option.some<SignedIn>({
        id,
        session: session.value,
        csrf,
        keys,
        chrome: (path) => ({ current: path, csrf, who })
      })
    })

    /**
     * To the sign-in page, dropping a session cookie that no longer opens a session. A request
     * that carried none (a cross-site one: the cookie is SameSite=Strict) leaves the browser's
     * cookie alone, so another site cannot sign the user out.
     */
    const toSignIn = (request: HttpServerRequest.HttpServerRequest) => {
      const to = seeOther(`${DASHBOARD_PATH}/sign-in`)
      return request.cookies[SESSION_COOKIE] === undefined ? to : withoutSessionCookie(to, secure)
    }

    /** A signed-in GET page; without a session, a redirect to the sign-in page. */
    const signedIn = (
      handler: (
        s: SignedIn,
        request: HttpServerRequest.HttpServerRequest
      ) => Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, unknown>
    ) =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const s = yield* current
        if (Option.isNone(s)) return toSignIn(request)
        return yield* handler(s.value, request)
      })

    /** A signed-in form post: same origin and the session's CSRF token, else 403. */
    const signedInPost = (
      handler: (
        s: SignedIn,
        form: UrlParams.UrlParams
      ) => Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, unknown>
    ) =>
      signedIn((s, request) =>
        Effect.flatMap(formOf(request), (form) =>
          sameOrigin(request) && sameSecret(field(form, "_csrf"), s.csrf) ? handler(s, form) : Effect.succeed(refused))
      )

    /** A sign-in form post: same origin and the pre-session cookie's value in `_csrf`, else 403. */
    const signInPost = (
      handler: (form: UrlParams.UrlParams) => Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, unknown>
    ) =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const form = yield* formOf(request)
        if (!sameOrigin(request) || !sameSecret(field(form, "_csrf"), request.cookies[SIGN_IN_COOKIE])) {
          return refused
        }
        return yield* handler(form)
      })

    /** The sign-in page with a fresh pre-session value (cookie and form fields). */
    const signInPage = (status: number, notice: Html | "") => {
      const nonce = newSignInNonce()
      return withSignInCookie(page(status, "Sign in", Pages.signInPage(nonce, notice)), nonce, secure)
    }

    /** Opens the session's cookie and goes to the usage page. */
    const opened = (created: Dashboard.NewSession) =>
      withSessionCookie(
        seeOther(`${DASHBOARD_PATH}/usage`),
        Redacted.value(created.id),
        secure,
        Math.floor((created.session.expires_at.getTime() - created.session.created_at.getTime()) / 1000)
      )

    const now = Effect.map(Clock.currentTimeMillis, (ms) =>
      new Date(ms))

    /** The account view of one key (its plan and counters now), as the account endpoints see it. */
    const callerOf = (key: ApiKey.ApiKeyRecord) =>
      Effect.gen(function*() {
        const catalog = yield* PlanCatalogService
        const at = yield* now
        const counts = yield* (yield* UsageStore).peek(key.key_hash, at)
        return { key, plan: Plans.planOf(catalog, key.tier), catalog, counts, now: at } satisfies AccountCaller
      })

    const noKeys = (s: SignedIn, path: string, title: string) =>
      page(200, title, html`<p class="empty">This account has no key.</p>`, s.chrome(path))

    const usage = signedIn((s, request) =>
      Effect.gen(function*() {
        const key = pick(s, query(request, "key"))
        if (key === undefined) {
          return noKeys(s, "usage", "Usage")
        }
        const caller = yield* callerOf(key)
        const stats = yield* (yield* Account).usage(caller, ApiErrors.UPGRADE_URL)
        const store = yield* UsageStore
        const at = caller.now.getTime()
        const dayStart = Date.UTC(caller.now.getUTCFullYear(), caller.now.getUTCMonth(), caller.now.getUTCDate())
        const perDay = new Map((yield* store.callsPerDay(key.key_hash, new Date(dayStart - 29 * 86_400_000)))
          .map((d) => [d.day, d.calls]))
        const days = Array.from({ length: 30 }, (_, i) => {
          const day = new Date(dayStart - (29 - i) * 86_400_000).toISOString().slice(0, 10)
          return { day, calls: perDay.get(day) ?? 0 }
        })
        const minuteStart = Math.floor(at / 60_000) * 60_000
        const perMinute = new Map((yield* store.callsPerMinute(key.key_hash, new Date(minuteStart - 59 * 60_000)))
          .map((m) => [m.minute.getTime(), m.calls]))
        const minutes = Array.from({ length: 60 }, (_, i) => {
          const minute = minuteStart - (59 - i) * 60_000
          return { minute: new Date(minute), calls: perMinute.get(minute) ?? 0 }
        })
        return page(
          200,
          "Usage",
          Pages.usagePage({
            picker: Pages.keyPicker("usage", s.keys, key),
            stats,
            minuteUsed: caller.counts.minute,
            days,
            minutes
          }),
          s.chrome("usage")
        )
      })
    )

    const keysPage = (s: SignedIn, notice: Html | "") =>
      page(200, "Keys", Pages.keysPage(s.keys, notice), s.chrome("keys"))

    const webhooksPage = (s: SignedIn, prefix: string | undefined, status: number, notice: Html | "") =>
      Effect.gen(function*() {
        const key = pick(s, prefix)
        if (key === undefined) {
          return noKeys(s, "webhooks", "Webhooks")
        }
        const store = yield* WebhookStore
        const active = yield* store.listActive(key.key_hash)
        const hooks = yield* Effect.forEach(
          active,
          (h) =>
            Effect.map(store.deliveries(h.id, 25), (d) => [h, d] as const)
        )
        const catalog = yield* PlanCatalogService
        return page(
          status,
          "Webhooks",
          Pages.webhooksPage({
            picker: Pages.keyPicker("webhooks", s.keys, key),
            key,
            hooks,
            events: Webhooks.WebhookEvents,
            canRegister: key.revoked_at === null && key.state === "active" &&
              Plans.tierIncludes(catalog, key.tier, requiredWebhookTier),
            requiredTier: requiredWebhookTier,
            csrf: s.csrf,
            notice
          }),
          s.chrome("webhooks")
        )
      })

    const routes = [
      [
        "GET",
        DASHBOARD_PATH,
        Effect.map(current, (s) => seeOther(`${DASHBOARD_PATH}/${Option.isSome(s) ? "usage" : "sign-in"}`))
      ],
      [
        "GET",
        `${DASHBOARD_PATH}/sign-in`,
        Effect.map(current, (s) => Option.isSome(s) ? seeOther(`${DASHBOARD_PATH}/usage`) : signInPage(200, ""))
      ],
      [
        "POST",
        `${DASHBOARD_PATH}/sign-in/email`,
        signInPost((form) =>
          Effect.gen(function*() {
            const valid = yield* Dashboard.requestSignInLink({
              email: field(form, "email") ?? "",
              link: (token) => `${publicUrl}${DASHBOARD_PATH}/sign-in/link?token=${encodeURIComponent(token)}`
            })
            if (!valid) return signInPage(400, Pages.notice("error", "That is not an e-mail address."))
            return signInPage(
              200,
              Pages.notice(
                "ok",
                html`<p>If this address owns a key, a sign-in link is on its way. It works once, for 15 minutes.</p>`
              )
            )
          }).pipe(
            Effect.catchTag("MailFailure", () =>
              Effect.succeed(
                signInPage(503, Pages.notice("error", "The e-mail could not be sent. Please try again in a minute."))
              ))
          )
        )
      ],
      [
        "POST",
        `${DASHBOARD_PATH}/sign-in/key`,
        signInPost((form) =>
          Effect.map(
            Dashboard.signInWithKey(Redacted.make(field(form, "key") ?? "")),
            Option.match({
              onNone: () =>
                signInPage(401, Pages.notice("error", "That key is unknown, revoked or not yet activated.")),
              onSome: opened
            })
          )
        )
      ],
      [
        "GET",
        `${DASHBOARD_PATH}/sign-in/link`,
        Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          const nonce = newSignInNonce()
          return withSignInCookie(
            page(200, "Sign in", Pages.linkPage(nonce, query(request, "token") ?? "")),
            nonce,
            secure
          )
        })
      ],
      [
        "POST",
        `${DASHBOARD_PATH}/sign-in/link`,
        signInPost((form) =>
          Effect.map(
            Dashboard.signInWithLink(field(form, "token") ?? ""),
            Option.match({
              onNone: () =>
                signInPage(
                  400,
                  Pages.notice(
                    "error",
                    "This sign-in link was already used or has expired (links work once, for 15 minutes). Ask for a new one."
                  )
                ),
              onSome: opened
            })
          )
        )
      ],
      [
        "POST",
        `${DASHBOARD_PATH}/sign-out`,
        signedInPost((s) =>
          Effect.as(Dashboard.signOut(s.id), withoutSessionCookie(seeOther(`${DASHBOARD_PATH}/sign-in`), secure))
        )
      ],
      ["GET", `${DASHBOARD_PATH}/usage`, usage],
      ["GET", `${DASHBOARD_PATH}/keys`, signedIn((s) => Effect.succeed(keysPage(s, "")))],
      [
        "GET",
        `${DASHBOARD_PATH}/keys/revoke`,
        signedIn((s, request) => {
          const key = s.keys.find((k) => k.key_prefix === query(request, "key") && k.revoked_at === null)
          return Effect.succeed(
            key === undefined
              ? keysPage(s, Pages.notice("error", "No live key of yours has that prefix."))
              : page(200, "Revoke a key", Pages.revokeConfirmPage(key, s.csrf), s.chrome("keys"))
          )
        })
      ],
      [
        "POST",
        `${DASHBOARD_PATH}/keys/revoke`,
        signedInPost((s, form) =>
          Dashboard.revokeOwnedKey(s.session, field(form, "key") ?? "").pipe(
            Effect.flatMap((n) =>
              Effect.map(Dashboard.ownedKeys(s.session), (keys) =>
                keysPage(
                  { ...s, keys },
                  Pages.notice(
                    "ok",
                    `${field(form, "key")}… revoked${n > 1 ? ` (${n} keys)` : ""}. It stops working at once.`
                  )
                ))
            ),
            Effect.catchTag(
              "KeyNotFound",
              () => Effect.succeed(keysPage(s, Pages.notice("error", "No live key of yours has that prefix.")))
            )
          )
        )
      ],
      ["GET", `${DASHBOARD_PATH}/webhooks`, signedIn((s, request) => webhooksPage(s, query(request, "key"), 200, ""))],
      [
        "POST",
        `${DASHBOARD_PATH}/webhooks`,
        signedInPost((s, form) =>
          Effect.gen(function*() {
            const prefix = field(form, "key")
            const key = pick(s, prefix)
            const catalog = yield* PlanCatalogService
            if (
              key === undefined || key.revoked_at !== null || key.state !== "active" ||
              !Plans.tierIncludes(catalog, key.tier, requiredWebhookTier)
            ) {
              return yield* webhooksPage(
                s,
                prefix,
                403,
                Pages.notice("error", `Webhooks need an active ${requiredWebhookTier} key.`)
              )
            }
            const events = UrlParams.getAll(form, "events").filter((e) => Webhooks.WebhookEvents.includes(e as never))
            if (events.length === 0) {
              return yield* webhooksPage(s, prefix, 400, Pages.notice("error", "Choose at least one event."))
            }
            const at = yield* now
            const registered = yield* Effect.either(
              registerWebhook({ keyHash: key.key_hash, url: field(form, "url") ?? "", events, now: at, allowHosts })
            )
            if (registered._tag === "Left") {
              const e = registered.left
              if (e._tag !== "TargetRefused") return yield* Effect.fail(e)
              return yield* webhooksPage(s, prefix, 400, Pages.notice("error", `The URL cannot be used: ${e.reason}.`))
            }
            const hook = registered.right
            const test = yield* testDelivery(hook, allowHosts, at)
            const ok = test.status_code !== null && test.status_code >= 200 && test.status_code < 300
            return yield* webhooksPage(
              s,
              prefix,
              200,
              Pages.notice(
                ok ? "ok" : "error",
                html`<p>Webhook ${hook.id} registered. Its signing secret, shown this once:</p>
<code class="secret">${hook.secret}</code>
<p>Test delivery: ${
                  test.status_code === null ? `no response (${test.error ?? "error"})` : `HTTP ${test.status_code}`
                } in ${test.duration_ms} ms.</p>`
              )
            )
          })
        )
      ],
      [
        "POST",
        `${DASHBOARD_PATH}/webhooks/replay`,
        signedInPost((s, form) =>
          Effect.gen(function*() {
            const prefix = field(form, "key")
            const key = pick(s, prefix)
            if (key === undefined) return yield* webhooksPage(s, prefix, 404, "")
            const replayed = yield* Effect.either(replayDelivery({
              keyHash: key.key_hash,
              webhookId: field(form, "webhook") ?? "",
              deliveryId: field(form, "delivery") ?? "",
              now: yield* now
            }))
            if (replayed._tag === "Left") {
              if (replayed.left._tag !== "ResourceNotFound") return yield* Effect.fail(replayed.left)
              return yield* webhooksPage(s, prefix, 404, Pages.notice("error", "No such delivery of your webhooks."))
            }
            return yield* webhooksPage(
              s,
              prefix,
              200,
              Pages.notice("ok", `Delivery ${replayed.right.id} queued again; it is sent within a few seconds.`)
            )
          })
        )
      ],
      [
        "GET",
        `${DASHBOARD_PATH}/audit`,
        signedIn((s, request) =>
          Effect.gen(function*() {
            const key = pick(s, query(request, "key"))
            if (key === undefined) return noKeys(s, "audit", "Audit trail")
            const { events } = yield* (yield* Account).auditEvents(yield* callerOf(key), { limit: 200 })
            return page(
              200,
              "Audit trail",
              Pages.auditPage(Pages.keyPicker("audit", s.keys, key), events),
              s.chrome("audit")
            )
          })
        )
      ],
      [
        "GET",
        `${DASHBOARD_PATH}/models`,
        signedIn((s) =>
          Effect.gen(function*() {
            const all = yield* (yield* Models).metadata({ all: true })
            const seen = new Set<string>()
            // versions come newest first per sport and model type: the first of each pair is the newest
            const cards = all.filter((c) => {
              const id = `${c.sport}.${c.model_type}`
              if (seen.has(id)) return false
              seen.add(id)
              return true
            })
            const calibrations = new Map(
              yield* Effect.forEach(
                cards.filter((c) => c.model_type === "confidence" && c.status === "ACTIVE" && isTeamSport(c.sport)),
                (c) => Effect.map(Dashboard.calibration(c.sport), (cal) => [c.id, cal] as const)
              )
            )
            return page(200, "Model cards", Pages.modelsPage(cards, calibrations), s.chrome("models"))
          })
        )
      ],
      [
        "GET",
        `${DASHBOARD_PATH}/coverage`,
        signedIn((s) =>
          Effect.map(
            Effect.flatMap(Catalog, (c) => c.coverage(operations, sportSources)),
            (rows) => page(200, "Coverage", Pages.coveragePage(rows), s.chrome("coverage"))
          )
        )
      ],
      [
        "GET",
        `${DASHBOARD_PATH}/status`,
        signedIn((s) =>
          Effect.map(
            Effect.flatMap(Catalog, (c) => c.dataStatus()),
            (rows) => page(200, "Data status", Pages.statusPage(rows), s.chrome("status"))
          )
        )
      ]
    ] as const

    const unavailable = page(503, "Please try again shortly", html`<p>The service is briefly unavailable.</p>`)
    const failed = page(500, "Something went wrong", html`<p>This page could not be shown. Please try again.</p>`)
    for (const [method, path, handler] of routes) {
      // a store outage is a 503 page; anything else a 500 page (the cause logged, never shown)
      const guarded = (handler as Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, unknown>).pipe(
        Effect.catchAllCause((cause) => {
          const error = Cause.failureOption(cause)
          const outage = Option.isSome(error) && typeof error.value === "object" && error.value !== null &&
            "_tag" in error.value && error.value._tag === "StoreUnavailable"
          return outage
            ? Effect.succeed(unavailable)
            : Effect.as(Effect.logError("dashboard page failed", cause).pipe(Effect.annotateLogs({ path })), failed)
        }),
        Effect.provide(context)
      ) as Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest>
      yield* (method === "GET" ? router.get(path, guarded) : router.post(path, guarded))
    }
    for (const [name, asset] of Object.entries(assets)) {
      yield* router.get(
        `${DASHBOARD_PATH}/assets/${name}`,
        Effect.succeed(HttpServerResponse.uint8Array(asset.body, {
          headers: { ...SECURITY_HEADERS, "cache-control": "public, max-age=3600" },
          contentType: asset.type
        }))
      )
    }
  })
)
