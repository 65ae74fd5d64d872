/**
 * What the named phases of the team sports' pure builds (mlb, nba, nhl Build.ts) share: what a
 * build makes, ordering rows by id, grouping records by a key (tennis's phases use it too), a stat
 * line scored with the sport's fantasy formats, and a game row from a draft whose state follows
 * from its scores.
 * @module
 */
import { type Game, type Player, Sports, type StatLine, type TeamSport } from "@sports-data/domain"
import type { SkippedRow } from "./Report.js"

/** A team sport's canonical rows, each sorted by id, and the source rows it could not join (reported, not written). */
export interface TeamBuild {
  readonly games: ReadonlyArray<Game>
  readonly statLines: ReadonlyArray<StatLine>
  readonly players: ReadonlyArray<Player>
  readonly skippedGames: ReadonlyArray<SkippedRow>
  readonly skippedLines: ReadonlyArray<SkippedRow>
}

/** Orders rows by `id`, ascending by UTF-16 code units (the order every build writes). */
export const byId = <A extends { readonly id: string }>(a: A, b: A): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Appends `value` to the list under `key` of `groups` (a new list for a new key). */
export const pushTo = <K, V>(groups: Map<K, Array<V>>, key: K, value: V): void => {
  const list = groups.get(key)
  if (list === undefined) groups.set(key, [value])
  else list.push(value)
}

/** Every stat key of `sport` (Sports.StatKeys), each null: the stats of a line before its sources fill them. */
export const nullStats = (sport: TeamSport): Record<string, number | null> => {
  const stats: Record<string, number | null> = {}
  for (const k of Sports.StatKeys[sport]) stats[k] = null
  return stats
}

/** A stat line's fields other than its sport and the fantasy points derived from its stats. */
export type StatLineFields = Omit<StatLine, "sport" | "fantasy_points" | "fantasy_points_formats">

/**
 * The stat line of `sport` with `fields`, its fantasy points in the sport's default format and in
 * every format, from `Sports.score(sport, stats, position)` (null where a scoring stat is null).
 */
export const scoredLine = (sport: TeamSport, fields: StatLineFields): StatLine => {
  const { id, ...rest } = fields
  const scored = Sports.score(sport, fields.stats, fields.position)
  return {
    id,
    sport,
    ...rest,
    fantasy_points: scored.fantasy_points,
    fantasy_points_formats: scored.formats
  }
}

/** A game as a build's games phase drafts it: one sport's league, no week, no venue. */
export interface GameDraft {
  readonly id: string
  readonly season: number
  readonly seasonType: string | null
  readonly date: string
  readonly startTime: Date | null
  readonly home: string
  readonly away: string
  readonly homeScore: number | null
  readonly awayScore: number | null
  readonly attributes: Record<string, unknown>
}

/**
 * The game row of a draft of `sport` (league = sport, week and venue null): `state` is `final`
 * when both scores are known, else `scheduled`.
 */
export const gameRow = (sport: TeamSport, g: GameDraft): Game => ({
  id: g.id,
  sport,
  league: sport,
  season: g.season,
  week: null,
  season_type: g.seasonType,
  game_date: g.date,
  start_time: g.startTime,
  state: g.homeScore !== null && g.awayScore !== null ? "final" : "scheduled",
  home_team: g.home,
  away_team: g.away,
  home_score: g.homeScore,
  away_score: g.awayScore,
  venue: null,
  attributes: g.attributes
})
