/**
 * Coverage as data: what each endpoint of each sport can answer (the datasets themselves, with
 * their publishers and licences, are the source registry, SourceRegistry.ts). An endpoint
 * whose data no source supplies is still served: it answers empty `data` with
 * `meta.coverage = {available: false, reason}` (never an invented row). Typed
 * `satisfies Record<SportKey, ...>`, so a new sport without coverage fails to compile.
 * @module
 */
import { Schema } from "effect"
import type { SportKey } from "./Sport.js"

/**
 * What one endpoint of a sport can answer: `available` false when no source supplies its data
 * (then `reason` says why); otherwise `note` states a known limit (a season a source lacks) or
 * is null; `seasons` lists the seasons it covers where narrower than the sport's games.
 */
export interface EndpointCoverage {
  readonly available: boolean
  readonly reason: string | null
  readonly seasons: ReadonlyArray<number> | null
}

const yes = (note: string | null = null, seasons: ReadonlyArray<number> | null = null): EndpointCoverage => ({
  available: true,
  reason: note,
  seasons
})
const no = (reason: string): EndpointCoverage => ({ available: false, reason, seasons: null })

/** The DFS endpoints of a sport without DFS slates in any source. */
const noDfs = {
  dfsSlates: no("no source has DFS slates for this sport: DraftKings nfl (2025 week 1) and golf (2026) only"),
  dfsSalaries: no("no source has DFS slates for this sport: DraftKings nfl (2025 week 1) and golf (2026) only")
}

/** The `meta.coverage` object of a response (specification ResponseMeta, decisions: coverage). */
export const MetaCoverage = Schema.Struct({
  available: Schema.Boolean,
  reason: Schema.NullOr(Schema.String)
}).annotations({ identifier: "MetaCoverage" })
export type MetaCoverage = typeof MetaCoverage.Type

/** Waiver articles: written for the newest metrics only (app Feed.waiverArticles). */
const waiverArticles = yes(
  "articles are written from the stored momentum metrics, which cover the newest games only: another season or week has none"
)
/** Model predictions (app Models.predictions): rows exist only where an ACTIVE validated model scored the player's games. */
const predictions = yes(
  "predictions exist only for games an ACTIVE validated model scored (GET /v1/model/metadata lists each model's seasons); none where no model passed validation"
)

/** The coverage of both odds endpoints (`odds`, `history`) of a sport: the lines' source and limits. */
const oddsCoverage = (c: EndpointCoverage) => ({ odds: c, history: c })

/**
 * Coverage of each sport's endpoints, keyed by operation name (the OpenAPI operationId after
 * `<sport>.`). Endpoints not listed are available over every season the sport holds.
 */
export const endpointCoverage = {
  nfl: {
    ...oddsCoverage(yes(
      "nflverse lines 2022-2026 (one line per game, no bookmaker named; 2026: the games lined when the source was pulled) and spreadspoke spread and total; no line history"
    )),
    news: yes("news items are the 32BeatWriters archive, 2020-12 to 2022-07; injury reports cover 2025"),
    injuries: yes("weekly injury reports of the 2025 season; no report time (season and week instead)"),
    depthChartChanges: yes("only changes the depth chart file supports: slots dropped during 2025, 2025-2026 moves"),
    plays: no(
      "no source has play-by-play data for this season; an operator can add nflverse play_by_play_<season>.csv " +
        "files under <data dir>/nflverse_pbp/"
    ),
    ecr: no("no source has expert consensus rankings"),
    playerRankings: no("no source has consensus draft rankings"),
    campIntel: no("no source has training camp reports"),
    dfsSlates: yes("one DraftKings Classic salary file: the 2025 week 1 Sunday main slate (games of 2025-09-07)", [
      2025
    ]),
    dfsSalaries: yes("team defenses (DST) and names the service does not hold have a null player_id", [2025]),
    waiverArticles,
    predictions
  },
  nba: {
    ...oddsCoverage(yes(
      "The Odds API snapshots of 2026-01-10 to 2026-02-23 (BetMGM, DraftKings, FanDuel, BetRivers), for the games the service holds (to 2026-02-20)"
    )),
    ...noDfs,
    teamPractice: no("practice reports are nfl only"),
    rosterPulse: yes("nba signals are status changes only (2026-02-05 to 2026-02-21): no role shifts or depth moves"),
    plays: no("no source has play-by-play data"),
    ecr: no("no source has expert consensus rankings"),
    depthChartChanges: no("no source has NBA depth charts"),
    playersTrending: no("nba signals are injury-report status changes only: no snap counts or role shifts to trend"),
    playerStats: yes(
      "shooting counts (field goals, threes, free throws made and attempted), offensive and defensive rebounds and fouls: 2025-26 lines to 2026-02-20 only (the 2022-25 logs give percentages); is_starter: no source has a starter flag"
    ),
    gameLog: yes(
      "shooting counts (field goals, threes, free throws made and attempted), offensive and defensive rebounds and fouls: 2025-26 lines to 2026-02-20 only (the 2022-25 logs give percentages); is_starter: no source has a starter flag"
    ),
    waiverArticles,
    predictions
  },
  mlb: {
    ...oddsCoverage(no("no source has mlb betting lines")),
    ...noDfs,
    news: no("no source has mlb injury reports or news"),
    injuries: no("no source has mlb injury reports or news"),
    playerNews: no("no source has mlb injury reports or news"),
    teamInjuries: no("no source has mlb injury reports or news"),
    teamPractice: no("practice reports are nfl only"),
    rosterPulse: no("no source has mlb injury reports, news or depth charts"),
    playerStats: yes("batting lines need the retrosplits daybyday files; pitching lines are held for 2024", [2024]),
    plays: no("no source has play-by-play data"),
    ecr: no("no source has expert consensus rankings"),
    splits: no("no source has pitch-level data for pitch-type mix splits"),
    transactions: no("no source has mlb transactions"),
    depthChartChanges: no("no source has MLB depth charts"),
    signals: no("no source has mlb injury reports or news"),
    trending: no("no source has mlb injury reports, news or role signals to trend"),
    playersTrending: no("no source has mlb snap counts or role signals to trend"),
    similar: yes(
      "similarity vectors come from stored momentum metrics: mlb players need game lines in the newest season (pitching lines of 2024; batting lines only with the retrosplits daybyday files)"
    ),
    predictions
  },
  nhl: {
    ...oddsCoverage(yes(
      "The Odds API: noon US Eastern pulls 2023-10-10 to 2026-01-09 (BetMGM, Caesars), open, morning and close snapshots from 2026-01-10; only games the service holds (2024-25 is absent, 2023-24 ends 2024-02-14, 2025-26 ends 2026-02-20)"
    )),
    ...noDfs,
    games: yes("2024-25 is absent from every source; 2023-24 ends 2024-02-14; 2025-26 ends 2026-02-20"),
    standings: yes(
      "2024-25 is absent; points and overtime losses are null for seasons whose source carries no overtime flag"
    ),
    playerStats: yes("player game lines exist for 2025-26 only", [2025]),
    depthChartChanges: no("no source has NHL depth charts"),
    plays: no("no source has play-by-play data"),
    waiverArticles,
    predictions
  },
  cfb: {
    ...oddsCoverage(yes("2025 spread and total only (cfbfastR): no moneyline, odds or bookmaker")),
    ...noDfs,
    games: yes("2022 games come from a source without ids or dates: their ids are derived and game_date is null"),
    rankings: yes(
      "AP, Coaches and CFP polls for 2022-2024; first_place_votes: no source has them (null); record: the team's results before the poll, empty on a final poll where the team's postseason games are not all scored in the sources",
      [2022, 2023, 2024]
    ),
    players: yes(
      "players come from the 2025 box scores only; position: no cfb source has it (box scores list players by stat category), so a position filter matches no one",
      [2025]
    ),
    player: yes(
      "players come from the 2025 box scores only; position: no cfb source has it (box scores list players by stat category), so a position filter matches no one",
      [2025]
    ),
    roster: yes(
      "rosters come from the 2025 box scores only; position: no cfb source has it (box scores list players by stat category), so a position filter matches no one",
      [2025]
    ),
    gameLog: yes("game logs come from the 2025 box scores only", [2025]),
    plays: no("no source has play-by-play data"),
    filter: no("no momentum metrics for cfb: no fantasy scoring format is defined for it")
  },
  soccer: {
    ...oddsCoverage(no("no source has soccer betting lines")),
    ...noDfs,
    players: no("no source has soccer players"),
    player: no("no source has soccer players"),
    roster: no("no source has soccer players"),
    gameLog: no("no source has soccer players"),
    games: yes("mls 2025 is partial; champions_league covers 2024-25 only"),
    standings: yes(
      "mls: 2025 only (partial; 2022-2024 are in no source); champions_league: 2024-25 only; standings are computed from the results"
    ),
    plays: no("no source has play-by-play data"),
    filter: no("no source has soccer players")
  },
  tennis: {
    ...oddsCoverage(yes(
      "closing moneyline odds (bet365, Pinnacle, best and average price, Betfair exchange) of the 2025 to February 2026 matches"
    )),
    ...noDfs,
    matches: yes(
      "2022-2024 tour-level matches (Sackmann, CC BY-NC-SA 4.0: non-commercial use only, attribution required) " +
        "carry the tournament's start date (date_precision tournament_week); 2025 to February 2026 matches come " +
        "from the odds files with the match day, their players linked to Sackmann ids by name and ranking evidence"
    ),
    rankings: yes(
      "weekly lists of 2024 (Sackmann, CC BY-NC-SA 4.0, non-commercial) and one list of February 2026 (snapshot " +
        "of 2026-02-22, names linked to Sackmann ids); no lists between"
    ),
    h2h: yes("matches of 2022 to February 2026; Sackmann data is CC BY-NC-SA 4.0 (non-commercial)"),
    gameLog: yes("matches of 2022 to February 2026; Sackmann data is CC BY-NC-SA 4.0 (non-commercial)")
  },
  golf: {
    ...oddsCoverage(yes(
      "2026 PGA Tour outright odds snapshots of 2026-07-28 to 2026-08-08 (DraftKings, FanDuel, bet365, DataGolf baseline; win, top 5/10/20, first-round leader, make and miss cut): the Rocket Classic and the Wyndham Championship, each snapshot assigned to the PGA event in progress or next to start; the opposite-field (OPP) event's odds are not served (no stored event)"
    )),
    tournaments: yes(
      "PGA Tour 2021-22 (32 events, Sept 2021 to June 2022), 2025 (schedule, 47 with results) and the 2026 events with DFS salary slates (no results); LPGA: only the 2026 AIG Women's Open slate"
    ),
    leaderboard: yes(
      "round-by-round scores: no source has them, so rounds is null; LPGA: no results in any source; positions and missed cuts are derived from total strokes and rounds played"
    ),
    scoringAverage: yes("from tournament totals (strokes over rounds played) of 2021-22 and 2025"),
    dfsSlates: yes("DraftKings Classic and Showdown slates of 2026-07-30 to 2026-08-09 only", [2026]),
    dfsSalaries: yes(
      "golfers are linked to the service's golfers by name; those it does not hold have a null player_id",
      [
        2026
      ]
    )
  },
  ufc: {
    ...oddsCoverage(no("no source has UFC betting lines")),
    ...noDfs,
    rankings: no("no source has UFC rankings"),
    record: yes(
      "UFC bouts only (ufcstats.com); bouts whose fighter name matches several fighters of the directory are " +
        "reported as unresolved, not attributed"
    )
  },
  f1: {
    ...oddsCoverage(no("no source has F1 betting lines")),
    ...noDfs,
    results: yes("race, qualifying, sprint and sprint qualifying results 2022 to 2026 round 11; practice: no source"),
    standings: yes("computed from race and sprint points; 2026 through round 11 (Hungary)")
  },
  nascar: {
    ...oddsCoverage(no("no source has NASCAR betting lines")),
    ...noDfs,
    races: yes("race dates: not in the source, date is null; Cup, Xfinity and Truck 2022-2025", [
      2022,
      2023,
      2024,
      2025
    ]),
    results: yes("race dates: not in the source"),
    standings: yes(
      "sum of race points (finish and stage points) over the season; the playoff points reset is not in the data"
    )
  }
} as const satisfies Record<SportKey, Readonly<Record<string, EndpointCoverage>>>

/** The coverage of `operation` of `sport` (available over every season when not listed). */
export const coverageOf = (sport: SportKey, operation: string): EndpointCoverage =>
  (endpointCoverage[sport] as Readonly<Record<string, EndpointCoverage>>)[operation] ?? yes()

/** The reason of an empty answer of an endpoint whose sources cover the request: no row matched it. */
export const NOTHING_MATCHED = "no rows match the request: the sources hold none for these parameters and filters"

const isSportKeyValue = (sport: string): sport is SportKey => Object.hasOwn(endpointCoverage, sport)

/**
 * `meta.coverage` of an answer with no rows (docs/vocabulary.md: every empty answer says why):
 * the operation's gap or known limit (`coverageOf`) as `{available: false, reason}`, else
 * `{available: true, reason: NOTHING_MATCHED}` (the data exists, the request matched none of it).
 * `sport` may be a cross-sport value ("all"); `operation` is the name after `<group>.`.
 */
export const emptyAnswerCoverage = (sport: string, operation: string): MetaCoverage => {
  const c = isSportKeyValue(sport) ? coverageOf(sport, operation) : yes()
  return !c.available || c.reason !== null
    ? { available: false, reason: c.reason }
    : { available: true, reason: NOTHING_MATCHED }
}
