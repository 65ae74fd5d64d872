/**
 * The activation page of a trial signed up by e-mail: `GET /daas/trial/activate?token=<token>`,
 * the link that `POST /daas/trial/start` e-mails. A public route beside the API (no key, not in
 * the OpenAPI document: it answers HTML for a person, not JSON for a program).
 *
 * Followed once within 24 hours, it activates the sandbox key and shows it, once, on a small
 * HTML page (200). A second visit, a visit after 24 hours, or an unknown or malformed token
 * answers a page without a key (404). Every page is `no-store` (no cache keeps the key), sends no
 * referrer (the token is in the URL) and allows no script; everything placed in it is escaped.
 * @module
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Keys } from "@sports-data/app"
import { type AuditStore, KeyStore, type StoreError } from "@sports-data/domain"
import { PlanCatalogService } from "@sports-data/wiring"
import { Effect, Option, Redacted } from "effect"
import type { RouteShape } from "./Errors.js"

/** Path of the activation page. */
export const ACTIVATION_PATH = "/daas/trial/activate"

/** The route the page adds (for telling 405 from 404). */
export const activationRoutes: ReadonlyArray<RouteShape> = [{ method: "GET", path: ACTIVATION_PATH }]

/** The link to e-mail: the page at the public address `base`, with the token. */
export const activationLink = (base: string, token: string): string =>
  `${base.replace(/\/+$/, "")}${ACTIVATION_PATH}?token=${encodeURIComponent(token)}`

/** A token as issued: 43 base62 characters (ApiKey.activationToken). */
const TOKEN = /^[0-9A-Za-z]{43}$/

const HEADERS = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
}

const page = (status: number, title: string, body: string) =>
  HttpServerResponse.text(
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${Keys.escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
code{display:block;padding:.75rem;background:#f3f3f3;border-radius:4px;word-break:break-all;font-size:1.05rem}</style>
</head><body><h1>${Keys.escapeHtml(title)}</h1>
${body}
</body></html>
`,
    { status, headers: HEADERS, contentType: "text/html; charset=utf-8" }
  )

const noKeyPage = page(
  404,
  "This activation link cannot be used",
  "<p>The link was already used, has expired (links work for 24 hours), or is not complete. " +
    "A key is shown only once, on the first visit. You can sign up again with " +
    "<code>POST /daas/trial/start</code></p>"
)

/** The page for `token`: the key once, or the page without a key. */
export const activationPage = (token: string | undefined) =>
  Effect.gen(function*() {
    if (token === undefined || !TOKEN.test(token)) return noKeyPage
    const catalog = yield* PlanCatalogService
    const activated = yield* Keys.activateTrial({ catalog, token })
    if (Option.isNone(activated)) return noKeyPage
    const { key, record } = activated.value
    const ends = record.trial_ends_at === null ? "" : ` It works until ${record.trial_ends_at.toISOString()}.`
    return page(
      200,
      "Your sandbox key is active",
      `<p>This is your ${Keys.escapeHtml(record.tier)} key. Copy it now: it is shown only this once ` +
        `and only its hash is stored.${Keys.escapeHtml(ends)}</p>\n` +
        `<code>${Keys.escapeHtml(Redacted.value(key))}</code>\n` +
        `<p>Send it in the <code>X-Service-Key</code> header of every request. Its usage, limits and ` +
        `webhooks are on <a href="/dashboard">the dashboard</a> (sign in with this e-mail address).</p>`
    )
  })

/**
 * The route as a layer of the API router. Captures the stores and the plan catalog when built.
 * A store outage answers 503 as a page too.
 */
export const ActivationLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<KeyStore | AuditStore | PlanCatalogService>()
    yield* router.get(
      ACTIVATION_PATH,
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const token = new URL(request.url, "http://localhost").searchParams.get("token") ?? undefined
        return yield* activationPage(token)
      }).pipe(
        Effect.catchTags({
          StoreUnavailable: () =>
            Effect.succeed(page(503, "Please try again shortly", "<p>The service is briefly unavailable.</p>")),
          StoreFailure: (error: StoreError) => Effect.die(error)
        }),
        Effect.provide(context)
      )
    )
  })
)
