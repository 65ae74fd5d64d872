/**
 * MLB season calendar, used to tell spring training, regular season and postseason games apart
 * when no Retrosheet record says (the MLB schedule file has no game type): 2025, and the 2022-2024
 * schedule games Retrosheet does not list (spring training, postponed dates).
 *
 * Sports knowledge, not read from a dataset: each season's first and last regular-season dates
 * of the domestic schedule and the regular-season games played abroad before them (2024 Seoul
 * Series, Padres-Dodgers; 2025 Tokyo Series, Cubs-Dodgers). The postseason follows the last
 * regular-season date.
 * @module
 */

/** One season: regular season from `start` to `end` (inclusive), plus `openers` played earlier. */
export interface MlbSeasonDates {
  readonly season: number
  readonly start: string
  readonly end: string
  /** Regular-season games before `start`: date and the two clubs (either home). */
  readonly openers: ReadonlyArray<{ readonly date: string; readonly teams: readonly [string, string] }>
}

/** Seasons 2022-2025. */
export const mlbCalendar: ReadonlyArray<MlbSeasonDates> = [
  { season: 2022, start: "2022-04-07", end: "2022-10-05", openers: [] },
  { season: 2023, start: "2023-03-30", end: "2023-10-01", openers: [] },
  {
    season: 2024,
    start: "2024-03-28",
    end: "2024-09-30",
    openers: [
      { date: "2024-03-20", teams: ["LAD", "SDP"] },
      { date: "2024-03-21", teams: ["LAD", "SDP"] }
    ]
  },
  {
    season: 2025,
    start: "2025-03-27",
    end: "2025-09-28",
    openers: [
      { date: "2025-03-18", teams: ["CHC", "LAD"] },
      { date: "2025-03-19", teams: ["CHC", "LAD"] }
    ]
  }
]

/**
 * Season type of a game by the calendar: `PRE` (spring training), `REG` or `POST`; null for a
 * season the calendar does not cover.
 */
export const seasonTypeByCalendar = (date: string, home: string, away: string): "PRE" | "REG" | "POST" | null => {
  const season = mlbCalendar.find((s) => s.season === Number(date.slice(0, 4)))
  if (season === undefined) return null
  if (date > season.end) return "POST"
  if (date >= season.start) return "REG"
  const opener = season.openers.some((o) => o.date === date && o.teams.includes(home) && o.teams.includes(away))
  return opener ? "REG" : "PRE"
}
