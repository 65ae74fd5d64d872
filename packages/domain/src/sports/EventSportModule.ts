/**
 * The shape of an individual or event sport's module (tennis, golf, UFC, Formula 1, NASCAR): an
 * event (a match, a tournament, a fight, a race) with participants and their results
 * (Canonical.ts `SportEvent`, `EventEntry`). Code outside `sports/` asks the registry
 * (`Registry.ts` `eventModules`) instead of branching on a sport key.
 * @module
 */
import type { EventSport } from "../Sport.js"

/** Everything sport-specific about one event sport. */
export interface EventSportModule<S extends EventSport = EventSport> {
  readonly key: S
  /** Display name, e.g. "Formula 1". */
  readonly name: string
  /** The name `/v1/sports` shows, e.g. "Formula 1", "UFC". */
  readonly shortName: string
  /**
   * Tours or series the sport's events belong to (`SportEvent.league`): tennis `atp`, `wta`;
   * golf `pga`, `lpga`; NASCAR `cup`, `xfinity`, `truck`; the sport key where there is one.
   */
  readonly leagues: ReadonlyArray<string>
  /** The league a request without `tour` / `series` reads (the first of `leagues`). */
  readonly defaultLeague: string
  /**
   * The event states of the sport's value set (specification "Value sets", "Other game state":
   * scheduled, in_progress, final).
   */
  readonly eventStates: ReadonlyArray<string>
  /** What the sport calls a participant in field names and messages: player, golfer, fighter, driver. */
  readonly participant: string
  /** DFS slates and salaries are held (`/v1/<sport>/dfs/...`, the lineup optimizer): golf. */
  readonly dfs: boolean
}

/** The "Other game state" value set of the specification, which event sports use. */
export const EVENT_STATES: ReadonlyArray<string> = ["scheduled", "in_progress", "final"]
