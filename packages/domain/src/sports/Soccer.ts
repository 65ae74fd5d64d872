/**
 * Soccer (association football): six leagues, their game states, table rules and the team
 * directory. Sport-specific knowledge of soccer lives here and in `soccer/` (team directory,
 * official adjustments) and `../standings/Soccer.ts` (the rules per league).
 *
 * ## Leagues and seasons in the data
 * | league key | competition | seasons (start year) | sources |
 * |---|---|---|---|
 * | `epl` | Premier League | 2022 .. 2025 | openfootball football.json `en.1`, football-datasets `premier-league` |
 * | `la_liga` | LaLiga (Primera División) | 2022 .. 2025 | openfootball `es.1`, football-datasets `la-liga` |
 * | `bundesliga` | Bundesliga | 2022 .. 2025 | openfootball `de.1`, football-datasets `bundesliga` |
 * | `serie_a` | Serie A | 2022 .. 2025 | openfootball `it.1`, football-datasets `serie-a` |
 * | `champions_league` | UEFA Champions League | 2024 (2024-25) | openfootball `uefa.cl` |
 * | `mls` | Major League Soccer | 2025 | openfootball `mls` (164 of 510 regular-season games scored) |
 *
 * `season` is the start year (2024 = 2024-25; MLS 2025 = 2025). Games have `week` = matchday
 * where openfootball gives it, `season_type` REG (domestic seasons, the Champions League league
 * phase, MLS regular season) or POST (Champions League knockout play-offs and finals), and state
 * `final` when scored, `scheduled` otherwise (see the soccer ingest for ids and how the two
 * sources are merged). Both sources are public domain (openfootball: "dedicated to the public
 * domain"; football-datasets: PDDL v1.0).
 *
 * ## What soccer does not have here
 * No source has players, rosters, lineups or per-player statistics: the module has no stat keys
 * and no fantasy scoring, and the soccer ingest writes no players or stat lines, so player,
 * roster, player-detail and game-log reads have nothing to answer for soccer. Positions are the
 * specification's value set (GK, DF, MF, FW), used by nothing yet.
 * @module
 */
import { soccerRules } from "../standings/Soccer.js"
import { soccerTeams } from "./soccer/Teams.js"
import type { SportModule } from "./SportModule.js"

/** The soccer module. */
export const soccer = {
  key: "soccer",
  name: "Soccer",
  shortName: "Soccer",
  capabilities: {
    stats: false,
    metrics: false,
    alpha: false,
    similarity: false,
    projection: false,
    history: false,
    anomaly: false,
    models: false,
    signals: false,
    ecr: false,
    plays: true,
    schedule: false,
    dfs: false
  },
  leagues: ["epl", "mls", "la_liga", "bundesliga", "serie_a", "champions_league"],
  positions: ["GK", "DF", "MF", "FW"],
  positionAliases: {},
  statKeys: [],
  scoring: [],
  gameStates: ["scheduled", "in_progress", "final"],
  standings: soccerRules,
  teams: soccerTeams
} as const satisfies SportModule<"soccer">

export * from "./soccer/Adjustments.js"
export * from "./soccer/Teams.js"
