/**
 * The developer dashboard's rules (`/dashboard`, runtimes/http/src/dashboard): sign-in by an
 * e-mailed one-time link (valid {@link SIGN_IN_LINK_MS}) or by a pasted key, server-side sessions
 * (valid {@link SESSION_MS}), the keys a session owns, and revoking one of them. Secrets (link
 * tokens, session ids, keys) are returned as `Redacted` and stored only as SHA-256 hashes
 * (`ApiKey.hashKey`); no secret and no e-mail address reaches a log line.
 *
 * Who a session owns: the keys whose owner address equals the session's `email` (compared
 * without case), or, for a pasted key without an owner, that key alone.
 * @module
 */
import {
  ApiKey,
  type AuditStore,
  type DashboardSession,
  DashboardStore,
  KeyStore,
  Mailer,
  type MailFailure,
  ModelRegistryReader,
  Models,
  SESSION_MS,
  SIGN_IN_LINK_MS,
  type StoreError,
  type TeamSport,
  UsageStore
} from "@sports-data/domain"
import { Clock, Effect, Option as O, Redacted } from "effect"

type Option<A> = O.Option<A>
import { audit, escapeHtml, isEmail, KeyNotFound } from "./Keys.js"

export { SESSION_MS, SIGN_IN_LINK_MS }

/** Sign-in e-mails sent to one address per UTC day at most; further requests send nothing (the answer is the same). */
export const SIGN_IN_MAILS_PER_DAY = 10

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** The e-mail carrying a sign-in link: plain text and HTML (the link escaped). */
export const signInMail = (to: string, link: string, expiresAt: Date) => {
  const until = expiresAt.toISOString().replace("T", " ").slice(0, 16) + " UTC"
  return {
    to,
    subject: "Your Sports Data dashboard sign-in link",
    text: [
      "Someone (we hope you) asked to sign in to the Sports Data dashboard with this address.",
      "",
      `Open this link to sign in: ${link}`,
      "",
      `The link works once, until ${until}. If you did not ask for it, ignore this message.`
    ].join("\n"),
    html: `<p>Someone (we hope you) asked to sign in to the Sports Data dashboard with this address.</p>` +
      `<p><a href="${escapeHtml(link)}">Sign in to the dashboard</a></p>` +
      `<p>The link works once, until ${escapeHtml(until)}. If you did not ask for it, ignore this message.</p>`
  }
}

/**
 * Sends a sign-in link to `email` when a key that is not revoked has that owner address (at most
 * {@link SIGN_IN_MAILS_PER_DAY} per address and UTC day); otherwise sends nothing. The caller
 * answers the same either way, so an answer never tells whether the address owns a key. `link`
 * turns the token into the URL to e-mail. Returns false for a malformed address (nothing sent).
 * Fails with MailFailure when the mail transport refuses, or a StoreError.
 */
export const requestSignInLink = (options: {
  readonly email: string
  readonly link: (token: string) => string
}): Effect.Effect<boolean, MailFailure | StoreError, KeyStore | DashboardStore | UsageStore | Mailer> =>
  Effect.gen(function*() {
    const email = options.email.trim()
    if (!isEmail(email)) return false
    const at = yield* now
    const owned = (yield* (yield* KeyStore).findByEmail(email)).some((k) => k.state !== "revoked")
    if (!owned) return true
    const counter = yield* ApiKey.hashKey(`dashboard-sign-in:${email.toLowerCase()}`)
    const counted = yield* (yield* UsageStore).consume(
      counter,
      { per_minute: null, per_day: SIGN_IN_MAILS_PER_DAY, per_month: null },
      at
    )
    if (!counted.admitted) return true
    const token = ApiKey.activationToken()
    const expires = new Date(at.getTime() + SIGN_IN_LINK_MS)
    yield* (yield* DashboardStore).createLink({
      token_hash: yield* ApiKey.hashKey(Redacted.value(token)),
      email,
      created_at: at,
      expires_at: expires
    })
    yield* (yield* Mailer).send(signInMail(email, options.link(Redacted.value(token)), expires))
    yield* Effect.logInfo("dashboard sign-in link sent")
    return true
  }).pipe(Effect.withSpan("Dashboard.requestSignInLink"))

/** A new session: its id (the cookie's value, shown once) and what is stored of it. */
export interface NewSession {
  readonly id: Redacted.Redacted<string>
  readonly session: DashboardSession
}

const openSession = (owner: { readonly email: string | null; readonly key_hash: string | null }) =>
  Effect.gen(function*() {
    const at = yield* now
    const id = ApiKey.activationToken()
    const session: DashboardSession = {
      id_hash: yield* ApiKey.hashKey(Redacted.value(id)),
      email: owner.email,
      key_hash: owner.key_hash,
      created_at: at,
      expires_at: new Date(at.getTime() + SESSION_MS)
    }
    yield* (yield* DashboardStore).createSession(session)
    yield* Effect.logInfo("dashboard session opened")
    return { id, session } satisfies NewSession
  })

/** Follows an e-mailed link (at most once, within its 15 minutes): a session of its address; None otherwise. */
export const signInWithLink = (
  token: string
): Effect.Effect<Option<NewSession>, StoreError, DashboardStore> =>
  Effect.gen(function*() {
    const link = yield* (yield* DashboardStore).claimLink(yield* ApiKey.hashKey(token), yield* now)
    if (O.isNone(link)) return O.none()
    return O.some(yield* openSession({ email: link.value.email, key_hash: null }))
  }).pipe(Effect.withSpan("Dashboard.signInWithLink"))

/**
 * Signs in with a pasted key: a session of its owner address (or of the key alone when it has
 * none), when the key is active and not revoked; None otherwise (unknown, pending, revoked).
 */
export const signInWithKey = (
  key: Redacted.Redacted<string>
): Effect.Effect<Option<NewSession>, StoreError, DashboardStore | KeyStore> =>
  Effect.gen(function*() {
    const record = yield* (yield* KeyStore).findByHash(yield* ApiKey.hashKey(Redacted.value(key).trim()))
    if (O.isNone(record) || record.value.state !== "active" || record.value.revoked_at !== null) return O.none()
    return O.some(yield* openSession({ email: record.value.email, key_hash: record.value.key_hash }))
  }).pipe(Effect.withSpan("Dashboard.signInWithKey"))

/** The live session of the cookie value `id`, if any. */
export const findSession = (
  id: string
): Effect.Effect<Option<DashboardSession>, StoreError, DashboardStore> =>
  Effect.gen(function*() {
    return yield* (yield* DashboardStore).findSession(yield* ApiKey.hashKey(id), yield* now)
  })

/** Ends the session of the cookie value `id` (sign-out). */
export const signOut = (id: string): Effect.Effect<void, StoreError, DashboardStore> =>
  Effect.gen(function*() {
    yield* (yield* DashboardStore).deleteSession(yield* ApiKey.hashKey(id))
    yield* Effect.logInfo("dashboard session closed")
  })

/** The keys `session` owns, newest first (revoked ones too). */
export const ownedKeys = (
  session: DashboardSession
): Effect.Effect<ReadonlyArray<ApiKey.ApiKeyRecord>, StoreError, KeyStore> =>
  Effect.gen(function*() {
    const store = yield* KeyStore
    const keys = session.email !== null
      ? yield* store.findByEmail(session.email)
      : O.toArray(yield* store.findByHash(session.key_hash ?? ""))
    return [...keys].sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
  })

/**
 * Revokes the session's keys with 12-character prefix `prefix` that are not revoked yet (by hash:
 * another owner's key with the same prefix is untouched), each with an audit entry `key.revoked`
 * (actor owner). Returns how many; fails with KeyNotFound when the session owns no such live key.
 */
export const revokeOwnedKey = (
  session: DashboardSession,
  prefix: string
): Effect.Effect<number, KeyNotFound | StoreError, KeyStore | AuditStore> =>
  Effect.gen(function*() {
    const store = yield* KeyStore
    const at = yield* now
    const live = (yield* ownedKeys(session)).filter((k) => k.key_prefix === prefix && k.state !== "revoked")
    if (live.length === 0) return yield* new KeyNotFound({ prefix })
    for (const k of live) {
      yield* store.update({ ...k, state: "revoked", revoked_at: at })
      yield* audit(k.key_hash, "key.revoked", "owner", { tier: k.tier, via: "dashboard" })
    }
    yield* Effect.logInfo("key revoked from the dashboard").pipe(Effect.annotateLogs({ prefix }))
    return live.length
  }).pipe(Effect.withSpan("Dashboard.revokeOwnedKey"))

/**
 * The reliability diagram of the ACTIVE confidence model of `sport`: the 10 bins of its stored
 * predictions whose outcome is known (outcome: `actual >= threshold`), and their count.
 */
export const calibration = (sport: TeamSport) =>
  Effect.gen(function*() {
    const rows = yield* (yield* ModelRegistryReader).outcomes({ sport, model_type: "confidence" })
    return {
      observations: rows.length,
      bins: Models.calibrationBins(rows.map((r) => r.probability), rows.map((r) => (r.actual >= r.threshold ? 1 : 0)))
    }
  }).pipe(Effect.withSpan("Dashboard.calibration"))
