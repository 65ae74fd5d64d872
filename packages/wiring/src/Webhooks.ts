/**
 * Webhook delivery: target checks against server-side request forgery, signing, sending, and the
 * delivery loop that the worker (and `serve`, in-process) runs.
 *
 * - Targets (issue 13; decisions.md "Delivery"): https only; the host's every address (after DNS
 *   resolution, IPv4 and IPv6) must be public: no unspecified, loopback, private (10/8,
 *   172.16/12, 192.168/16), carrier-grade NAT (100.64/10), link-local (169.254/16, which holds the
 *   cloud metadata address 169.254.169.254; fe80::/10), unique-local (fc00::/7), multicast,
 *   reserved, IPv4-mapped or NAT64 forms of those. Checked at registration and again at each
 *   delivery INSIDE the connection's DNS lookup, so the address connected to is the address
 *   checked (a name re-pointed after registration, or between check and connect, is refused).
 *   SPORTS_DATA_WEBHOOK_ALLOW_HOSTS (host or host:port) lifts the address rule and allows http.
 * - Signature: `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body with the secret>`
 *   (specification, "Authentication" 8); `X-Service-Delivery-Id` (the delivery's UUID, the same on
 *   every retry and replay); `X-Service-Event`.
 * - A 2xx within 10 s is a success; anything else (status, timeout, refused address, network
 *   error) is a failed attempt, retried per SPORTS_DATA_WEBHOOK_RETRY_SCHEDULE; 3 failed
 *   deliveries in a row deactivate the webhook and e-mail the key's owner (Mailer port), with an
 *   audit entry `webhook.deactivated`.
 * - At least once: deliveries are claimed under a lease ({@link DeliveryOptions} `lease`); on
 *   interruption (SIGTERM) the loop lets attempts in flight finish, releases the rest, and stops.
 * @module
 */
import {
  auditEventId,
  AuditStore,
  type ClaimedDelivery,
  EventWake,
  KeyStore,
  Mailer,
  Webhooks,
  WebhookStore
} from "@sports-data/domain"
import { Clock, Duration, Effect, Layer, Option, Schema, Stream } from "effect"
import { createHmac, randomUUID } from "node:crypto"
import { lookup as dnsLookup, type LookupAddress } from "node:dns"
import { request as httpRequest } from "node:http"
import { request as httpsRequest } from "node:https"
import { BlockList, isIP } from "node:net"
import { mailerLayer } from "./Mail.js"
import { DEFAULT_WORKER_LEASE, type Settings } from "./Settings.js"

/** A webhook url that may not be used: `reason` says why (a 400 at registration). */
export class TargetRefused extends Schema.TaggedError<TargetRefused>()("TargetRefused", { reason: Schema.String }) {}

const blocked = new BlockList()
for (
  const [net, prefix] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4]
  ] as const
) blocked.addSubnet(net, prefix, "ipv4")
for (
  const [net, prefix] of [
    ["::", 128],
    ["::1", 128],
    ["fc00::", 7],
    ["fe80::", 10],
    ["ff00::", 8],
    ["2001:db8::", 32],
    ["100::", 64]
  ] as const
) blocked.addSubnet(net, prefix, "ipv6")

/** The embedded IPv4 address of an IPv4-mapped (::ffff:a.b.c.d), compatible or NAT64 (64:ff9b::/96) IPv6 address. */
const embeddedV4 = (address: string): string | undefined => {
  const m = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (m !== null) return m[1]
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (hex === null) return undefined
  const hi = parseInt(hex[1]!, 16)
  const lo = parseInt(hex[2]!, 16)
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
}

/**
 * Why `address` (an IP literal) may not be a webhook target, or undefined when it is public.
 * Classes as in the module doc (IANA special-purpose registries, RFC 6890).
 */
export const forbiddenAddress = (address: string): string | undefined => {
  const family = isIP(address)
  if (family === 0) return `${address} is not an IP address`
  if (family === 4) return blocked.check(address, "ipv4") ? `${address} is not a public address` : undefined
  const v4 = embeddedV4(address)
  if (v4 !== undefined) return forbiddenAddress(v4) === undefined ? undefined : `${address} is not a public address`
  return blocked.check(address, "ipv6") ? `${address} is not a public address` : undefined
}

/** Whether `url`'s host (or host:port) is in the allow list. */
export const allowedHost = (url: URL, allowHosts: ReadonlyArray<string>): boolean => {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase()
  const port = url.port === "" ? (url.protocol === "https:" ? "443" : "80") : url.port
  return allowHosts.some((entry) => entry === host || entry === `${host}:${port}` || entry === `[${host}]:${port}`)
}

const resolveAll = (host: string) =>
  Effect.async<ReadonlyArray<LookupAddress>, TargetRefused>((resume) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      resume(
        error === null ?
          Effect.succeed(addresses) :
          Effect.fail(new TargetRefused({ reason: `the host ${host} does not resolve (${error.code ?? "error"})` }))
      ))
  })

/**
 * Checks a webhook url: absolute, https (http only for an allowed host), no user info, and every
 * address the host resolves to public (unless allowed). Fails with TargetRefused saying why.
 */
export const checkTarget = (raw: string, allowHosts: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const url = yield* Effect.try({
      try: () => new URL(raw),
      catch: () => new TargetRefused({ reason: "must be an absolute https URL" })
    })
    const allowed = allowedHost(url, allowHosts)
    if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) {
      return yield* new TargetRefused({ reason: "must use https" })
    }
    if (url.username !== "" || url.password !== "") {
      return yield* new TargetRefused({ reason: "must not carry a user name or password" })
    }
    if (allowed) return url
    const host = url.hostname.replace(/^\[|\]$/g, "")
    const addresses = isIP(host) === 0 ? yield* resolveAll(host) : [{ address: host, family: isIP(host) }]
    for (const a of addresses) {
      const why = forbiddenAddress(a.address)
      if (why !== undefined) return yield* new TargetRefused({ reason: `${url.hostname} resolves to ${why}` })
    }
    return url
  })

/** `sha256=<hex HMAC-SHA256 of body keyed with secret>` (specification, "Authentication" 8). */
export const signature = (secret: string, body: string): string =>
  `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`

/** A new webhook secret: `whsec_` and 32 random bytes, base64url. */
export const newSecret = (): string =>
  `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url")}`

/** The result of one POST: the status (null when none) and the network error (null when none). */
export interface SendResult {
  readonly status_code: number | null
  readonly error: string | null
}

/**
 * POSTs a claimed delivery: signed headers, 10 s timeout (DELIVERY_TIMEOUT_MS), the connection's
 * DNS lookup refusing non-public addresses (unless the host is allowed). Never fails.
 */
export const send = (job: ClaimedDelivery, allowHosts: ReadonlyArray<string>): Effect.Effect<SendResult> =>
  Effect.async<SendResult>((resume) => {
    let url: URL
    try {
      url = new URL(job.url)
    } catch {
      return resume(Effect.succeed({ status_code: null, error: "invalid url" }))
    }
    const allowed = allowedHost(url, allowHosts)
    if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) {
      return resume(Effect.succeed({ status_code: null, error: "url is not https" }))
    }
    const checkedLookup = (
      host: string,
      options: object,
      callback: (error: NodeJS.ErrnoException | null, address: string | Array<LookupAddress>, family?: number) => void
    ) =>
      dnsLookup(host, { ...options, all: true, verbatim: true }, (error, addresses) => {
        if (error !== null) return callback(error, "", 0)
        const bad = allowed ? undefined : addresses.map((a) => forbiddenAddress(a.address)).find((r) => r !== undefined)
        if (bad !== undefined) {
          const refused: NodeJS.ErrnoException = new Error(`refused: ${host} resolves to ${bad}`)
          refused.code = "EADDRREFUSED"
          return callback(refused, "", 0)
        }
        if ((options as { all?: boolean }).all === true) return callback(null, addresses)
        return callback(null, addresses[0]!.address, addresses[0]!.family)
      })
    const literal = url.hostname.replace(/^\[|\]$/g, "")
    if (!allowed && isIP(literal) !== 0) {
      const why = forbiddenAddress(literal)
      if (why !== undefined) return resume(Effect.succeed({ status_code: null, error: `refused: ${why}` }))
    }
    const body = job.delivery.body
    const req = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, {
      method: "POST",
      lookup: checkedLookup as never,
      timeout: Webhooks.DELIVERY_TIMEOUT_MS,
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "user-agent": "sports-data-webhooks/1",
        "x-service-signature": signature(job.secret, body),
        "x-service-delivery-id": job.delivery.id,
        "x-service-event": job.delivery.event_name
      }
    })
    let done = false
    const finish = (result: SendResult) => {
      if (done) return
      done = true
      resume(Effect.succeed(result))
    }
    const timer = setTimeout(() => {
      req.destroy(new Error("timed out after 10 s"))
    }, Webhooks.DELIVERY_TIMEOUT_MS)
    req.on("response", (res) => {
      res.resume()
      res.on("end", () => {
        clearTimeout(timer)
        finish({ status_code: res.statusCode ?? null, error: null })
      })
      res.on("error", (e) => {
        clearTimeout(timer)
        finish({ status_code: res.statusCode ?? null, error: e.message })
      })
    })
    req.on("timeout", () => req.destroy(new Error("timed out after 10 s")))
    req.on("error", (e) => {
      clearTimeout(timer)
      finish({ status_code: null, error: e.message })
    })
    req.end(body)
    return Effect.sync(() => {
      clearTimeout(timer)
      req.destroy()
    })
  })

/** Options of the delivery loop. */
export interface DeliveryOptions {
  /** Delays of the attempts (SPORTS_DATA_WEBHOOK_RETRY_SCHEDULE). */
  readonly schedule: ReadonlyArray<Duration.DurationInput>
  /** Hosts allowed over any address and http (SPORTS_DATA_WEBHOOK_ALLOW_HOSTS). */
  readonly allowHosts: ReadonlyArray<string>
  /** Lease of a claimed delivery (default 60 s: longer than one attempt's 10 s timeout). */
  readonly lease?: Duration.DurationInput | undefined
  /** Longest wait between passes when nothing wakes the loop (default 1 s: retries come due). */
  readonly idle?: Duration.DurationInput | undefined
  /** Deliveries claimed per pass (default 20), sent concurrently. */
  readonly batch?: number | undefined
}

/** The e-mail to the owner of a deactivated webhook. */
const deactivationMail = (to: string, hook: Webhooks.Webhook) => ({
  to,
  subject: "Your webhook was deactivated",
  text: `Your webhook ${hook.id} (${hook.url}) was deactivated after ${Webhooks.MAX_CONSECUTIVE_FAILURES} ` +
    `consecutive failed deliveries (each tried on the whole retry schedule).\n\n` +
    `Check that the receiver answers 2xx within 10 seconds, then register it again with POST /daas/webhooks.\n` +
    `Its delivery log stays readable at GET /daas/webhooks/${hook.id}/deliveries.\n`
})

/**
 * One pass: fan the outbox out into deliveries, claim the due ones, send them concurrently,
 * record each attempt; a webhook deactivated by it gets an audit entry and its owner an e-mail.
 * Returns the number of attempts made.
 */
export const deliveryPass = (options: DeliveryOptions) =>
  Effect.gen(function*() {
    const store = yield* WebhookStore
    const schedule = options.schedule.map((d) => Duration.toMillis(Duration.decode(d)))
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* store.fanOut({ now, firstDelayMs: schedule[0] ?? 0, graceMs: 2000, limit: 500, newId: randomUUID })
    const lease = Duration.toMillis(Duration.decode(options.lease ?? DEFAULT_WORKER_LEASE))
    const claimed = yield* store.claim(now, lease, options.batch ?? 20)
    yield* Effect.forEach(claimed, (job) => attempt(job, options.allowHosts, schedule), {
      concurrency: "unbounded",
      discard: true
    }).pipe(Effect.onInterrupt(() => Effect.ignore(store.release(claimed.map((j) => j.delivery.id)))))
    return claimed.length
  })

const attempt = (job: ClaimedDelivery, allowHosts: ReadonlyArray<string>, schedule: ReadonlyArray<number>) =>
  Effect.gen(function*() {
    const store = yield* WebhookStore
    const started = yield* Clock.currentTimeMillis
    // uninterruptible: an attempt in flight at shutdown finishes and is recorded
    const result = yield* Effect.uninterruptible(send(job, allowHosts))
    const finished = yield* Clock.currentTimeMillis
    const ok = result.status_code !== null && result.status_code >= 200 && result.status_code < 300
    const deactivated = yield* store.record(job.delivery.id, {
      attempt: {
        attempt: job.delivery.attempts + 1,
        attempted_at: new Date(started),
        status_code: result.status_code,
        error: result.error,
        duration_ms: finished - started
      },
      ok,
      schedule,
      maxFailures: Webhooks.MAX_CONSECUTIVE_FAILURES
    })
    if (Option.isSome(deactivated)) yield* notifyDeactivated(deactivated.value, new Date(finished))
  })

const notifyDeactivated = (hook: Webhooks.Webhook, at: Date) =>
  Effect.gen(function*() {
    const audit = yield* AuditStore
    yield* audit.record([{
      id: auditEventId(),
      key_hash: hook.key_hash,
      action: "webhook.deactivated",
      occurred_at: at,
      actor: "system",
      details: { webhook_id: hook.id, reason: hook.deactivation_reason ?? "" }
    }])
    const key = yield* (yield* KeyStore).findByHash(hook.key_hash)
    const email = Option.flatMap(key, (k) => Option.fromNullable(k.email))
    if (Option.isNone(email)) {
      return yield* Effect.logWarning("webhook deactivated; its key has no owner e-mail").pipe(
        Effect.annotateLogs({ webhook_id: hook.id })
      )
    }
    yield* (yield* Mailer).send(deactivationMail(email.value, hook)).pipe(
      Effect.catchAll((e) => Effect.logWarning("webhook deactivation e-mail not sent", e.message))
    )
  })

/**
 * The delivery loop as a layer: a pass at start, then a pass whenever the outbox wakes or `idle`
 * passes, until the layer's scope closes (attempts in flight finish; claimed but unsent
 * deliveries are released). Failures of a pass are logged and the loop goes on.
 */
export const DeliveryLive = (options: DeliveryOptions) =>
  Layer.scopedDiscard(Effect.gen(function*() {
    const wake = yield* EventWake
    const context = yield* Effect.context<WebhookStore | AuditStore | KeyStore | Mailer>()
    const pass = deliveryPass(options).pipe(
      Effect.catchAllCause((cause) => Effect.as(Effect.logWarning("webhook delivery pass failed", cause), 0)),
      Effect.provide(context)
    )
    const triggers = Stream.merge(
      Stream.make(undefined),
      Stream.merge(wake.wakes, Stream.tick(options.idle ?? "1 second"))
    ).pipe(Stream.buffer({ capacity: 1, strategy: "sliding" }))
    yield* Effect.forkScoped(Stream.runForEach(triggers, () => pass))
  }))

/**
 * The delivery loop with the settings' retry schedule, allowed hosts and lease, e-mailing through the
 * mailer the settings choose (SMTP_URL, else .eml files). Used by `serve` and the worker.
 */
export const DeliveryFromSettings = (
  settings: Pick<
    Settings,
    "webhookRetrySchedule" | "webhookAllowHosts" | "smtpUrl" | "mailDir" | "publicUrl" | "port" | "workerLease"
  >
) =>
  DeliveryLive({
    schedule: settings.webhookRetrySchedule,
    allowHosts: settings.webhookAllowHosts,
    lease: settings.workerLease
  }).pipe(
    Layer.provide(mailerLayer(settings))
  )
