/**
 * Hand-made canonical rows shared by the contract suites: a few real players, teams and games
 * of each core sport, cfb polls, golf tournaments and a tennis match with their results (names
 * and ids as the leagues publish them; numbers illustrative).
 * @module
 */
import type {
  ApiKey,
  DepthChartEntry,
  EventEntry,
  Game,
  InjuryReport,
  Player,
  PollRanking,
  SportEvent,
  StatLine,
  Team
} from "@sports-data/domain"

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

const ranking = (
  season: number,
  poll: string,
  week: number,
  rank: number,
  team: string,
  team_name: string,
  r: Partial<PollRanking> = {}
): PollRanking => ({
  id: `${season}:${poll}:${week}:${team}`,
  sport: "cfb",
  season,
  poll,
  week,
  rank,
  team,
  team_name,
  points: null,
  first_place_votes: null,
  record: null,
  prev_rank: null,
  ...r
})

/** cfb polls, written out of order: 2024 AP weeks 1-2 and Coaches week 1 (top 3), the 2023 AP final (top 1). */
export const rankings: ReadonlyArray<PollRanking> = [
  ranking(2024, "coaches", 1, 2, "OSU", "Ohio State", { points: 1489, first_place_votes: 13, record: "0-0" }),
  ranking(2024, "ap", 2, 3, "TEX", "Texas", { points: 1373, first_place_votes: 3, record: "1-0", prev_rank: 4 }),
  ranking(2024, "ap", 1, 1, "UGA", "Georgia", { points: 1491, first_place_votes: 42, record: "0-0" }),
  ranking(2023, "ap", 16, 1, "MICH", "Michigan", { points: 1575, first_place_votes: 63, record: "15-0", prev_rank: 1 }),
  ranking(2024, "ap", 1, 3, "ORE", "Oregon", { points: 1397, first_place_votes: 3, record: "0-0" }),
  ranking(2024, "ap", 2, 1, "UGA", "Georgia", { points: 1527, first_place_votes: 54, record: "1-0", prev_rank: 1 }),
  ranking(2024, "coaches", 1, 1, "UGA", "Georgia", { points: 1585, first_place_votes: 50, record: "0-0" }),
  ranking(2024, "ap", 1, 2, "OSU", "Ohio State", { points: 1428, first_place_votes: 10, record: "0-0" }),
  ranking(2024, "coaches", 1, 3, "ORE", "Oregon", { points: 1396, first_place_votes: 3, record: "0-0" }),
  ranking(2024, "ap", 2, 2, "OSU", "Ohio State", { points: 1448, first_place_votes: 5, record: "1-0", prev_rank: 2 })
]

const event = (
  e: Partial<SportEvent> & Pick<SportEvent, "id" | "sport" | "league" | "season" | "name" | "start_date">
): SportEvent => ({ end_date: null, state: "final", venue: null, attributes: {}, ...e })

/**
 * Golf tournaments (four days each; two start on 2024-06-13) and one tennis match (one day,
 * `end_date` null), written out of order.
 */
export const events: ReadonlyArray<SportEvent> = [
  event({
    id: "pga:2024:us-open",
    sport: "golf",
    league: "pga",
    season: 2024,
    name: "U.S. Open",
    start_date: "2024-06-13",
    end_date: "2024-06-16",
    venue: "Pinehurst No. 2",
    attributes: { par: 70, major: true }
  }),
  event({
    id: "pga:2024:masters",
    sport: "golf",
    league: "pga",
    season: 2024,
    name: "Masters Tournament",
    start_date: "2024-04-11",
    end_date: "2024-04-14",
    venue: "Augusta National Golf Club",
    attributes: { par: 72, major: true }
  }),
  event({
    id: "atp:2024:wimbledon:final",
    sport: "tennis",
    league: "atp",
    season: 2024,
    name: "Wimbledon, final",
    start_date: "2024-07-14",
    venue: "All England Club",
    attributes: { surface: "grass", round: "F", best_of: 5 }
  }),
  event({
    id: "pga:2025:masters",
    sport: "golf",
    league: "pga",
    season: 2025,
    name: "Masters Tournament",
    start_date: "2025-04-10",
    end_date: "2025-04-13",
    state: "scheduled",
    venue: "Augusta National Golf Club"
  }),
  event({
    id: "lpga:2024:meijer",
    sport: "golf",
    league: "lpga",
    season: 2024,
    name: "Meijer LPGA Classic",
    start_date: "2024-06-13",
    end_date: "2024-06-16"
  }),
  event({
    id: "pga:2023:masters",
    sport: "golf",
    league: "pga",
    season: 2023,
    name: "Masters Tournament",
    start_date: "2023-04-06",
    end_date: "2023-04-09",
    venue: "Augusta National Golf Club"
  }),
  event({
    id: "lpga:2024:chevron",
    sport: "golf",
    league: "lpga",
    season: 2024,
    name: "The Chevron Championship",
    start_date: "2024-04-18",
    end_date: "2024-04-21"
  }),
  event({
    id: "pga:2024:pga-championship",
    sport: "golf",
    league: "pga",
    season: 2024,
    name: "PGA Championship",
    start_date: "2024-05-16",
    end_date: "2024-05-19",
    venue: "Valhalla Golf Club"
  })
]

const entry = (
  e: Partial<EventEntry> & Pick<EventEntry, "sport" | "event_id" | "participant_id" | "participant_name">
): EventEntry => ({
  id: `${e.event_id}:${e.participant_id}`,
  team: null,
  position: null,
  status: "finished",
  score: null,
  stats: {},
  ...e
})

export const scheffler = "svc_golf_46046"
export const mcilroy = "svc_golf_28237"

/** Results of two golf tournaments (one golfer cut, without a place) and the tennis match, out of order. */
export const eventEntries: ReadonlyArray<EventEntry> = [
  entry({
    sport: "golf",
    event_id: "pga:2024:masters",
    participant_id: "svc_golf_33448",
    participant_name: "Justin Thomas",
    status: "cut",
    stats: { rounds: 2, to_par: null }
  }),
  entry({
    sport: "golf",
    event_id: "pga:2024:us-open",
    participant_id: scheffler,
    participant_name: "Scottie Scheffler",
    position: 41,
    score: 294,
    stats: { rounds: 4, to_par: 14 }
  }),
  entry({
    sport: "golf",
    event_id: "pga:2024:masters",
    participant_id: "svc_golf_08793",
    participant_name: "Tiger Woods",
    position: 60,
    score: 304,
    stats: { rounds: 4, to_par: 16 }
  }),
  entry({
    sport: "golf",
    event_id: "pga:2024:masters",
    participant_id: scheffler,
    participant_name: "Scottie Scheffler",
    position: 1,
    score: 277,
    stats: { rounds: 4, to_par: -11, birdies: 18 }
  }),
  entry({
    sport: "tennis",
    event_id: "atp:2024:wimbledon:final",
    participant_id: "svc_tennis_a0e2",
    participant_name: "Carlos Alcaraz",
    team: "ESP",
    position: 1,
    status: "won",
    stats: { sets_won: 3, aces: 9 }
  }),
  entry({
    sport: "golf",
    event_id: "pga:2024:us-open",
    participant_id: mcilroy,
    participant_name: "Rory McIlroy",
    position: 2,
    score: 275,
    stats: { rounds: 4, to_par: -5 }
  }),
  entry({
    sport: "golf",
    event_id: "pga:2024:masters",
    participant_id: "svc_golf_52955",
    participant_name: "Ludvig Åberg",
    position: 2,
    score: 281,
    stats: { rounds: 4, to_par: -7 }
  }),
  entry({
    sport: "tennis",
    event_id: "atp:2024:wimbledon:final",
    participant_id: "svc_tennis_d643",
    participant_name: "Novak Djokovic",
    team: "SRB",
    position: 2,
    status: "lost",
    stats: { sets_won: 0, aces: 2 }
  }),
  entry({
    sport: "golf",
    event_id: "pga:2024:us-open",
    participant_id: "svc_golf_47959",
    participant_name: "Bryson DeChambeau",
    position: 1,
    score: 274,
    stats: { rounds: 4, to_par: -6 }
  })
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
