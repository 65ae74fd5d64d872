/**
 * The play-by-play port: the plays of one game from a play-by-play source an operator provides
 * (no dataset of the service has plays). Absent from a store's ports: a runtime provides it when
 * it knows where such files are (ingest `nflverse/Plays.ts` reads nflverse play-by-play CSV).
 * @module
 */
import { Context, type Effect, type Option, Schema } from "effect"
import type { StoreError } from "../Errors.js"
import type { TeamSport } from "../Sport.js"

/**
 * One play, in the nflverse play-by-play columns (nflfastR field names): `game_id` and `play_id`,
 * the quarter (`qtr`), game clock (`time`, MM:SS), `down` and `ydstogo` (yards to go),
 * `yardline_100` (yards from the opponent's end zone), offense and defense (`posteam`, `defteam`),
 * `play_type` (pass, run, punt, kickoff, ...), `yards_gained` and the play-by-play text (`desc`).
 * A field the source leaves empty is null.
 */
export const Play = Schema.Struct({
  game_id: Schema.String,
  play_id: Schema.Number,
  qtr: Schema.NullOr(Schema.Int),
  time: Schema.NullOr(Schema.String),
  down: Schema.NullOr(Schema.Int),
  ydstogo: Schema.NullOr(Schema.Int),
  yardline_100: Schema.NullOr(Schema.Int),
  posteam: Schema.NullOr(Schema.String),
  defteam: Schema.NullOr(Schema.String),
  play_type: Schema.NullOr(Schema.String),
  yards_gained: Schema.NullOr(Schema.Int),
  desc: Schema.NullOr(Schema.String)
}).annotations({ identifier: "Play" })
export type Play = typeof Play.Type

/** Plays of a game. */
export interface PlayReaderService {
  /**
   * The plays of game `gameId` of `sport` and `season`, in play order: none when no
   * play-by-play source covers that sport and season (then the endpoint has no data), some
   * (possibly empty) when one does. StoreFailure when the source exists but cannot be read.
   */
  readonly game: (
    sport: TeamSport,
    season: number,
    gameId: string
  ) => Effect.Effect<Option.Option<ReadonlyArray<Play>>, StoreError>
}

/** The {@link PlayReaderService} port. */
export class PlayReader extends Context.Tag("@sports-data/PlayReader")<PlayReader, PlayReaderService>() {}
