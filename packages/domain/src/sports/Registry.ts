/**
 * The registry of sport modules (team sports in `modules`, individual and event sports in
 * `eventModules`): the one place code outside `sports/` learns what is specific to a
 * sport. Typed `satisfies Record<TeamSport, SportModule>`, so a sport added to `TeamSport` without
 * a module (or a module lacking a field) fails to compile.
 * @module
 */
import type { Game, Team } from "../Canonical.js"
import { type Format, type ScoreResult, scoreWith } from "../Scoring.js"
import { type EventSport, eventSports, type SportKey, type TeamSport, teamSports } from "../Sport.js"
import type { TeamStanding } from "../Standings.js"
import { cfb } from "./Cfb.js"
import type { EventSportModule } from "./EventSportModule.js"
import { f1 } from "./F1.js"
import { golf } from "./Golf.js"
import { mlb } from "./Mlb.js"
import { nascar } from "./Nascar.js"
import { nba } from "./Nba.js"
import { nfl } from "./Nfl.js"
import { nhl } from "./Nhl.js"
import { soccer } from "./Soccer.js"
import type { Capabilities, SportModule, StandingsRules } from "./SportModule.js"
import { tennis } from "./Tennis.js"
import { ufc } from "./Ufc.js"

export { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"
export type { Capabilities, SportModule, StandingsInput, StandingsRules, TeamDirectoryEntry } from "./SportModule.js"

/** Every team sport's module. */
export const modules = { nfl, nba, mlb, nhl, cfb, soccer } as const satisfies Record<TeamSport, SportModule>

/** The module of `sport`. */
export const moduleOf = (sport: TeamSport): SportModule => modules[sport]

/** Every individual and event sport's module. */
export const eventModules = { tennis, golf, ufc, f1, nascar } as const satisfies Record<EventSport, EventSportModule>

/** The module of event sport `sport`. */
export const eventModuleOf = (sport: EventSport): EventSportModule => eventModules[sport]

/** A capability of a team sport (a key of `SportModule.capabilities`). */
export type Capability = keyof Capabilities

/** The team sports whose module has `C` (its flag typed `true`), as a union of keys. */
export type SportsWith<C extends Capability> = {
  readonly [S in TeamSport]: (typeof modules)[S]["capabilities"][C] extends true ? S : never
}[TeamSport]

/**
 * The team sports whose module has `capability`, in the service's order (`teamSports`: nfl,
 * mlb, nba, nhl, cfb, soccer), typed as a non-empty tuple of their keys so that parameter
 * schemas (`Params.oneOf`) keep a literal union. Every capability is held by at least one sport
 * (test/domain/sport-registry.test.ts).
 */
export const sportsWith = <C extends Capability>(capability: C): readonly [SportsWith<C>, ...Array<SportsWith<C>>] =>
  teamSports.filter((s) => modules[s].capabilities[capability]) as unknown as readonly [
    SportsWith<C>,
    ...Array<SportsWith<C>>
  ]

/** True when team sport `sport` has `capability` (narrows the key). */
export const hasCapability = <C extends Capability>(sport: string, capability: C): sport is SportsWith<C> =>
  (sportsWith(capability) as ReadonlyArray<string>).includes(sport)

/** The sports whose DFS slates the service holds: team sports with `dfs`, then event sports with `dfs` (nfl, golf). */
export type DfsSport =
  | SportsWith<"dfs">
  | { readonly [S in EventSport]: (typeof eventModules)[S]["dfs"] extends true ? S : never }[EventSport]

/** Every {@link DfsSport}, team sports first, each in the service's order. */
export const dfsSports = [
  ...sportsWith("dfs"),
  ...eventSports.filter((s) => eventModules[s].dfs)
] as unknown as readonly [DfsSport, ...Array<DfsSport>]

/** The name `/v1/sports` shows for `sport` (the module's `shortName`: NFL, College Football, Formula 1). */
export const shortNameOf = (sport: SportKey): string =>
  sport in modules ? modules[sport as TeamSport].shortName : eventModules[sport as EventSport].shortName

/**
 * "nfl, mlb or nba": `values` joined for a description or a message (commas, "or" before the last).
 */
export const orList = (values: ReadonlyArray<string>): string =>
  values.length <= 1 ? values.join("") : `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`

/** Stat keys per sport (each module's `statKeys`), for ingest adapters and response rows. */
export const StatKeys = {
  nfl: nfl.statKeys,
  nba: nba.statKeys,
  mlb: mlb.statKeys,
  nhl: nhl.statKeys,
  cfb: cfb.statKeys,
  soccer: soccer.statKeys
} as const satisfies Record<TeamSport, ReadonlyArray<string>>

/**
 * True when a stored position covers a filter position of the sport (case-insensitive): equal,
 * or every part of the filter (a mix such as G-F has two) is listed in the module's
 * `positionAliases` for the stored position or a part of its hyphenated, slashed or spaced mix
 * ("Guard-Forward" covers PG, SG, SF and PF; F-G covers G, F, G-F).
 */
export const positionMatches = (sport: TeamSport, filter: string, stored: string | null): boolean => {
  if (stored === null) return false
  const f = filter.toUpperCase()
  const s = stored.toUpperCase()
  if (s === f) return true
  const aliases: Readonly<Record<string, ReadonlyArray<string>>> = modules[sport].positionAliases
  const covered = s.split(/[-/ ]+/).flatMap((part) => aliases[part] ?? [part])
  return f.split("-").every((part) => covered.includes(part))
}

/** The fantasy formats of a sport, the default first (none for cfb and soccer). */
export const formatsOf = (sport: TeamSport): ReadonlyArray<Format> => modules[sport].scoring

/** Name of the default format of a sport (nfl `ppr`, nba and mlb `fanduel`), or undefined. */
export const defaultFormat = (sport: TeamSport): string | undefined => formatsOf(sport)[0]?.name

/** Names of the formats of a sport, the default first. */
export const formatNames = (sport: TeamSport): ReadonlyArray<string> => formatsOf(sport).map((f) => f.name)

/**
 * Scores one stat line in every format of `sport` (decisions.md "Fantasy scoring"), after the
 * module's `deriveStats`; see `Scoring.scoreWith` for shapes and missing stats. Never fails.
 */
export const score = (
  sport: TeamSport,
  stats: Readonly<Record<string, number | null | undefined>>,
  position?: string | null
): ScoreResult => {
  const module: SportModule = modules[sport]
  return scoreWith(module.scoring, module.deriveStats?.(stats) ?? stats, position)
}

/**
 * The standings rules of `league` of `sport` (the sport key itself for single-league sports), or
 * undefined when the sport has no such league.
 */
export const standingsRules = (sport: TeamSport, league: string): StandingsRules | undefined =>
  (modules[sport].standings as Readonly<Record<string, StandingsRules>>)[league]

/**
 * True when `team` plays in `league`: its `attributes.leagues` lists it (soccer clubs), or, for a
 * team without that list, the league is its sport's key.
 */
export const inLeague = (team: Team, league: string): boolean => {
  const leagues = team.attributes["leagues"]
  return Array.isArray(leagues) ? leagues.includes(league) : league === team.sport
}

/**
 * The table of `league` of `sport` for one `season` as the standings endpoints show it: empty
 * when no game of the season is held (never every team at 0-0), else {@link computeStandings}
 * over the sport's teams that play in the league ({@link inLeague}) and the season's `games`,
 * which must be in the GameReader's ascending order (game_date, undated last, then id: streaks
 * and mlb's last-half tiebreak read the order). The one definition the stores keep
 * (GameReader `standings`).
 */
export const leagueTable = (
  sport: TeamSport,
  league: string,
  season: number,
  teams: ReadonlyArray<Team>,
  games: ReadonlyArray<Game>
): ReadonlyArray<TeamStanding> =>
  games.length === 0 ? [] : computeStandings(sport, teams.filter((t) => inLeague(t, league)), games, { league, season })

/**
 * Standings of one season of `league` of `sport` (default: the sport key) by the league's rules,
 * from its teams and the season's games; empty when the sport has no such league.
 */
export const computeStandings = (
  sport: TeamSport,
  teams: ReadonlyArray<Team>,
  games: ReadonlyArray<Game>,
  options?: { readonly league?: string; readonly season?: number }
): ReadonlyArray<TeamStanding> => {
  const league = options?.league ?? sport
  const rules = standingsRules(sport, league)
  if (rules === undefined) return []
  const season = options?.season ?? games[0]?.season ?? 0
  return rules.compute({
    league,
    season,
    teams: teams.filter((t) => t.sport === sport),
    games: games.filter((g) => g.sport === sport && g.league === league)
  })
}
