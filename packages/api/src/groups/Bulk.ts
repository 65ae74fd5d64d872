/**
 * The bulk export (specification, "Cross-sport, intelligence, DFS and bulk"; decisions.md: bulk
 * export is syndicate_alpha): `GET /v1/bulk/export?sport=&include=`, a sport's canonical rows as
 * newline-delimited JSON (`application/x-ndjson`), one row a line `{"type": <kind>, "data":
 * <row>}`, streamed from the store; gzip-encoded when the request accepts gzip.
 * @module
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { type ExportKind, exportKinds } from "@sports-data/domain"
import { ParseResult, Schema } from "effect"
import { isPlainText, NOT_PLAIN_TEXT, SportParam } from "../params/Common.js"
import { requiredTier } from "../Security.js"

/**
 * `include`: a comma-separated list of players, teams, games, stat_lines, signals (any case,
 * spaces around names ignored, repeats once); every kind when absent.
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
    description: `comma-separated: ${exportKinds.join(", ")} (default: all)`,
    example: "players,games"
  }
})

/** `GET /v1/bulk/export`: sport (required: nfl, mlb, nba, nhl, cfb, soccer), include. */
export const BulkExportParams = Schema.Struct({ sport: SportParam, include: Schema.optional(IncludeParam) })

/** The body: newline-delimited JSON. */
export const NdjsonBody = Schema.String.pipe(
  HttpApiSchema.withEncoding({ kind: "Text", contentType: "application/x-ndjson" })
).annotations({
  description: "one JSON object a line: {\"type\": players | teams | games | stat_lines | signals, \"data\": the row}"
})

/** The bulk group. */
export class BulkGroup extends HttpApiGroup.make("bulk")
  .add(
    HttpApiEndpoint.get("export", "/v1/bulk/export")
      .setUrlParams(BulkExportParams)
      .addSuccess(NdjsonBody)
      .annotate(OpenApi.Summary, "Every row of a sport as newline-delimited JSON, streamed (gzip when accepted)")
      .annotate(
        OpenApi.Description,
        "Lines in the order players, teams, games, stat_lines, signals (those of `include`), each kind in key " +
          "order; each line {\"type\", \"data\"} with the canonical row (dates ISO 8601 UTC). Read from the store one " +
          "page at a time; `Accept-Encoding: gzip` gives a gzip body (Content-Encoding: gzip). Line counts per kind " +
          "equal /v1/data/status players, teams, games and stat_lines."
      )
      .pipe(requiredTier("syndicate_alpha"))
  )
  .annotate(OpenApi.Title, "Bulk")
{}
