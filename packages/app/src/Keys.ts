/**
 * Operator key management over the KeyStore port: issue, list and revoke API keys, and the demo
 * keys that `serve` ensures. The key itself is returned once, at issue, as a `Redacted` value; what
 * is listed ({@link KeyInfo}) never holds the key or its hash.
 * @module
 */
import {
  Admission,
  ApiKey,
  type AuditAction,
  type AuditActor,
  type AuditEvent,
  auditEventId,
  AuditStore,
  Conflict,
  DailyLimitExceeded,
  InvalidParameter,
  KeyStore,
  Mailer,
  type MailFailure,
  Plans,
  type StoreError,
  UsageStore
} from "@sports-data/domain"
import { Clock, Data, Effect, Option, Redacted, Schema } from "effect"

/** The tier named is not a tier of the catalog. */
export class UnknownTier extends Data.TaggedError("UnknownTier")<{
  readonly tier: string
  readonly known: ReadonlyArray<string>
}> {
  override get message(): string {
    return `unknown tier "${this.tier}" (expected one of: ${this.known.join(", ")})`
  }
}

/** The e-mail given is not an address of the form `local@domain`. */
export class InvalidEmail extends Data.TaggedError("InvalidEmail")<{ readonly email: string }> {
  override get message(): string {
    return `invalid e-mail address "${this.email}"`
  }
}

/** No key that is not yet revoked has this 12-character prefix. */
export class KeyNotFound extends Data.TaggedError("KeyNotFound")<{ readonly prefix: string }> {
  override get message(): string {
    return `no active or pending key has the prefix "${this.prefix}"`
  }
}

/**
 * What an operator may see of a key: its 12-character display prefix, tier, lifecycle state,
 * owner e-mail, and UTC instants (created, trial end for sandbox keys, last use). Never the key
 * or its hash.
 */
export interface KeyInfo {
  readonly prefix: string
  readonly tier: Plans.Tier
  readonly state: ApiKey.KeyState
  readonly email: string | null
  readonly created_at: Date
  readonly trial_ends_at: Date | null
  readonly last_used_at: Date | null
}

/** The operator's view of a stored record (drops the hash). */
export const keyInfo = (record: ApiKey.ApiKeyRecord): KeyInfo => ({
  prefix: record.key_prefix,
  tier: record.tier,
  state: record.state,
  email: record.email,
  created_at: record.created_at,
  trial_ends_at: record.trial_ends_at,
  last_used_at: record.last_used_at
})

/** A key just issued: the key (shown once, never stored) and what is stored of it. */
export interface CreatedKey {
  readonly key: Redacted.Redacted<string>
  readonly info: KeyInfo
}

const decodeTier = Schema.decodeUnknownEither(Plans.Tier)

/**
 * Appends one event to the audit trail of the key `keyHash`, at the Clock's now. `details` hold
 * no key, secret or e-mail address (AuditStore.ts).
 */
export const audit = (
  keyHash: string,
  action: AuditAction,
  actor: AuditActor,
  details: AuditEvent["details"] = {}
): Effect.Effect<void, StoreError, AuditStore> =>
  Effect.gen(function*() {
    const store = yield* AuditStore
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* store.record([{ id: auditEventId(), key_hash: keyHash, action, occurred_at: now, actor, details }])
  })
const EMAIL = /^[^\s@]+@[^\s@]+$/

/** Checks a tier name against the catalog. Fails with UnknownTier. */
export const parseTier = (catalog: Plans.PlanCatalog, tier: string): Effect.Effect<Plans.Tier, UnknownTier> => {
  const known = catalog.map((p) => p.tier)
  const decoded = decodeTier(tier)
  return decoded._tag === "Right" && known.includes(decoded.right)
    ? Effect.succeed(decoded.right)
    : Effect.fail(new UnknownTier({ tier, known }))
}

/**
 * Issues an active key of `tier` (sandbox keys start their 14-day trial now) and stores its
 * record. Time is the Effect `Clock`. Fails with UnknownTier, InvalidEmail, Conflict (a hash
 * collision, practically impossible) or a StoreError.
 */
export const createKey = (options: {
  readonly catalog: Plans.PlanCatalog
  readonly tier: string
  readonly email?: string | null | undefined
}): Effect.Effect<CreatedKey, UnknownTier | InvalidEmail | Conflict | StoreError, KeyStore | AuditStore> =>
  Effect.gen(function*() {
    const tier = yield* parseTier(options.catalog, options.tier)
    const email = options.email ?? null
    if (email !== null && !EMAIL.test(email)) return yield* Effect.fail(new InvalidEmail({ email }))
    const now = new Date(yield* Clock.currentTimeMillis)
    const issued = yield* ApiKey.issueKey({ catalog: options.catalog, tier, now, email })
    const store = yield* KeyStore
    yield* store.create(issued.record)
    yield* audit(issued.record.key_hash, "key.created", "operator", { tier, state: "active", via: "operator" })
    yield* Effect.logInfo("key issued").pipe(Effect.annotateLogs({ tier, prefix: issued.record.key_prefix }))
    return { key: issued.key, info: keyInfo(issued.record) }
  }).pipe(Effect.withSpan("Keys.createKey"))

/** Every stored key, oldest first, as {@link KeyInfo}. */
export const listKeys: Effect.Effect<ReadonlyArray<KeyInfo>, StoreError, KeyStore> = Effect.flatMap(
  KeyStore,
  (store) => store.list
).pipe(Effect.map((records) => records.map(keyInfo)), Effect.withSpan("Keys.listKeys"))

/**
 * Revokes every key with this 12-character prefix that is not already revoked; returns how many
 * were revoked. A whole key is accepted too: only its prefix is used (and echoed), so a pasted
 * key never appears in the output. Fails with KeyNotFound when no key was revoked.
 */
export const revokeKey = (
  prefixOrKey: string
): Effect.Effect<number, KeyNotFound | StoreError, KeyStore | AuditStore> =>
  Effect.gen(function*() {
    const prefix = ApiKey.keyPrefix(prefixOrKey.trim())
    const store = yield* KeyStore
    const now = new Date(yield* Clock.currentTimeMillis)
    const live = (yield* store.findByPrefix(prefix)).filter((k) => k.state !== "revoked")
    const revoked = yield* store.revoke(prefix, now)
    if (revoked === 0) return yield* Effect.fail(new KeyNotFound({ prefix }))
    yield* Effect.forEach(live, (k) => audit(k.key_hash, "key.revoked", "operator", { tier: k.tier }), {
      discard: true
    })
    yield* Effect.logInfo("key revoked").pipe(Effect.annotateLogs({ prefix, count: revoked }))
    return revoked
  }).pipe(Effect.withSpan("Keys.revokeKey"))

/** The owner e-mail that marks the demo keys of `serve` (the `.invalid` domain is reserved, RFC 2606). */
export const DEMO_EMAIL = "demo@sports-data.invalid"

/** The demo key of one tier: newly issued (with its key, shown once) or already stored (key unknown). */
export type DemoKey =
  | { readonly _tag: "Created"; readonly key: Redacted.Redacted<string>; readonly info: KeyInfo }
  | { readonly _tag: "Existing"; readonly info: KeyInfo }

/**
 * Ensures one usable demo key per current tier (sandbox to syndicate_alpha): a stored key owned by
 * {@link DEMO_EMAIL} that is active and, for a trial, not yet ended. Tiers without one get a new key.
 * Only new keys carry the key itself: it is never stored, so an existing demo key cannot be shown again.
 */
export const ensureDemoKeys = (
  catalog: Plans.PlanCatalog
): Effect.Effect<
  ReadonlyArray<DemoKey>,
  UnknownTier | InvalidEmail | Conflict | StoreError,
  KeyStore | AuditStore
> =>
  Effect.gen(function*() {
    const store = yield* KeyStore
    const now = yield* Clock.currentTimeMillis
    const records = yield* store.list
    const usable = (r: ApiKey.ApiKeyRecord) =>
      r.email === DEMO_EMAIL && r.state === "active" && (r.trial_ends_at === null || r.trial_ends_at.getTime() > now)
    return yield* Effect.forEach(Plans.CurrentTier.literals, (tier) => {
      const existing = records.filter((r) => r.tier === tier && usable(r)).at(-1)
      return existing !== undefined
        ? Effect.succeed<DemoKey>({ _tag: "Existing", info: keyInfo(existing) })
        : Effect.map(createKey({ catalog, tier, email: DEMO_EMAIL }), (c): DemoKey => ({ _tag: "Created", ...c }))
    })
  }).pipe(Effect.withSpan("Keys.ensureDemoKeys"))

/**
 * Sign-up limits (documented in the README): at most {@link TRIALS_PER_EMAIL_PER_DAY} trials per
 * e-mail address and {@link TRIALS_PER_CLIENT_PER_DAY} per client address per UTC day, counted
 * exactly in the UsageStore under the SHA-256 of `trial-email:<address in lower case>` and
 * `trial-client:<address>` (neither address is stored in clear).
 */
export const TRIALS_PER_EMAIL_PER_DAY = 3
/** See {@link TRIALS_PER_EMAIL_PER_DAY}. */
export const TRIALS_PER_CLIENT_PER_DAY = 10

/** A well-formed e-mail address: one `@`, no spaces, a dot in the domain, at most 254 characters. */
export const isEmail = (email: string): boolean =>
  email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) &&
  ![...email].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

/** Counts one trial against a sign-up limit; fails with DailyLimitExceeded when it is used up. */
const countTrial = (subject: string, limit: number, now: Date) =>
  Effect.gen(function*() {
    const usage = yield* UsageStore
    const hash = yield* ApiKey.hashKey(subject)
    const outcome = yield* usage.consume(hash, { per_minute: null, per_day: limit, per_month: null }, now)
    if (outcome.admitted) return
    const reset = Admission.nextDailyReset(now)
    return yield* Effect.fail(
      new DailyLimitExceeded({
        calls_today: outcome.counts.day,
        daily_limit: limit,
        resets_on: reset.toISOString(),
        retry_after_seconds: Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 1000))
      })
    )
  })

/**
 * The checks of a sign-up: a well-formed address (trimmed) and the sign-up limits of the address
 * and of the client, counted now. Fails with InvalidParameter (email) or DailyLimitExceeded.
 */
const signUp = (options: { readonly email: string; readonly client: string | undefined }) =>
  Effect.gen(function*() {
    const email = options.email.trim()
    if (!isEmail(email)) {
      return yield* Effect.fail(new InvalidParameter({ parameter: "email", reason: "must be an e-mail address" }))
    }
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* countTrial(`trial-email:${email.toLowerCase()}`, TRIALS_PER_EMAIL_PER_DAY, now)
    if (options.client !== undefined) {
      yield* countTrial(`trial-client:${options.client}`, TRIALS_PER_CLIENT_PER_DAY, now)
    }
    return { email, now }
  })

/**
 * `POST /mcp/start-trial`: issues an active sandbox key for `email` at once (its 14-day trial starts
 * now) and returns it, once. Whether the address already has a key is never revealed: every valid
 * request within the limits gets a new key. Fails with InvalidParameter (email) for a malformed
 * address, DailyLimitExceeded past the sign-up limits (per address, per client), StoreError.
 */
export const startTrial = (options: {
  readonly catalog: Plans.PlanCatalog
  readonly email: string
  readonly client: string | undefined
}): Effect.Effect<
  { readonly key: Redacted.Redacted<string>; readonly record: ApiKey.ApiKeyRecord },
  InvalidParameter | DailyLimitExceeded | Conflict | StoreError,
  KeyStore | UsageStore | AuditStore
> =>
  Effect.gen(function*() {
    const { email, now } = yield* signUp(options)
    const issued = yield* ApiKey.issueKey({ catalog: options.catalog, tier: "sandbox", now, email })
    yield* Effect.flatMap(KeyStore, (store) => store.create(issued.record))
    yield* audit(issued.record.key_hash, "key.created", "owner", {
      tier: "sandbox",
      state: "active",
      via: "mcp/start-trial"
    })
    yield* Effect.logInfo("trial key issued").pipe(Effect.annotateLogs({ prefix: issued.record.key_prefix }))
    return { key: issued.key, record: issued.record }
  }).pipe(Effect.withSpan("Keys.startTrial"))

/**
 * `POST /daas/register-key`: links an owner address to the caller's key (`record`, a key issued
 * without one, for example through a marketplace). Fails with Conflict when the key already has
 * an owner, InvalidParameter (email) for a malformed address, StoreError.
 */
export const registerKey = (
  record: ApiKey.ApiKeyRecord,
  email: string
): Effect.Effect<ApiKey.ApiKeyRecord, InvalidParameter | Conflict | StoreError, KeyStore | AuditStore> =>
  Effect.gen(function*() {
    const address = email.trim()
    if (!isEmail(address)) {
      return yield* Effect.fail(new InvalidParameter({ parameter: "email", reason: "must be an e-mail address" }))
    }
    const store = yield* KeyStore
    const current = (yield* store.findByPrefix(record.key_prefix)).find((k) => k.key_hash === record.key_hash) ?? record
    if (current.email !== null) {
      return yield* Effect.fail(new Conflict({ message: "This key is already registered to an owner." }))
    }
    const updated = { ...current, email: address }
    yield* store.update(updated)
    yield* audit(updated.key_hash, "key.registered", "owner")
    return updated
  }).pipe(Effect.withSpan("Keys.registerKey"))

/** The e-mail carrying an activation link: plain text and HTML (the link escaped). */
export const activationMail = (to: string, link: string, expiresAt: Date): {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
} => {
  const until = expiresAt.toISOString().replace("T", " ").slice(0, 16) + " UTC"
  const href = escapeHtml(link)
  return {
    to,
    subject: "Activate your Sports Data sandbox key",
    text: [
      "Someone (we hope you) asked for a 14-day Sports Data sandbox key for this address.",
      "",
      `Open this link to activate it and see the key (once): ${link}`,
      "",
      `The link works once, until ${until}. If you did not ask for a key, ignore this message.`
    ].join("\n"),
    html: `<p>Someone (we hope you) asked for a 14-day Sports Data sandbox key for this address.</p>` +
      `<p><a href="${href}">Activate the key and see it (once)</a></p>` +
      `<p>The link works once, until ${escapeHtml(until)}. If you did not ask for a key, ignore this message.</p>`
  }
}

/** `&`, `<`, `>`, `"` and `'` as HTML character references, for text placed in HTML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * `POST /daas/trial/start`: after the sign-up checks (address, limits per address and client,
 * shared with `/mcp/start-trial`), issues a sandbox key pending activation, stores it with an
 * activation whose token only the e-mail holds (hashed in the store, the key sealed for it), and
 * e-mails the link `activationLink(token)`, valid {@link ApiKey.ACTIVATION_WINDOW_MS} (24 h). Returns
 * when the link expires; never the key, and the same answer whether or not the address already
 * has a key. Fails with InvalidParameter (email), DailyLimitExceeded, MailFailure (the key stays
 * pending and expires unused), Conflict, StoreError.
 */
export const startEmailTrial = (options: {
  readonly catalog: Plans.PlanCatalog
  readonly email: string
  readonly client: string | undefined
  readonly activationLink: (token: string) => string
}): Effect.Effect<
  { readonly activation_expires_at: Date },
  InvalidParameter | DailyLimitExceeded | MailFailure | Conflict | StoreError,
  KeyStore | UsageStore | AuditStore | Mailer
> =>
  Effect.gen(function*() {
    const { email, now } = yield* signUp(options)
    const issued = yield* ApiKey.issueKey({
      catalog: options.catalog,
      tier: "sandbox",
      now,
      email,
      state: "pending_activation"
    })
    const expires = issued.record.activation_expires_at ?? new Date(now.getTime() + ApiKey.ACTIVATION_WINDOW_MS)
    const token = ApiKey.activationToken()
    const activation: ApiKey.PendingActivation = {
      token_hash: yield* ApiKey.hashKey(Redacted.value(token)),
      key_hash: issued.record.key_hash,
      sealed_key: yield* ApiKey.sealKey(issued.key, token),
      expires_at: expires,
      used_at: null
    }
    yield* Effect.flatMap(KeyStore, (store) => store.createPending(issued.record, activation))
    yield* audit(issued.record.key_hash, "key.created", "owner", {
      tier: "sandbox",
      state: "pending_activation",
      via: "daas/trial/start"
    })
    const mailer = yield* Mailer
    yield* mailer.send(activationMail(email, options.activationLink(Redacted.value(token)), expires))
    yield* Effect.logInfo("trial key pending activation, link sent").pipe(
      Effect.annotateLogs({ prefix: issued.record.key_prefix })
    )
    return { activation_expires_at: expires }
  }).pipe(Effect.withSpan("Keys.startEmailTrial"))

/**
 * Follows an activation link: at most once and before it expires, activates the pending key (its
 * 14-day trial starts now) and returns it, the one time it is shown, with its record. None for a
 * token that is unknown, already used, expired, or whose key was revoked meanwhile. Fails with
 * StoreError only.
 */
export const activateTrial = (options: {
  readonly catalog: Plans.PlanCatalog
  readonly token: string
}): Effect.Effect<
  Option.Option<{ readonly key: Redacted.Redacted<string>; readonly record: ApiKey.ApiKeyRecord }>,
  StoreError,
  KeyStore | AuditStore
> =>
  Effect.gen(function*() {
    const store = yield* KeyStore
    const now = new Date(yield* Clock.currentTimeMillis)
    const token = Redacted.make(options.token)
    const tokenHash = yield* ApiKey.hashKey(options.token)
    const claimed = yield* store.claimActivation(tokenHash, now, (r) => ApiKey.activate(options.catalog, r, now))
    if (Option.isNone(claimed) || claimed.value.record.state !== "active") return Option.none()
    const key = yield* ApiKey.openSealedKey(claimed.value.sealed_key, token)
    if (Option.isNone(key)) return Option.none()
    const record = claimed.value.record
    yield* audit(record.key_hash, "key.activated", "owner", { tier: record.tier })
    yield* Effect.logInfo("trial key activated").pipe(Effect.annotateLogs({ prefix: record.key_prefix }))
    return Option.some({ key: key.value, record })
  }).pipe(Effect.withSpan("Keys.activateTrial"))
