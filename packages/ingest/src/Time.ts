/**
 * Wall-clock times in a named time zone to UTC instants (nflverse kickoffs are US Eastern), and the
 * US Eastern calendar date of an instant (the date US leagues and books file a game under).
 * @module
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

const formatter = (timeZone: string): Intl.DateTimeFormat => {
  let f = formatters.get(timeZone)
  if (f === undefined) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit"
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** Offset (ms) of `timeZone` from UTC at the instant `utcMs` (e.g. -4 h for New York in summer). */
const offsetMs = (utcMs: number, timeZone: string): number => {
  const parts: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value)
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return asUtc - Math.floor(utcMs / 1000) * 1000
}

/**
 * The UTC instant of wall-clock `date` (`YYYY-MM-DD`) and `time` (`HH:MM`) in `timeZone`
 * (default America/New_York), or undefined when either does not parse. Daylight saving is
 * resolved by the platform's time zone data (Intl).
 */
export const zonedToUtc = (date: string, time: string, timeZone = "America/New_York"): Date | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{1,2}:\d{2}$/.test(time)) return undefined
  const [h, m] = time.split(":").map(Number) as [number, number]
  if (h > 23 || m > 59) return undefined
  const naive = Date.parse(`${date}T${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:00Z`)
  if (Number.isNaN(naive)) return undefined
  const first = naive - offsetMs(naive, timeZone)
  return new Date(naive - offsetMs(first, timeZone))
}

const eastern = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit"
})

/** The `YYYY-MM-DD` date of an instant in US Eastern time (America/New_York, DST by Intl). */
export const easternDate = (instant: Date): string => {
  const parts: Record<string, string> = {}
  for (const p of eastern.formatToParts(instant)) parts[p.type] = p.value
  return `${parts.year}-${parts.month}-${parts.day}`
}
