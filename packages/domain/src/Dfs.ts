/**
 * Daily fantasy (DFS): slates and salaries as the platforms publish them, and each contest type's
 * roster rules as data (what the lineup optimizer must satisfy).
 *
 * A slate is one contest's player pool on one platform (DraftKings) for one set of games or one
 * golf tournament round; salaries are in whole US dollars of the platform's virtual cap.
 * @module
 */
import { Schema } from "effect"

/** Sports that have DFS slates held by the service. */
export const DfsSport = Schema.Literal("nfl", "golf")
export type DfsSport = typeof DfsSport.Type

/** Every {@link DfsSport}. */
export const dfsSports: ReadonlyArray<DfsSport> = DfsSport.literals

/** Platforms with slates held by the service. */
export const DfsPlatform = Schema.Literal("draftkings")
export type DfsPlatform = typeof DfsPlatform.Type

/**
 * A DFS slate.
 * - `id`: `<platform>-<sport>-<start_date>-<slug>` (stable across runs).
 * - `game_type`: the platform's contest type, snake case (`classic`, `showdown_captain_mode`).
 * - `start_date`: `YYYY-MM-DD` of the first game or round (the platform's local date, US Eastern);
 *   `start_time`: that first kickoff as a UTC instant, null when the source gives no time zone.
 * - `season`, `week`: the league season and week (week null where the sport has none).
 * - `salary_cap`: US dollars, null when the service does not know the contest type's cap.
 * - `player_count`: salary rows of the slate; `linked_count`: those linked to a canonical id.
 */
export const DfsSlate = Schema.Struct({
  id: Schema.String,
  sport: DfsSport,
  platform: DfsPlatform,
  name: Schema.String,
  game_type: Schema.String,
  start_date: Schema.String,
  start_time: Schema.NullOr(Schema.DateFromSelf),
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  salary_cap: Schema.NullOr(Schema.Int),
  player_count: Schema.Int,
  linked_count: Schema.Int,
  source: Schema.String
})
export type DfsSlate = typeof DfsSlate.Type

/**
 * One player's salary on a slate.
 * - `platform_player_id`: the platform's id of the player on this slate (DraftKings draftable id
 *   for golf, DraftKings `ID` for nfl), unique within the slate.
 * - `player_id`: the canonical id (`svc_nfl_...` player, `svc_golf_...` golfer), null when the
 *   row could not be linked (for example a team defense, or a name the service does not hold).
 * - `position`: the platform's position (QB, RB, WR, TE, DST; G for a golfer);
 *   `roster_positions`: the lineup slots the player may fill (e.g. `["WR", "FLEX"]`).
 * - `salary`: US dollars. `team`: team abbreviation (nfl), null for golf. `game`: the matchup as
 *   the platform writes it (`CIN@CLE`), null for golf.
 * - `avg_points_per_game`: the platform's own season average of its fantasy points, as published
 *   with the slate (null when not given).
 */
export const DfsSalary = Schema.Struct({
  slate_id: Schema.String,
  platform_player_id: Schema.String,
  player_id: Schema.NullOr(Schema.String),
  name: Schema.String,
  position: Schema.String,
  roster_positions: Schema.Array(Schema.String),
  salary: Schema.Int,
  team: Schema.NullOr(Schema.String),
  game: Schema.NullOr(Schema.String),
  avg_points_per_game: Schema.NullOr(Schema.Number)
})
export type DfsSalary = typeof DfsSalary.Type

/** One lineup slot: its name, the positions that may fill it, and how many of it a lineup has. */
export interface RosterSlot {
  readonly slot: string
  readonly eligible: ReadonlyArray<string>
  readonly count: number
}

/**
 * The roster rules of one contest type: the slots, the salary cap (US dollars) and the fewest
 * distinct games the lineup's players must come from (1 when the contest has no such rule).
 */
export interface RosterRules {
  readonly platform: DfsPlatform
  readonly sport: DfsSport
  readonly game_type: string
  readonly salary_cap: number
  readonly slots: ReadonlyArray<RosterSlot>
  readonly min_games: number
}

/**
 * DraftKings NFL Classic (DraftKings rules and scoring, "NFL Classic"): QB, 2 RB, 3 WR, TE, one
 * FLEX (RB, WR or TE) and DST, $50,000 salary cap, players from at least 2 different NFL games.
 */
export const draftKingsNflClassic: RosterRules = {
  platform: "draftkings",
  sport: "nfl",
  game_type: "classic",
  salary_cap: 50_000,
  slots: [
    { slot: "QB", eligible: ["QB"], count: 1 },
    { slot: "RB", eligible: ["RB"], count: 2 },
    { slot: "WR", eligible: ["WR"], count: 3 },
    { slot: "TE", eligible: ["TE"], count: 1 },
    { slot: "FLEX", eligible: ["RB", "WR", "TE"], count: 1 },
    { slot: "DST", eligible: ["DST"], count: 1 }
  ],
  min_games: 2
}

/** DraftKings PGA TOUR Classic (DraftKings rules, "Golf Classic"): 6 golfers, $50,000 salary cap. */
export const draftKingsGolfClassic: RosterRules = {
  platform: "draftkings",
  sport: "golf",
  game_type: "classic",
  salary_cap: 50_000,
  slots: [{ slot: "G", eligible: ["G"], count: 6 }],
  min_games: 1
}

/** Every contest type the optimizer knows, by platform, sport and game type. */
export const rosterRules: ReadonlyArray<RosterRules> = [draftKingsNflClassic, draftKingsGolfClassic]

/** The roster rules of a slate's contest type, or undefined when the optimizer does not know it. */
export const rulesOf = (
  slate: Pick<DfsSlate, "platform" | "sport" | "game_type">
): RosterRules | undefined =>
  rosterRules.find((r) => r.platform === slate.platform && r.sport === slate.sport && r.game_type === slate.game_type)

/** Players in a lineup of `rules` (the sum of its slot counts). */
export const rosterSize = (rules: RosterRules): number => rules.slots.reduce((n, s) => n + s.count, 0)
