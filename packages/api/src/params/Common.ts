/**
 * Query and path parameter schemas shared by the data endpoints.
 *
 * Every parameter arrives as a string. Each schema here decodes it strictly (an integer is
 * digits only, a date is a real calendar date) and fails with a short `reason` the server returns
 * in 400 INVALID_PARAMETER (`parameter` is the struct key that failed). Unknown query parameters
 * are ignored (decisions.md, "Paths and parameters"): url-param structs do not reject extra keys.
 *
 * Optional parameters are `Schema.optional` so that the typed client may leave them out; their
 * defaults (documented on the schema and shown in OpenAPI) are applied by the handlers with
 * {@link withDefault} from the same {@link LimitSpec}, so schema and handler cannot disagree.
 * @module
 */
import { isCalendarDate, PlayerStatus, Resources, TeamSport } from "@sports-data/domain"
import { ParseResult, Schema } from "effect"

/** A bounded `limit` parameter: its default and its maximum (the minimum is 1). */
export interface LimitSpec {
  readonly default: number
  readonly max: number
}

/**
 * An integer written in decimal digits (optional sign), at most 9 digits, with spaces around it
 * allowed; a control character anywhere (a tab, a NUL) is refused as such.
 */
export const IntFromString = Schema.transformOrFail(Schema.String, Schema.Int, {
  strict: true,
  decode: (s, _, ast) =>
    !isPlainText(s)
      ? ParseResult.fail(new ParseResult.Type(ast, s, NOT_PLAIN_TEXT))
      : /^[+-]?\d{1,9}$/.test(s.trim())
      ? ParseResult.succeed(Number(s.trim()))
      : ParseResult.fail(new ParseResult.Type(ast, s, "must be an integer")),
  encode: (n) => ParseResult.succeed(String(n))
}).annotations({ identifier: "IntFromString" })

/**
 * An integer from `min` to `max` inclusive. `doc` adds a description and a default to the
 * OpenAPI schema of the parameter.
 */
export const intBetween = (
  min: number,
  max: number,
  doc?: { readonly description: string; readonly default?: number }
) =>
  IntFromString.pipe(
    Schema.filter((n) => (n >= min && n <= max) || `must be an integer from ${min} to ${max}`, {
      jsonSchema: { type: "integer", minimum: min, maximum: max, ...doc }
    })
  )

/** `limit`: an integer from 1 to `spec.max`, default `spec.default`. */
export const limitParam = (spec: LimitSpec) =>
  Schema.optional(
    intBetween(1, spec.max, {
      description: `rows to return, 1 to ${spec.max} (default ${spec.default})`,
      default: spec.default
    })
  )

/**
 * Limits every sport shares (specification, "Parameter limits"): players default 50, max 200 (nba,
 * nfl and mlb alike); player stats max 200 and games max 100 as the specification gives them for
 * mlb, the maxima the nfl and nba endpoints do not state. Each sport's defaults are in its module.
 */
export const SportLimits = {
  players: { default: 50, max: 200 },
  statsMax: 200,
  gamesMax: 100
} as const

/** `/v1/audit/events` page size: default 50, at most 200 events. */
export const AuditLimit: LimitSpec = { default: 50, max: 200 }

/** `/daas/webhooks/{id}/deliveries` rows: default 50, at most 100 (the newest). */
export const DeliveriesLimit: LimitSpec = { default: 50, max: 100 }

/** `offset`: rows to skip, an integer of at least 0, default 0. */
export const offsetParam = Schema.optional(
  IntFromString.pipe(
    Schema.filter((n) => n >= 0 || "must be an integer of at least 0", {
      jsonSchema: { type: "integer", minimum: 0, default: 0, description: "rows to skip (default 0)" }
    })
  )
)

/**
 * A league's teams and standings (`/v1/<sport>/teams`, `/standings`): default 100 rows (every
 * professional league whole; a soccer league or a cfb conference too), at most 1,000 (the cfb
 * directory holds 732 teams). The specification states no limit.
 */
export const LeagueListLimit: LimitSpec = { default: 100, max: 1000 }

/** The paging fields of a league's list ({@link LeagueListLimit}): `limit` and `offset`. */
export const leagueListFields = { limit: limitParam(LeagueListLimit), offset: offsetParam }

/**
 * The paging fields of a bounded list computed whole (a roster, a game log, a poll, the meta
 * lists): `limit` ({@link limitParam} of `spec`) and `offset` ({@link offsetParam}); its answer
 * carries `total`, `offset` and `limit` (Resources `PagedEnvelope`). These lists hold at most a
 * few hundred rows, so they page by offset, not by cursor (docs/paging.md).
 */
export const listPageFields = (spec: LimitSpec) => ({ limit: limitParam(spec), offset: offsetParam })

/**
 * The bounds of the lists whose size a team, a week, a race or the caller fixes (docs/paging.md,
 * "Bounds where the specification is silent"), each with `offset` and `total`:
 * - `roster`: a team's players, default 100, at most 500 (a college roster holds about 130);
 * - `gameLog`: a player's season of lines, default 100 (an nba regular season is 82 games), at most 500;
 * - `poll`: cfb rankings of a week, default 100 (the AP and coaches polls rank 25 each and list
 *   the others receiving votes), at most 1,000;
 * - `results`: f1 and nascar results of a race (a grid of 20 to 40), default 100, at most 1,000;
 * - `divisionRankings`: ufc rankings, default 100 (a division ranks 16), at most 1,000;
 * - `driverStandings`: nascar standings, default 100, at most 1,000;
 * - `slates`: dfs slates of the days asked for, default 50, at most 500;
 * - `practice`: a team's practice report entries, default 100, at most 1,000;
 * - `models`: model cards, default 50, at most 500;
 * - `meta`: `/v1/sports`, `/v1/data/status` and `/v1/meta/coverage`, default 100, at most 1,000;
 * - `webhooks`: a key's webhooks, default 50, at most 100.
 */
export const ListLimits = {
  roster: { default: 100, max: 500 },
  gameLog: { default: 100, max: 500 },
  poll: { default: 100, max: 1000 },
  results: { default: 100, max: 1000 },
  divisionRankings: { default: 100, max: 1000 },
  driverStandings: { default: 100, max: 1000 },
  slates: { default: 50, max: 500 },
  practice: { default: 100, max: 1000 },
  models: { default: 50, max: 500 },
  meta: { default: 100, max: 1000 },
  webhooks: { default: 50, max: 100 }
} as const satisfies Record<string, LimitSpec>

/**
 * `cursor`: the `next_cursor` of the previous page of the same list with the same filters,
 * passed unchanged (opaque, base64url, at most 2,048 characters). The next page is keyed on the
 * list's order, not on an offset, so rows written meanwhile are neither repeated nor skipped.
 * The contract checks only its alphabet; the list refuses one of another list, of other filters
 * or not written by the service (400 INVALID_PARAMETER, parameter `cursor`; domain Paging).
 */
export const cursorParam = Schema.optional(
  Schema.String.pipe(
    Schema.filter(
      (s) => /^[A-Za-z0-9_-]{1,2048}$/.test(s) || "must be a next_cursor value of this list, passed unchanged",
      {
        jsonSchema: {
          type: "string",
          pattern: "^[A-Za-z0-9_-]{1,2048}$",
          description:
            "the next_cursor of the previous page of this list with the same filters, passed unchanged; keyed on the list's order, so rows written meanwhile are neither repeated nor skipped (not combined with offset)"
        }
      }
    )
  )
)

/** The default of an optional numeric parameter. */
export const withDefault = (value: number | undefined, spec: LimitSpec | number): number =>
  value ?? (typeof spec === "number" ? spec : spec.default)

/** `season`: a season year (the year the season starts), 1900 to 2100. */
export const seasonParam = Schema.optional(
  intBetween(1900, 2100, { description: "season, as the year it starts (2023 = the 2023 or 2023-24 season)" })
)

/** A calendar date `YYYY-MM-DD`. */
export const DateParam = Schema.String.pipe(
  Schema.filter((s) => isCalendarDate(s) || "must be a date YYYY-MM-DD", {
    jsonSchema: { type: "string", format: "date" }
  })
).annotations({ identifier: "DateParam" })

/**
 * A string matched case-insensitively against a value set; decodes to the canonical spelling
 * (`fold` upper: "qb" -> "QB"; lower: "AFC" stays as written in `values`).
 */
export const oneOf = <const L extends readonly [string, ...Array<string>]>(values: L) => {
  const byFolded = new Map(values.map((v) => [v.toLowerCase(), v]))
  return Schema.transformOrFail(Schema.String, Schema.Literal(...values), {
    strict: true,
    decode: (s, _, ast) => {
      const hit = byFolded.get(s.trim().toLowerCase())
      return hit !== undefined
        ? ParseResult.succeed(hit as L[number])
        : ParseResult.fail(new ParseResult.Type(ast, s, `must be one of ${values.join(", ")}`))
    },
    encode: (v) => ParseResult.succeed(v)
  }).annotations({ jsonSchema: { type: "string", enum: values, description: "case-insensitive" } })
}

/** A team abbreviation: 2 or 3 letters, any case (handlers compare upper case). */
export const TeamAbbr = Schema.String.pipe(
  Schema.filter((s) => /^[A-Za-z]{2,3}$/.test(s) || "must be a team abbreviation of 2 or 3 letters", {
    jsonSchema: { type: "string", pattern: "^[A-Za-z]{2,3}$" }
  })
).annotations({ identifier: "TeamAbbr" })

/**
 * A team key of a sport whose teams are keyed by id or slug rather than a 2-3 letter abbreviation
 * (cfb: the CFBD id; soccer: a slug such as `bayern-munich`): 1 to 40 letters, digits and hyphens.
 */
export const TeamKey = Schema.String.pipe(
  Schema.filter((s) => /^[A-Za-z0-9-]{1,40}$/.test(s) || "must be a team id of 1 to 40 letters, digits or hyphens", {
    jsonSchema: { type: "string", pattern: "^[A-Za-z0-9-]{1,40}$" }
  })
).annotations({ identifier: "TeamKey" })

/** A team path parameter of a sport keyed by {@link TeamKey}. */
export const TeamKeyPath = Schema.Struct({ team: TeamKey })

/**
 * `date` of games: a date YYYY-MM-DD or the word `today` (UTC, any case; decoded as `today`).
 * One schema rather than a union, so that a bad value is told what is expected.
 */
export const GameDateParam = Schema.transformOrFail(Schema.String, Schema.String, {
  strict: true,
  decode: (s, _, ast) => {
    const v = s.trim()
    if (v.toLowerCase() === "today") return ParseResult.succeed("today")
    return isCalendarDate(v)
      ? ParseResult.succeed(v)
      : ParseResult.fail(new ParseResult.Type(ast, s, "must be a date YYYY-MM-DD or today"))
  },
  encode: ParseResult.succeed
}).annotations({
  identifier: "GameDate",
  jsonSchema: {
    anyOf: [{ type: "string", format: "date" }, { type: "string", enum: ["today"] }],
    description: "a date YYYY-MM-DD or today (UTC), case-insensitive"
  }
})

/**
 * An instant in ISO 8601 with a date, a time and a zone (`2026-11-22T10:00:00Z`,
 * `2026-11-22T10:00:00.123+01:00`); decodes to a Date.
 */
export const DateTimeParam = Schema.transformOrFail(Schema.String, Schema.DateFromSelf, {
  strict: true,
  decode: (s, _, ast) => {
    const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) &&
      isCalendarDate(s.slice(0, 10)) && !Number.isNaN(Date.parse(s))
    return ok
      ? ParseResult.succeed(new Date(s))
      : ParseResult.fail(new ParseResult.Type(ast, s, "must be an ISO 8601 instant such as 2026-11-22T10:00:00Z"))
  },
  encode: (d) => ParseResult.succeed(d.toISOString())
}).annotations({ identifier: "DateTimeParam", jsonSchema: { type: "string", format: "date-time" } })

/**
 * True when `s` holds no control character (U+0000-U+001F, U+007F-U+009F) and no lone UTF-16
 * surrogate: what a string parameter must satisfy before it reaches a store (PostgreSQL rejects
 * U+0000 in text, and a lone surrogate cannot be encoded as UTF-8).
 */
export const isPlainText = (s: string): boolean =>
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  !/[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s)

/** The reason a string parameter with a control character or a lone surrogate is refused. */
export const NOT_PLAIN_TEXT = "must not contain control characters or unpaired surrogates"

/** A free-text parameter of 1 to 100 characters (search, position, division names). */
export const Text = Schema.String.pipe(
  Schema.filter(
    (s) => isPlainText(s) ? (s.length >= 1 && s.length <= 100) || "must be 1 to 100 characters" : NOT_PLAIN_TEXT,
    {
      jsonSchema: { type: "string", minLength: 1, maxLength: 100 }
    }
  )
)

/** A player id path parameter: the canonical id `svc_<sport>_<id>` (any other string is a 404). */
export const PlayerIdPath = Schema.Struct({
  id: Schema.String.pipe(
    Schema.filter((s) => isPlainText(s) || NOT_PLAIN_TEXT, {
      jsonSchema: { description: "canonical player id svc_<sport>_<id>" }
    })
  )
})

/** A team path parameter. */
export const TeamPath = Schema.Struct({ team: TeamAbbr })

/** Player status filter (specification, "Value sets"; the domain's PlayerStatus). */
export const StatusParam = oneOf(PlayerStatus.literals)

/** Game state of nfl and nba games (specification, "Value sets"; the domain's Resources.GameState). */
export const GameStateParam = oneOf(Resources.GameState.literals)

/** The team sports a cross-sport endpoint can filter on (the domain's TeamSport). */
export const SportParam = oneOf(TeamSport.literals)

/**
 * `GET /v1/<sport>/players` of nfl and nba: search, position (the sport's value set), team,
 * limit (default 50, max 200), offset (default 0).
 */
export const playersParams = <P extends Schema.Schema<any, string, never>>(position: P) =>
  Schema.Struct({
    search: Schema.optional(Text),
    position: Schema.optional(position),
    team: Schema.optional(TeamAbbr),
    limit: limitParam(SportLimits.players),
    offset: offsetParam,
    cursor: cursorParam
  })
