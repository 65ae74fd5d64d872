/**
 * The tennis betting-line source of the odds phase (odds/index.ts): tennis-data.co.uk's odds
 * files as republished by bettormanpicks_bmp_app, one row per match with several bookmakers'
 * prices, matched to the stored matches by the match id of Build.ts `oddsMatchId`.
 * @module
 */
import { Effect, Either } from "effect"
import { join } from "node:path"
import type { SportOdds } from "../odds/index.js"
import { oddsFolders, type SourceLine, tennisLines } from "../odds/Sources.js"
import { listFiles, readEach, type RowParser } from "../Rows.js"
import { oddsMatchId } from "./Build.js"
import { seasonOf, tourOf } from "./index.js"
import { parseOddsMatch } from "./Sources.js"

/** The tennis odds source: `tennis_{atp,wta}_matches_odds_<season>.csv`, each row giving one line per bookmaker. */
export const tennisOdds: SportOdds = {
  files: (dataDir) => listFiles(join(dataDir, oddsFolders.bmp), /^tennis_(atp|wta)_matches_odds_\d{4}\.csv$/),
  read: (files) =>
    Effect.gen(function*() {
      const nested = yield* readEach(files, (f): RowParser<ReadonlyArray<SourceLine>> => (row) =>
        Either.map(
          Either.flatMap(parseOddsMatch(tourOf(f), seasonOf(f))(row), (m) => tennisLines(row, oddsMatchId(m))),
          (xs) => (xs.length === 0 ? null : xs)
        ))
      return nested.map((f) => ({ ...f, rows: f.rows.flat() }))
    })
}
