/**
 * Tennis: the event sport module (see EventSportModule.ts), with the rules and value sets the
 * ingest adapter and the application read as data: surfaces, rounds (in draw order), how the
 * odds files write them, and the date precision of each source.
 * @module
 */
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"

/** Court surfaces as the Sackmann and tennis-data.co.uk files write them. */
export const SURFACES = ["Hard", "Clay", "Grass", "Carpet"] as const

/**
 * Rounds in Sackmann's codes, earliest first (R128 ... F; RR round robin, BR bronze medal match,
 * ER early rounds of the team events).
 */
export const ROUNDS = ["Q1", "Q2", "Q3", "ER", "RR", "R128", "R64", "R32", "R16", "QF", "SF", "BR", "F"] as const

/**
 * The Sackmann code of each round name of the tennis-data.co.uk odds files ("1st Round" is
 * relative to the draw: its code depends on the draw size, so it is kept as written there).
 */
export const ODDS_ROUNDS: Readonly<Record<string, string>> = {
  "Quarterfinals": "QF",
  "Semifinals": "SF",
  "The Final": "F",
  "Round Robin": "RR"
}

/**
 * What a match's date means: `tournament_week` when the source gives the tournament's start
 * date only (Sackmann 2022-2024: `tourney_date`), `day` when it gives the day of the match.
 */
export type DatePrecision = "tournament_week" | "day"

/** The Tennis module. */
export const tennis = {
  key: "tennis",
  name: "Tennis",
  shortName: "Tennis",
  leagues: ["atp", "wta"],
  defaultLeague: "atp",
  eventStates: EVENT_STATES,
  participant: "player",
  surfaces: SURFACES,
  rounds: ROUNDS,
  oddsRounds: ODDS_ROUNDS,
  dfs: false
} as const satisfies EventSportModule<"tennis"> & {
  readonly surfaces: ReadonlyArray<string>
  readonly rounds: ReadonlyArray<string>
  readonly oddsRounds: Readonly<Record<string, string>>
}
