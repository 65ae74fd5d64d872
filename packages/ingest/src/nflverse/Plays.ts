/**
 * Play-by-play from nflverse files an operator drops into the data directory: the PlayReader over
 * `<data dir>/nflverse_pbp/play_by_play_<season>.csv` (or `.csv.gz`), the files nflverse
 * publishes (github.com/nflverse/nflverse-data, release `pbp`), one per season, one row per play
 * with columns named as nflfastR names them (play_id, game_id, ..., qtr, down, time, ydstogo,
 * desc, play_type, yards_gained, ...). Columns are read by name, so a file with every one of its
 * 372 columns or a cut of them reads the same.
 *
 * A game's plays are read on request: the file is streamed until the game's rows end (nflverse
 * files list each game's plays together, in play order), so a request never holds the season.
 * @module
 */
import { type Play, PlayReader, type PlayReaderService, StoreFailure } from "@sports-data/domain"
import { Chunk, Effect, Layer, Option, Stream } from "effect"
import { access } from "node:fs/promises"
import { join } from "node:path"
import { type CsvRow, field, int, num, readCsv } from "../Csv.js"

/** The folder of the data directory holding the play-by-play files. */
export const PBP_FOLDER = "nflverse_pbp"

/** The candidate files of `season` under `dataDir`, plain first. */
export const pbpFiles = (dataDir: string, season: number): ReadonlyArray<string> => [
  join(dataDir, PBP_FOLDER, `play_by_play_${season}.csv`),
  join(dataDir, PBP_FOLDER, `play_by_play_${season}.csv.gz`)
]

/** The {@link Play} of one row, or undefined when the row has no game_id or play_id. */
export const playOf = (row: CsvRow): Play | undefined => {
  const game_id = field(row, "game_id")
  const play_id = num(row, "play_id")
  if (game_id === undefined || play_id === undefined) return undefined
  return {
    game_id,
    play_id,
    qtr: int(row, "qtr") ?? null,
    time: field(row, "time") ?? null,
    down: int(row, "down") ?? null,
    ydstogo: int(row, "ydstogo") ?? null,
    yardline_100: int(row, "yardline_100") ?? null,
    posteam: field(row, "posteam") ?? null,
    defteam: field(row, "defteam") ?? null,
    play_type: field(row, "play_type") ?? null,
    yards_gained: int(row, "yards_gained") ?? null,
    desc: field(row, "desc") ?? null
  }
}

const exists = (file: string) => Effect.promise(() => access(file).then(() => true, () => false))

/**
 * The PlayReader over `dataDir`: nfl games of a season whose file is present; none for other
 * sports and seasons without a file. A file that cannot be read fails with StoreFailure.
 */
export const makePlayReader = (dataDir: string): PlayReaderService => ({
  game: (sport, season, gameId) =>
    Effect.gen(function*() {
      if (sport !== "nfl") return Option.none()
      const found = yield* Effect.filter(pbpFiles(dataDir, season), exists)
      const file = found[0]
      if (file === undefined) return Option.none()
      const rows = yield* readCsv(file).pipe(
        Stream.dropWhile((r) => field(r, "game_id") !== gameId),
        Stream.takeWhile((r) => field(r, "game_id") === gameId),
        Stream.filterMap((r) => Option.fromNullable(playOf(r))),
        Stream.runCollect,
        Effect.mapError((e) => new StoreFailure({ operation: "PlayReader.game", detail: `${e.file}: ${e.reason}` }))
      )
      return Option.some(Chunk.toReadonlyArray(rows))
    }).pipe(Effect.withSpan("PlayReader.game"))
})

/** The PlayReader over `dataDir` as a layer. */
export const layer = (dataDir: string): Layer.Layer<PlayReader> => Layer.succeed(PlayReader, makePlayReader(dataDir))
