/**
 * UFC response resources (the specification leaves their fields "not shown"; these follow its
 * style: snake_case, ISO 8601 dates, ids `svc_ufc_<ufcstats hash>`).
 * @module
 */
import { Schema } from "effect"
import { DateString, GameRef, PlayerRef } from "../Resources.js"

/** A fight result from one fighter's side. */
export const FightResult = Schema.Literal("win", "loss", "draw", "no_contest")

/** A fighter of the directory: tale of the tape in inches and pounds, null where unknown. */
export const Fighter = Schema.Struct({
  ...PlayerRef,
  id: Schema.String,
  name: Schema.String,
  first_name: Schema.NullOr(Schema.String),
  last_name: Schema.NullOr(Schema.String),
  nickname: Schema.NullOr(Schema.String),
  date_of_birth: Schema.NullOr(DateString),
  height_in: Schema.NullOr(Schema.Number),
  reach_in: Schema.NullOr(Schema.Number),
  weight_lb: Schema.NullOr(Schema.Number),
  stance: Schema.NullOr(Schema.String)
}).annotations({ identifier: "UfcFighter" })
export type Fighter = typeof Fighter.Type

/** A fighter as a bout names them: the resolved id (`svc_ufc_n-<name>` when unresolved), name, result. */
export const BoutFighter = Schema.Struct({
  ...PlayerRef,
  id: Schema.String,
  name: Schema.String,
  result: FightResult,
  resolved: Schema.Boolean
}).annotations({ identifier: "UfcBoutFighter" })

/** A bout of a card. `time` m:ss into `round`. */
export const Bout = Schema.Struct({
  ...GameRef,
  fight_id: Schema.String,
  bout_order: Schema.Int,
  weight_class: Schema.String,
  title_fight: Schema.Boolean,
  fighters: Schema.Array(BoutFighter),
  method: Schema.NullOr(Schema.String),
  round: Schema.NullOr(Schema.Int),
  time: Schema.NullOr(Schema.String),
  time_format: Schema.NullOr(Schema.String),
  referee: Schema.NullOr(Schema.String),
  details: Schema.NullOr(Schema.String)
}).annotations({ identifier: "UfcBout" })
export type Bout = typeof Bout.Type

/** A card: scheduled (no results yet) or final, with its bouts (main event first). */
export const Event = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  date: Schema.NullOr(DateString),
  location: Schema.NullOr(Schema.String),
  state: Schema.String,
  fight_count: Schema.Int,
  fights: Schema.Array(Bout)
}).annotations({ identifier: "UfcEvent" })
export type Event = typeof Event.Type

/** One fight of a record, from the fighter's side. */
export const RecordFight = Schema.Struct({
  ...GameRef,
  fight_id: Schema.String,
  event_id: Schema.String,
  event: Schema.String,
  date: Schema.NullOr(DateString),
  opponent: Schema.Struct({ ...PlayerRef, id: Schema.String, name: Schema.String }),
  result: FightResult,
  method: Schema.NullOr(Schema.String),
  round: Schema.NullOr(Schema.Int),
  time: Schema.NullOr(Schema.String),
  weight_class: Schema.String,
  title_fight: Schema.Boolean
}).annotations({ identifier: "UfcRecordFight" })
export type RecordFight = typeof RecordFight.Type

/**
 * A fighter's UFC record: counts over `fights` (newest first). `unresolved_fights`: bouts under
 * the fighter's name that the source could not attribute to one fighter (namesakes), not counted.
 */
export const FighterRecord = Schema.Struct({
  fighter: Fighter,
  wins: Schema.Int,
  losses: Schema.Int,
  draws: Schema.Int,
  no_contests: Schema.Int,
  fights: Schema.Array(RecordFight),
  unresolved_fights: Schema.Array(RecordFight)
}).annotations({ identifier: "UfcFighterRecord" })
export type FighterRecord = typeof FighterRecord.Type
