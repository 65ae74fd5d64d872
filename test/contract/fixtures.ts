/**
 * Hand-made canonical rows shared by the contract suites: a few real players, teams and games
 * of each core sport (names and ids as the leagues publish them; numbers illustrative).
 * @module
 */
import type { ApiKey, DepthChartEntry, Game, InjuryReport, Player, StatLine, Team } from "@sports-data/domain"

const player = (p: Partial<Player> & Pick<Player, "id" | "sport" | "full_name">): Player => ({
  first_name: null,
  last_name: null,
  position: null,
  team: null,
  status: "active",
  birth_date: null,
  platform_ids: {},
  attributes: {},
  ...p
})

export const players: ReadonlyArray<Player> = [
  player({
    id: "svc_nfl_00-0033873",
    sport: "nfl",
    full_name: "Patrick Mahomes",
    first_name: "Patrick",
    last_name: "Mahomes",
    position: "QB",
    team: "KC",
    birth_date: "1995-09-17",
    platform_ids: { sleeper: "4046", espn: "3139477", gsis: "00-0033873" },
    attributes: { college: "Texas Tech", jersey: 15, height_in: 74 }
  }),
  player({
    id: "svc_nfl_00-0034796",
    sport: "nfl",
    full_name: "Lamar Jackson",
    position: "QB",
    team: "BAL",
    platform_ids: { sleeper: "4881" }
  }),
  player({
    id: "svc_nfl_00-0036355",
    sport: "nfl",
    full_name: "Justin Herbert",
    position: "QB",
    team: "LAC",
    platform_ids: { sleeper: "6797" }
  }),
  player({
    id: "svc_nfl_00-0030506",
    sport: "nfl",
    full_name: "Travis Kelce",
    position: "TE",
    team: "KC",
    status: "injured",
    platform_ids: { sleeper: "1466" }
  }),
  player({
    id: "svc_nfl_00-0037197",
    sport: "nfl",
    full_name: "Isiah Pacheco",
    position: "RB",
    team: "KC",
    status: "inactive"
  }),
  player({ id: "svc_nfl_00-0035685", sport: "nfl", full_name: "D'Andre Swift", position: "RB", team: "CHI" }),
  player({ id: "svc_nfl_00-0033045", sport: "nfl", full_name: "Ezekiel Elliott", position: "RB", team: null }),
  player({
    id: "svc_nba_2544",
    sport: "nba",
    full_name: "LeBron James",
    position: "SF",
    team: "LAL",
    platform_ids: { nba: "2544" }
  }),
  player({
    id: "svc_nba_1629029",
    sport: "nba",
    full_name: "Luka Dončić",
    position: "PG",
    team: "DAL",
    platform_ids: { nba: "1629029" }
  }),
  player({ id: "svc_nba_203999", sport: "nba", full_name: "Nikola Jokić", position: "C", team: "DEN" }),
  player({
    id: "svc_mlb_660271",
    sport: "mlb",
    full_name: "Shohei Ohtani",
    position: "DH",
    team: "LAD",
    platform_ids: { mlbam: "660271" }
  }),
  player({
    id: "svc_mlb_592450",
    sport: "mlb",
    full_name: "Aaron Judge",
    position: "OF",
    team: "NYY",
    platform_ids: { mlbam: "592450" }
  })
]

export const teams: ReadonlyArray<Team> = [
  {
    sport: "nfl",
    abbr: "KC",
    name: "Kansas City Chiefs",
    conference: "AFC",
    division: "AFC West",
    external_id: null,
    attributes: {}
  },
  {
    sport: "nfl",
    abbr: "BAL",
    name: "Baltimore Ravens",
    conference: "AFC",
    division: "AFC North",
    external_id: null,
    attributes: {}
  },
  {
    sport: "nfl",
    abbr: "LAC",
    name: "Los Angeles Chargers",
    conference: "AFC",
    division: "AFC West",
    external_id: null,
    attributes: {}
  },
  {
    sport: "nba",
    abbr: "LAL",
    name: "Los Angeles Lakers",
    conference: "West",
    division: "Pacific",
    external_id: "1610612747",
    attributes: {}
  },
  {
    sport: "nba",
    abbr: "DAL",
    name: "Dallas Mavericks",
    conference: "West",
    division: "Southwest",
    external_id: "1610612742",
    attributes: {}
  },
  {
    sport: "mlb",
    abbr: "LAD",
    name: "Los Angeles Dodgers",
    conference: "NL",
    division: "NL West",
    external_id: "119",
    attributes: { venue: "Dodger Stadium" }
  }
]

const game = (
  g: Partial<Game> & Pick<Game, "id" | "sport" | "season" | "game_date" | "home_team" | "away_team">
): Game => ({
  league: g.sport,
  week: null,
  season_type: "REG",
  start_time: null,
  state: "final",
  home_score: null,
  away_score: null,
  venue: null,
  attributes: {},
  ...g
})

export const games: ReadonlyArray<Game> = [
  game({
    id: "2024_01_BAL_KC",
    sport: "nfl",
    season: 2024,
    week: 1,
    game_date: "2024-09-05",
    start_time: new Date("2024-09-06T00:20:00Z"),
    home_team: "KC",
    away_team: "BAL",
    home_score: 27,
    away_score: 20,
    venue: "GEHA Field at Arrowhead Stadium",
    attributes: { spread_line: 3, total_line: 46.5 }
  }),
  game({
    id: "2024_01_LV_LAC",
    sport: "nfl",
    season: 2024,
    week: 1,
    game_date: "2024-09-08",
    home_team: "LAC",
    away_team: "LV",
    home_score: 22,
    away_score: 10
  }),
  game({
    id: "2024_02_CIN_KC",
    sport: "nfl",
    season: 2024,
    week: 2,
    game_date: "2024-09-15",
    home_team: "KC",
    away_team: "CIN",
    home_score: 26,
    away_score: 25
  }),
  game({
    id: "2023_01_DET_KC",
    sport: "nfl",
    season: 2023,
    week: 1,
    game_date: "2023-09-07",
    home_team: "KC",
    away_team: "DET",
    home_score: 20,
    away_score: 21
  }),
  game({
    id: "2024_03_KC_ATL",
    sport: "nfl",
    season: 2024,
    week: 3,
    game_date: "2024-09-22",
    home_team: "ATL",
    away_team: "KC",
    state: "scheduled"
  }),
  game({
    id: "0022400061",
    sport: "nba",
    season: 2024,
    game_date: "2024-10-22",
    home_team: "LAL",
    away_team: "MIN",
    home_score: 110,
    away_score: 103
  }),
  game({
    id: "745444",
    sport: "mlb",
    season: 2024,
    game_date: "2024-03-20",
    home_team: "SD",
    away_team: "LAD",
    home_score: 2,
    away_score: 5
  }),
  game({
    id: "745445",
    sport: "mlb",
    season: 2024,
    game_date: "2024-03-21",
    home_team: "SD",
    away_team: "LAD",
    state: "completed"
  })
]

const line = (s: Partial<StatLine> & Pick<StatLine, "id" | "sport" | "player_id" | "season">): StatLine => ({
  game_id: null,
  week: null,
  game_date: null,
  team: null,
  opponent: null,
  position: null,
  is_starter: null,
  stats: {},
  fantasy_points: null,
  fantasy_points_formats: {},
  ...s
})

const MAHOMES = "svc_nfl_00-0033873"
const KELCE = "svc_nfl_00-0030506"
const LAMAR = "svc_nfl_00-0034796"
const HERBERT = "svc_nfl_00-0036355"
const OHTANI = "svc_mlb_660271"

export const statLines: ReadonlyArray<StatLine> = [
  line({
    id: `${MAHOMES}:2024_01_BAL_KC`,
    sport: "nfl",
    player_id: MAHOMES,
    game_id: "2024_01_BAL_KC",
    season: 2024,
    week: 1,
    game_date: "2024-09-05",
    team: "KC",
    opponent: "BAL",
    position: "QB",
    is_starter: true,
    stats: {
      passing_yards: 291,
      passing_tds: 1,
      interceptions: 1,
      rushing_yards: 2,
      snap_pct: 100,
      target_share: null
    },
    fantasy_points: 20.5,
    fantasy_points_formats: { ppr: 20.5, half_ppr: 20.5, standard: 20.5 }
  }),
  line({
    id: `${MAHOMES}:2024_02_CIN_KC`,
    sport: "nfl",
    player_id: MAHOMES,
    season: 2024,
    week: 2,
    game_date: "2024-09-15",
    team: "KC",
    position: "QB",
    fantasy_points: 18.1
  }),
  line({
    id: `${MAHOMES}:2023_01_DET_KC`,
    sport: "nfl",
    player_id: MAHOMES,
    season: 2023,
    week: 1,
    game_date: "2023-09-07",
    team: "KC",
    position: "QB",
    fantasy_points: 14
  }),
  line({
    id: `${KELCE}:2024_01_BAL_KC`,
    sport: "nfl",
    player_id: KELCE,
    season: 2024,
    week: 1,
    game_date: "2024-09-05",
    team: "KC",
    position: "TE",
    fantasy_points: 9.2
  }),
  line({
    id: `${LAMAR}:2024_01_BAL_KC`,
    sport: "nfl",
    player_id: LAMAR,
    season: 2024,
    week: 1,
    game_date: "2024-09-05",
    team: "BAL",
    position: "QB",
    fantasy_points: 25
  }),
  line({
    id: `${HERBERT}:2024:1`,
    sport: "nfl",
    player_id: HERBERT,
    season: 2024,
    week: 1,
    team: "LAC",
    position: "QB",
    fantasy_points: null
  }),
  line({
    id: `${OHTANI}:745444`,
    sport: "mlb",
    player_id: OHTANI,
    game_id: "745444",
    season: 2024,
    game_date: "2024-03-20",
    team: "LAD",
    position: "DH",
    fantasy_points: 12.7
  }),
  line({
    id: `${OHTANI}:745445`,
    sport: "mlb",
    player_id: OHTANI,
    game_id: "745445",
    season: 2024,
    game_date: "2024-03-21",
    team: "LAD",
    position: "DH",
    fantasy_points: 3
  })
]

const injury = (
  r: Partial<InjuryReport> & Pick<InjuryReport, "id" | "player_id" | "season" | "week">
): InjuryReport => ({
  sport: "nfl",
  team: "KC",
  report_status: null,
  practice_status: null,
  primary_injury: null,
  secondary_injury: null,
  reported_at: null,
  ...r
})

export const injuries: ReadonlyArray<InjuryReport> = [
  injury({
    id: "2024:1:kelce",
    player_id: KELCE,
    season: 2024,
    week: 1,
    report_status: "Questionable",
    primary_injury: "Ankle",
    reported_at: new Date("2024-09-04T20:00:00Z")
  }),
  injury({
    id: "2024:2:kelce",
    player_id: KELCE,
    season: 2024,
    week: 2,
    report_status: "Out",
    primary_injury: "Ankle",
    practice_status: "Did Not Participate In Practice"
  }),
  injury({
    id: "2024:2:pacheco",
    player_id: "svc_nfl_00-0037197",
    season: 2024,
    week: 2,
    report_status: "Out",
    primary_injury: "Fibula"
  }),
  injury({
    id: "2024:2:lamar",
    player_id: LAMAR,
    team: "BAL",
    season: 2024,
    week: 2,
    practice_status: "Limited Participation in Practice",
    primary_injury: "Back"
  })
]

const slot = (
  d: Partial<DepthChartEntry> & Pick<DepthChartEntry, "id" | "player_id" | "week" | "team">
): DepthChartEntry => ({
  sport: "nfl",
  season: 2024,
  position: null,
  depth_position: null,
  depth: 1,
  formation: "Offense",
  ...d
})

export const depthCharts: ReadonlyArray<DepthChartEntry> = [
  slot({ id: "2024:1:KC:QB:1", player_id: MAHOMES, week: 1, team: "KC", position: "QB", depth_position: "QB" }),
  slot({ id: "2024:1:KC:TE:1", player_id: KELCE, week: 1, team: "KC", position: "TE", depth_position: "TE" }),
  slot({ id: "2024:1:BAL:QB:1", player_id: LAMAR, week: 1, team: "BAL", position: "QB", depth_position: "QB" }),
  slot({ id: "2024:2:KC:QB:1", player_id: MAHOMES, week: 2, team: "KC", position: "QB", depth_position: "QB" })
]

/** An API key record with a random hash; fields overridable. */
export const keyRecord = (overrides: Partial<ApiKey.ApiKeyRecord> = {}): ApiKey.ApiKeyRecord => {
  const hash = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("")
  return {
    key_hash: hash,
    key_prefix: `svc_bld_${hash.slice(0, 4)}`,
    tier: "build",
    state: "active",
    email: null,
    created_at: new Date("2024-06-01T10:00:00Z"),
    activated_at: new Date("2024-06-01T10:00:00Z"),
    activation_expires_at: null,
    revoked_at: null,
    trial_starts_at: null,
    trial_ends_at: null,
    last_used_at: null,
    ...overrides
  }
}

/** A fresh random key hash (64 hex characters), so tests sharing a store never share a key. */
export const randomKeyHash = (): string => keyRecord().key_hash
