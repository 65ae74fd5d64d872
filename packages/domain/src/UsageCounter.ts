/**
 * The compact usage counter of one key: fixed memory per key (61 per-second slots for the minute
 * window plus the day and month counts), pure functions over it. The in-process UsageStores
 * (store-memory, and the embedded store's write-behind counters in store-sql) decide with
 * {@link decide}; the PostgreSQL function `usage_consume_reserve` (store-sql Migrations.ts,
 * "22_reservations", after `usage_consume_many` of "21_consume_many" and `usage_consume` of
 * "18_counters" for one call) is the same algorithm over a batch of calls in one statement, and
 * peeks decode its row with {@link countsAt}.
 *
 * Windows (decisions.md, "Admission order and counting": the minute window is sliding):
 * - minute: sliding, one-second resolution. A call made at instant `t` (ms) is counted as made at
 *   the end of its second, `ceil(t / 1000)` s, and stays in the window while that second is
 *   later than `now - 60 s`. A call at a whole second therefore leaves the window exactly 60 s
 *   later; any other call at most 1 s after that, never earlier (the limit is never exceeded over
 *   a true 60 s span). `minute_oldest` is the end of the oldest counted second.
 * - day: calls since 00:00 UTC of `now`'s date; month: since 00:00 UTC on the 1st.
 * - a bucket never moves backwards: a call whose `now` falls before the stored day, month or
 *   newest second (clock skew between instances) counts into the stored one.
 * @module
 */
import { ceilingReached } from "./Admission.js"
import type { ConsumeOutcome, UsageCounts, UsageLimits } from "./ports/UsageStore.js"

/** Slots of the minute ring: the window spans at most 61 whole seconds (60 s plus the partial second). */
export const MINUTE_SLOTS = 61

/** Counters of one key. Treat as immutable: {@link decide} returns a new one. */
export interface UsageCounter {
  /** Epoch second of the newest slot written (0 before the first call). */
  readonly minute_head: number
  /**
   * {@link MINUTE_SLOTS} call counts; slot `s % MINUTE_SLOTS` holds second `s`, for the seconds
   * `minute_head - 60 .. minute_head`.
   */
  readonly minute_slots: ReadonlyArray<number>
  /** UTC date `YYYY-MM-DD` of the day bucket. */
  readonly day: string
  readonly day_count: number
  /** UTC month `YYYY-MM` of the month bucket. */
  readonly month: string
  readonly month_count: number
}

/** The UTC day last asked for, by its index (whole days since the epoch), with its date and month. */
let lastDay = { index: Number.NaN, day: "", month: "" }

/** The UTC date and month of the instant `ms` (formatted once per day: admission asks on every call). */
const dayOf = (ms: number) => {
  const index = Math.floor(ms / 86_400_000)
  if (index !== lastDay.index) {
    const iso = new Date(index * 86_400_000).toISOString()
    lastDay = { index, day: iso.slice(0, 10), month: iso.slice(0, 7) }
  }
  return lastDay
}

/** `YYYY-MM-DD` of the UTC date of `now`. */
export const utcDay = (now: Date): string => dayOf(now.getTime()).day

/** `YYYY-MM` of the UTC month of `now`. */
export const utcMonth = (now: Date): string => dayOf(now.getTime()).month

/** The epoch second a call at `ms` (epoch ms) is counted in: the end of its second. */
export const callSecond = (ms: number): number => Math.ceil(ms / 1000)

/** The oldest epoch second still inside the minute window at `ms` (epoch ms). */
export const windowLow = (ms: number): number => Math.floor((ms - 60_000) / 1000) + 1

/** The epoch second held by slot `i` when the newest slot is `head`. */
const secondOf = (head: number, i: number): number =>
  head - ((((head - i) % MINUTE_SLOTS) + MINUTE_SLOTS) % MINUTE_SLOTS)

const minuteAt = (counter: UsageCounter, ms: number): { readonly minute: number; readonly oldest: number | null } => {
  const low = windowLow(ms)
  let minute = 0
  let oldest: number | null = null
  for (let i = 0; i < MINUTE_SLOTS; i++) {
    const count = counter.minute_slots[i] ?? 0
    if (count === 0) continue
    const second = secondOf(counter.minute_head, i)
    if (second < low) continue
    minute += count
    if (oldest === null || second < oldest) oldest = second
  }
  return { minute, oldest }
}

const zero: UsageCounts = { minute: 0, day: 0, month: 0, minute_oldest: null }

/** The counters of `counter` as seen at `now` (a day or month bucket other than now's reads 0). */
export const countsAt = (counter: UsageCounter | undefined, now: Date): UsageCounts => {
  if (counter === undefined) return zero
  const { minute, oldest } = minuteAt(counter, now.getTime())
  return {
    minute,
    minute_oldest: oldest === null ? null : new Date(oldest * 1000),
    day: counter.day === utcDay(now) ? counter.day_count : 0,
    month: counter.month === utcMonth(now) ? counter.month_count : 0
  }
}

/**
 * One admission on `counter` (undefined: the key's first call): checks every ceiling of `limits`
 * (first reached in the order minute, day, month, `Admission.ceilingReached`) and, only if none
 * is reached, counts the call. Returns the outcome and the counter to store (`counter` itself
 * when refused).
 */
export const decide = (
  counter: UsageCounter | undefined,
  limits: UsageLimits,
  now: Date
): readonly [ConsumeOutcome, UsageCounter | undefined] => {
  const ms = now.getTime()
  const day = utcDay(now)
  const month = utcMonth(now)
  const window = counter === undefined ? { minute: 0, oldest: null } : minuteAt(counter, ms)
  const dayCount = counter !== undefined && counter.day >= day ? counter.day_count : 0
  const monthCount = counter !== undefined && counter.month >= month ? counter.month_count : 0
  const blocked_by = ceilingReached(limits, { minute: window.minute, day: dayCount, month: monthCount })
  if (blocked_by !== null) return [{ admitted: false, blocked_by, counts: countsAt(counter, now) }, counter]

  const call = callSecond(ms)
  const head = counter === undefined ? 0 : counter.minute_head
  const nextHead = Math.max(head, call)
  const slots = counter === undefined || nextHead - head >= MINUTE_SLOTS
    ? new Array<number>(MINUTE_SLOTS).fill(0)
    : [...counter.minute_slots]
  if (counter !== undefined && nextHead - head < MINUTE_SLOTS) {
    for (let s = head + 1; s <= nextHead; s++) slots[s % MINUTE_SLOTS] = 0
  }
  const second = Math.max(call, nextHead - (MINUTE_SLOTS - 1))
  slots[second % MINUTE_SLOTS] = (slots[second % MINUTE_SLOTS] ?? 0) + 1
  const oldest = window.oldest === null ? second : Math.min(window.oldest, second)
  const next: UsageCounter = {
    minute_head: nextHead,
    minute_slots: slots,
    day: counter !== undefined && counter.day > day ? counter.day : day,
    day_count: dayCount + 1,
    month: counter !== undefined && counter.month > month ? counter.month : month,
    month_count: monthCount + 1
  }
  return [
    {
      admitted: true,
      blocked_by: null,
      counts: {
        minute: window.minute + 1,
        minute_oldest: new Date(oldest * 1000),
        day: next.day_count,
        month: next.month_count
      }
    },
    next
  ]
}
