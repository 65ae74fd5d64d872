/**
 * The registration of every sport's adapter: one {@link Ingester} per sport, in the order the
 * service lists sports (team sports first). The only module that names each sport's adapter; the
 * Runner walks this list.
 * @module
 */
import { Effect } from "effect"
import { cfbSourceFiles, ingestCfb } from "./cfb/index.js"
import { golfDfs, nflDfs } from "./Dfs.js"
import { f1SourceFiles, ingestF1 } from "./f1/index.js"
import { golfSourceFiles, ingestGolf } from "./golf/index.js"
import type { Ingester } from "./Ingester.js"
import { ingestMlb, mlbSourceFiles } from "./mlb/index.js"
import { ingestNascar, nascarSourceFiles } from "./nascar/index.js"
import { ingestNba, nbaSourceFiles } from "./nba/index.js"
import { allFiles, ingestNfl, nflFiles } from "./nfl/index.js"
import { nflOdds } from "./nfl/Odds.js"
import { ingestNhl, nhlSourceFiles } from "./nhl/index.js"
import { cfbfastrOdds, golfOddsPhase, linesPhase, oddsApi, teamLinesPhase, twoSidedEvents } from "./odds/index.js"
import { ingestSoccer, soccerSourceFiles } from "./soccer/index.js"
import { ingestTennis, tennisSourceFiles } from "./tennis/index.js"
import { tennisOdds } from "./tennis/Odds.js"
import { ingestUfc, ufcSourceFiles } from "./ufc/index.js"

/** Every sport's adapter, once each. `sources` are dataset folders of the source registry (domain SourceRegistry.ts). */
export const registrations: ReadonlyArray<Ingester> = [
  {
    sport: "nfl",
    sources: [
      "hvpkod_nfl_data",
      "jtyran_nfl_team_fantasy_dashboard",
      "mayscopeland_ffb_ids",
      "spreadspoke_nfl",
      "urwishpatel2003_nflverse_data",
      "dynastyprocess_fantasytweetarchives",
      "uruley_4horsemendfs"
    ],
    sourceFiles: (dir) => Effect.map(nflFiles(dir), allFiles),
    ingest: ingestNfl,
    odds: teamLinesPhase("nfl", nflOdds),
    dfs: nflDfs
  },
  {
    sport: "nba",
    sources: ["meharpalbasi_nba_data", "millxing_nba_data", "bettormanpicks_bmp_app", "nielsenz_odds_api"],
    sourceFiles: nbaSourceFiles,
    ingest: ingestNba,
    odds: teamLinesPhase("nba", oddsApi("NBA"))
  },
  {
    sport: "mlb",
    sources: [
      "alejandrochaveza_mml_mlb",
      "chadwickbureau_register",
      "chadwickbureau_retrosplits",
      "ehv6_retrosheet_mlb_2024"
    ],
    sourceFiles: mlbSourceFiles,
    ingest: ingestMlb
  },
  {
    sport: "nhl",
    sources: ["twinfield10_nhl_data", "bettormanpicks_bmp_app", "nielsenz_odds_api"],
    sourceFiles: nhlSourceFiles,
    ingest: ingestNhl,
    odds: teamLinesPhase("nhl", oddsApi("NHL"))
  },
  {
    sport: "cfb",
    sources: [
      "jhatfiel_cfbd_games",
      "llizima_college_football_dashboard",
      "noahpbrown_cfb_games",
      "sportsdataverse_cfbfastr_cfb_data"
    ],
    sourceFiles: cfbSourceFiles,
    ingest: ingestCfb,
    odds: teamLinesPhase("cfb", cfbfastrOdds)
  },
  {
    sport: "soccer",
    sources: ["openfootball_football_json", "datasets_football_datasets"],
    sourceFiles: soccerSourceFiles,
    ingest: ingestSoccer
  },
  {
    sport: "tennis",
    sources: ["jeffsackmann_tennis_atp", "jeffsackmann_tennis_wta", "bettormanpicks_bmp_app"],
    sourceFiles: tennisSourceFiles,
    ingest: ingestTennis,
    odds: linesPhase("tennis", tennisOdds, twoSidedEvents("tennis"))
  },
  { sport: "ufc", sources: ["greco1899_ufc_stats"], sourceFiles: ufcSourceFiles, ingest: ingestUfc },
  {
    sport: "golf",
    sources: ["rtelmore_isar_golf", "array_carpenter_golfastr", "925sports_pga_tour_data"],
    sourceFiles: golfSourceFiles,
    ingest: ingestGolf,
    odds: golfOddsPhase,
    dfs: golfDfs
  },
  { sport: "f1", sources: ["f1db"], sourceFiles: f1SourceFiles, ingest: ingestF1 },
  { sport: "nascar", sources: ["nascar_data_kylegrealis"], sourceFiles: nascarSourceFiles, ingest: ingestNascar }
]
