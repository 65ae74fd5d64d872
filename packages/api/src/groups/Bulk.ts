/**
 * The bulk export (specification, "Cross-sport, intelligence, DFS and bulk"; decisions.md: bulk
 * export is syndicate_alpha): `GET /v1/bulk/export?sport=&include=`, a sport's canonical rows as
 * newline-delimited JSON (`application/x-ndjson`), one row a line `{"type": <kind>, "data":
 * <row>}`, streamed from the store; gzip-encoded when the request accepts gzip.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import { eventExportKinds, type ExportKind, exportKinds, SportKey, teamExportKinds } from "@sports-data/domain"
import { ParseResult, Schema } from "effect"
import { InvalidParameterError } from "../Errors.js"
import { isPlainText, NOT_PLAIN_TEXT, oneOf } from "../params/Common.js"
import { requiredTier } from "../Security.js"

/**
 * `include`: a comma-separated list of export kinds (any case, spaces around names ignored,
 * repeats once): players, teams, games, stat_lines, signals for a team sport; events, entries,
 * athletes for an event sport (the handler answers 400 for a kind the sport does not have);
 * every kind of the sport when absent.
 */
export const IncludeParam = Schema.transformOrFail(Schema.String, Schema.Array(Schema.Literal(...exportKinds)), {
  strict: true,
  decode: (s, _, ast) => {
    if (!isPlainText(s)) return ParseResult.fail(new ParseResult.Type(ast, s, NOT_PLAIN_TEXT))
    const names = s.split(",").map((n) => n.trim().toLowerCase())
    const bad = names.filter((n) => !(exportKinds as ReadonlyArray<string>).includes(n))
    return bad.length > 0 || names.length === 0
      ? ParseResult.fail(
        new ParseResult.Type(ast, s, `must be a comma-separated list of ${exportKinds.join(", ")}`)
      )
      : ParseResult.succeed([...new Set(names)] as Array<ExportKind>)
  },
  encode: (kinds) => ParseResult.succeed(kinds.join(","))
}).annotations({
  jsonSchema: {
    type: "string",
    description: `comma-separated; team sports: ${teamExportKinds.join(", ")}; event sports: ${
      eventExportKinds.join(", ")
    } (default: every kind of the sport)`,
    example: "players,games"
  }
})

/** `GET /v1/bulk/export`: sport (required: any sport key, team or event sport), include. */
export const BulkExportParams = Schema.Struct({
  sport: oneOf(SportKey.literals),
  include: Schema.optional(IncludeParam)
})

/** The body: newline-delimited JSON. */
export const NdjsonBody = Schema.String.pipe(
  HttpApiSchema.withEncoding({ kind: "Text", contentType: "application/x-ndjson" })
).annotations({
  description: "one JSON object a line: {\"type\": players | teams | games | stat_lines | signals (team sports) | " +
    "events | entries | athletes (event sports), \"data\": the row}"
})

/** The bulk group. */
export class BulkGroup extends HttpApiGroup.make("bulk")
  .add(
    HttpApiEndpoint.get("export", "/v1/bulk/export")
      .setUrlParams(BulkExportParams)
      .addSuccess(NdjsonBody)
      .addError(InvalidParameterError)
      .annotate(OpenApi.Summary, "Every row of a sport as newline-delimited JSON, streamed (gzip when accepted)")
      .annotate(
        OpenApi.Description,
        "Lines in the order players, teams, games, stat_lines, signals for a team sport, events, entries, athletes " +
          "for an event sport (tennis, golf, ufc, f1, nascar; those of `include`), each kind in key order; each line " +
          "{\"type\", \"data\"} with the canonical row (dates ISO 8601 UTC). Read from the store one page at a time; " +
          "`Accept-Encoding: gzip` gives a gzip body (Content-Encoding: gzip). Line counts per kind equal " +
          "/v1/data/status: players, teams, games and stat_lines of a team sport; games = events and stat_lines = " +
          "entries of an event sport (its players = the distinct participant_id of the entries). A kind the sport " +
          "does not have is 400 INVALID_PARAMETER naming the sport's kinds."
      )
      .pipe(requiredTier("syndicate_alpha"))
  )
  .annotate(OpenApi.Title, "Bulk")
{}
