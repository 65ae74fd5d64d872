/**
 * The account feature: what a key has used and may still use (`/daas/usage`,
 * `/daas/rate-limit-status`) and the keys of its owner (`/daas/key-info`). Reads the KeyStore and
 * UsageStore; the counts come from admission, so they equal what admission counted.
 * @module
 */
import {
  Admission,
  type ApiKey,
  auditEventKey,
  AuditStore,
  KeyStore,
  Paging,
  type Plans,
  ResourceNotFound,
  type Resources,
  type UsageCounts,
  UsageStore
} from "@sports-data/domain"
import { Effect } from "effect"

/** How far back `endpoint_breakdown` reaches: the trailing 30 days (specification). */
export const BREAKDOWN_DAYS = 30

/** The admitted caller as the account operations need it. */
export interface AccountCaller {
  readonly key: ApiKey.ApiKeyRecord
  readonly plan: Plans.Plan
  readonly catalog: Plans.PlanCatalog
  /** Counts after admission (this call included). */
  readonly counts: UsageCounts
  readonly now: Date
}

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString())

/** `<12-character prefix>...`: how a key is shown; never the key. */
export const shownPrefix = (key: ApiKey.ApiKeyRecord): string => `${key.key_prefix}...`

/** The account feature. */
export class Account extends Effect.Service<Account>()("@sports-data/app/Account", {
  effect: Effect.gen(function*() {
    const usageStore = yield* UsageStore
    const keys = yield* KeyStore
    const auditStore = yield* AuditStore

    /**
     * UsageStats of the caller's key: limits of its plan, the counters admission keeps, the
     * legacy tiers' reference limits (`tier_limits`), trial fields, and the per-endpoint calls of
     * the trailing {@link BREAKDOWN_DAYS} days (flushed from memory each second, so the call
     * being served is not in it yet).
     */
    const usage = Effect.fn("Account.usage")(function*(caller: AccountCaller, upgradeUrl: string | null) {
      const { counts, key, now, plan } = caller
      const since = new Date(now.getTime() - BREAKDOWN_DAYS * 86_400_000)
      const breakdown = yield* usageStore.endpointBreakdown(key.key_hash, since)
      const legacy = caller.catalog.filter((p) => p.ranks_as !== null)
      return {
        success: true,
        key_prefix: shownPrefix(key),
        tier: key.tier,
        tier_limits: Object.fromEntries(legacy.map((p) => [p.tier, {
          requests_per_minute: p.per_minute,
          daily_calls: p.per_day,
          monthly_calls: p.per_month
        }])),
        is_trial: key.trial_ends_at !== null,
        trial_starts_at: iso(key.trial_starts_at),
        trial_ends_at: iso(key.trial_ends_at),
        trial_days_remaining: Admission.trialDaysRemaining(key, now),
        requests_today: counts.day,
        daily_limit: plan.per_day,
        daily_remaining: Admission.remaining(plan.per_day, counts.day),
        calls_this_period: counts.month,
        calls_this_month: counts.month,
        calls_limit_month: plan.per_month,
        calls_remaining: Admission.remaining(plan.per_month, counts.month),
        rate_limit_per_min: plan.per_minute,
        rate_limit_remaining: Admission.remaining(plan.per_minute, counts.minute),
        reset_at: plan.per_month === null ? null : Admission.nextMonthlyReset(now).toISOString(),
        upgrade_url: upgradeUrl,
        endpoint_breakdown: breakdown.map((b) => ({
          endpoint: b.endpoint,
          calls: b.calls,
          avg_ms: b.avg_ms,
          last_call: b.last_call.toISOString()
        }))
      } satisfies Resources.UsageStats
    })

    /** The live headroom of the caller's key per window (minute, day, month), with resets. */
    const rateLimitStatus = Effect.fn("Account.rateLimitStatus")(function*(caller: AccountCaller) {
      const { counts, key, now, plan } = caller
      const window = (limit: number | null, used: number, resets: Date | null) => ({
        limit,
        used,
        remaining: Admission.remaining(limit, used),
        resets_at: resets === null ? null : resets.toISOString()
      })
      const minuteReset = counts.minute_oldest === null ? null : new Date(counts.minute_oldest.getTime() + 60_000)
      return {
        success: true,
        key_prefix: shownPrefix(key),
        tier: key.tier,
        minute: window(plan.per_minute, counts.minute, minuteReset),
        day: window(plan.per_day, counts.day, Admission.nextDailyReset(now)),
        month: window(plan.per_month, counts.month, Admission.nextMonthlyReset(now))
      } satisfies Resources.RateLimitStatus
    })

    /**
     * The key with 12-character display prefix `prefix`: the caller's own, or another key of the
     * same owner (the same e-mail address, when the caller's key has one; decisions.md).
     * ResourceNotFound (key) for any other prefix, so an answer never tells whether another
     * owner's key exists.
     */
    const keyInfo = Effect.fn("Account.keyInfo")(function*(caller: AccountCaller, prefix: string) {
      const own = caller.key
      const candidates = prefix === own.key_prefix ? [own] : yield* keys.findByPrefix(prefix)
      const found = candidates.find((k) =>
        k.key_hash === own.key_hash || (own.email !== null && k.email !== null && k.email === own.email)
      )
      if (found === undefined) return yield* Effect.fail(new ResourceNotFound({ resource: "key", id: prefix }))
      return {
        success: true,
        key_prefix: shownPrefix(found),
        tier: found.tier,
        state: found.revoked_at !== null ? "revoked" : found.state,
        is_trial: found.trial_ends_at !== null,
        trial_starts_at: iso(found.trial_starts_at),
        trial_ends_at: iso(found.trial_ends_at),
        created_at: found.created_at.toISOString(),
        last_used_at: iso(found.last_used_at)
      } satisfies Resources.KeyInfo
    })

    /**
     * The caller's own audit trail, newest first (domain `auditEventKey`): at most `limit` events,
     * strictly older than `before` when given, of `action` when given (AuditStore.ts lists the
     * actions), after `cursor` when given; with `next_cursor` (domain Paging), null on the last
     * page. InvalidParameter for a cursor of another list or of other filters.
     */
    const auditEvents = Effect.fn("Account.auditEvents")(function*(
      caller: AccountCaller,
      query: {
        readonly limit: number
        readonly before?: Date | undefined
        readonly action?: string | undefined
        readonly cursor?: string | undefined
      }
    ) {
      const { cursor, limit, ...filters } = query
      const scope = Paging.scopeOf(`audit.${caller.key.key_hash}`, {
        before: filters.before?.toISOString(),
        action: filters.action
      })
      const page = yield* Paging.keyedPage(
        (p) =>
          Effect.map(
            auditStore.list({ key_hash: caller.key.key_hash, ...filters, limit: p.limit, after: p.after }),
            (rows) => ({ total: rows.length, rows })
          ),
        auditEventKey,
        scope,
        { limit, offset: 0, cursor }
      )
      const events = page.rows.map((e): Resources.AuditEventResource => ({
        id: e.id,
        action: e.action,
        occurred_at: e.occurred_at.toISOString(),
        actor: e.actor,
        key_prefix: shownPrefix(caller.key),
        details: e.details
      }))
      return { events, next_cursor: page.next_cursor }
    })

    return { usage, rateLimitStatus, keyInfo, auditEvents } as const
  })
}) {}
