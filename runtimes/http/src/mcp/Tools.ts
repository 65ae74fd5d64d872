/**
 * The ten tools of the agent tool server (specification, "Agent tool server", tools table), each
 * a thin edge over the same application services and envelope builders as its REST endpoint, so
 * a tool result carries the same data as that endpoint (its `endpoint` field names the REST path
 * whose data it is):
 *
 * | tool | REST equivalent | lowest tier |
 * |---|---|---|
 * | get_injury_signals | /intelligence/injuries | sandbox |
 * | get_player_identity | /v1/players/search (rows as PlayerIdentity), plus a platform id lookup | sandbox |
 * | get_anomaly_scores | the stored anomaly scores (a formula, not a model: domain Anomaly.ts) | pro_insights |
 * | get_prediction_markets | none: no source tags signals as props (answers no rows, says why) | sandbox |
 * | get_player_projections | /v1/{sport}/players/{id}/projection | growth |
 * | get_player_stats | /v1/{sport}/players/{id}/stats | sandbox |
 * | get_team_roster | /v1/{sport}/teams/{team}/roster | sandbox |
 * | get_games | /v1/{sport}/games | sandbox |
 * | get_standings | /v1/{sport}/standings | sandbox |
 * | get_player_dossier | /v1/feed (the dossier; the Feed service) | pro_insights |
 *
 * A tool's tier is its REST equivalent's (endpoints.json), so the tool server is no way around
 * the tiers. Arguments are Effect schemas: the JSON Schema of `inputSchema` is derived from them
 * and they decode the call's arguments (a bad one is the tool's error result, never a defect).
 * Player arguments take a name (case and accents ignored; an exact full name first, else the
 * first partial match alphabetically, as `/v1/players/compare` resolves names) or a canonical id.
 * @module
 */
import { Params, Security } from "@sports-data/api"
import {
  type Analytics,
  type Catalog,
  Feed,
  Games,
  Players,
  Rows,
  Signals,
  type Standings,
  type Teams
} from "@sports-data/app"
import {
  type Coverage,
  type DomainError,
  InvalidParameter,
  type Plans,
  type Player,
  Signals as Rules,
  Sports,
  TeamSport
} from "@sports-data/domain"
import { Effect, JSONSchema, Schema, SchemaAST } from "effect"
import { projection } from "../handlers/Analytics.js"
import { envelope, type EnvelopeContext, gameDate, type SportContext } from "../handlers/Common.js"
import { gameList, playerStats, roster, standings, statsSports, teamFilter } from "../handlers/Sport.js"
import { DEFAULT_SOCCER_LEAGUE, teamSports, teamSportSpec } from "../handlers/TeamSport.js"

/** What a tool may read: the application services and the admitted caller (for the envelope's meta). */
export type ToolContext =
  | Players
  | Teams
  | Games
  | Standings
  | Signals
  | Analytics
  | Catalog
  | Feed
  | Security.Caller

/** One tool: its name, description, lowest tier, argument schema and what it runs. */
export interface Tool {
  readonly name: string
  readonly description: string
  readonly tier: Plans.Tier
  /** The arguments as an Effect schema (decoded from the call's `arguments` object). */
  readonly args: Schema.Schema<any, any, never>
  /** The result of decoded arguments: a JSON-able object (the REST envelope). */
  readonly run: (args: any) => Effect.Effect<unknown, DomainError, ToolContext>
}

/** The MCPTool shape of tools/list and discovery: name, description, inputSchema (JSON Schema object). */
export interface ToolListing {
  readonly name: string
  readonly description: string
  readonly inputSchema: {
    readonly type: "object"
    readonly properties: Record<string, unknown>
    readonly required?: ReadonlyArray<string>
  } & Record<string, unknown>
}

const tool = <A, I>(t: {
  readonly name: string
  readonly description: string
  readonly tier: Plans.Tier
  readonly args: Schema.Schema<A, I, never>
  readonly run: (args: A) => Effect.Effect<unknown, DomainError, ToolContext>
}): Tool => t

// ---------------------------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------------------------

/** An integer argument from `min` to `max` (a JSON number). */
const intArg = (min: number, max: number, description: string) =>
  Schema.Number.pipe(
    Schema.filter((n) => (Number.isInteger(n) && n >= min && n <= max) || `must be an integer from ${min} to ${max}`, {
      jsonSchema: { type: "integer", minimum: min, maximum: max, description }
    })
  )

/** A number argument from `min` to `max`. */
const numberArg = (min: number, max: number, description: string) =>
  Schema.Number.pipe(
    Schema.filter((n) => (n >= min && n <= max) || `must be a number from ${min} to ${max}`, {
      jsonSchema: { type: "number", minimum: min, maximum: max, description }
    })
  )

const optional = <A, I>(s: Schema.Schema<A, I, never>) => Schema.optional(s)

/** `s` with `description` (also in the JSON Schema annotation a parameter schema may carry). */
const described = <A, I>(s: Schema.Schema<A, I, never>, description: string) => {
  const json = s.ast.annotations[SchemaAST.JSONSchemaAnnotationId] as Record<string, unknown> | undefined
  return s.annotations({ description, ...(json === undefined ? {} : { jsonSchema: { ...json, description } }) })
}

const teamSport = described(Params.oneOf(TeamSport.literals), "sport key")
const signalSportOrAll = described(Params.SignalSportOrAll, Sports.orList([...Sports.sportsWith("signals"), "all"]))
const projectionSport = described(Params.ProjectionPath.fields.sport, Sports.orList(Sports.sportsWith("projection")))
const statsSport = described(Params.oneOf(statsSports), Sports.orList(statsSports))
const playerName = described(
  Params.Text,
  "player name (case and accents ignored; an exact full name wins; a name several players match is an error listing them) or canonical id svc_<sport>_<id>"
)
const season = intArg(1900, 2100, "season, as the year it starts (2024 = the 2024 or 2024-25 season)")

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/**
 * The envelope context of a tool answering the data of the REST endpoint at `path`: the envelope's
 * `endpoint` is that path and its meta documents that operation.
 */
const restContext = (path: string, sport: string, operation: string): EnvelopeContext => ({
  endpoint: path,
  sport,
  operation
})

/** The {@link SportContext} of a tool answering the data of `sport`'s REST operation `name` at `path`. */
const sportRestContext = (path: string, sport: TeamSport, name: string): SportContext => ({
  endpoint: path,
  sport,
  name,
  operation: `${sport}.${name}`
})

/** The player a name or id names in `sport` (Players.resolve); ResourceNotFound when none. */
const resolvePlayer = (ref: string, sport: TeamSport) => Effect.flatMap(Players, (p) => p.resolve(ref, sport))

/** get_games `status` as stored game states (undefined = every state). */
const statusStates = { live: "in_progress", final: "final", upcoming: "scheduled", all: undefined } as const

/** An answer with no rows because no source or model supplies them, saying why in `meta.coverage`. */
const unavailable = (ctx: EnvelopeContext, reason: string) =>
  envelope(ctx, [], {}, undefined, { available: false, reason } satisfies Coverage.MetaCoverage)

/** Why get_prediction_markets answers no rows. */
export const PREDICTION_MARKETS_REASON =
  "no source held tags signals as prediction-market props; confidence_score and market_probability are reserved and not populated"

// ---------------------------------------------------------------------------------------------
// The tools
// ---------------------------------------------------------------------------------------------

/** The ten tools, in the specification's order. */
export const tools: ReadonlyArray<Tool> = [
  tool({
    name: "get_injury_signals",
    description: "Injury signals from beat reporters and injury reports (Signal rows), by severity then newest. " +
      "severity is the minimum level (high = high only; low = all), as /intelligence/injuries.",
    tier: "sandbox",
    args: Schema.Struct({
      sport: optional(
        described(signalSportOrAll, `${Sports.orList([...Sports.sportsWith("signals"), "all"])} (default all)`)
      ),
      severity: optional(
        described(Params.oneOf(["high", "medium", "low", "all"] as const), "minimum severity (default all)")
      ),
      limit: optional(intArg(1, 50, "rows, 1 to 50 (default 50)"))
    }),
    run: (a) =>
      Effect.gen(function*() {
        const sport = a.sport ?? "all"
        const rows = yield* (yield* Signals).injuries({
          sports: sport === "all" ? Rules.SignalSport.literals : [sport],
          minimum: a.severity === undefined || a.severity === "all" ? undefined : a.severity,
          limit: a.limit ?? 50
        })
        return yield* envelope(restContext("/intelligence/injuries", sport, "intelligence.injuries"), rows)
      })
  }),
  tool({
    name: "get_player_identity",
    description: "Canonical player identities (playcaller_id svc_<sport>_<id>, name, position, team, status, " +
      "platform_ids) by name, or by a platform's id (platform and platform_id).",
    tier: "sandbox",
    args: Schema.Struct({
      name: optional(described(Params.Text, "player name, at least 2 characters; case and accents ignored")),
      sport: optional(teamSport),
      platform: optional(described(Params.Text, "platform name as in platform_ids, e.g. espn, sleeper, yahoo")),
      platform_id: optional(described(Params.Text, "the player's id on that platform")),
      limit: optional(intArg(1, 100, "rows, 1 to 100 (default 20)"))
    }),
    run: (a) =>
      Effect.gen(function*() {
        const players = yield* Players
        const ctx = restContext("/v1/players/search", a.sport ?? "all", "players.search")
        const limit = a.limit ?? 20
        let rows: ReadonlyArray<Player>
        if (a.platform !== undefined || a.platform_id !== undefined) {
          if (a.platform === undefined || a.platform_id === undefined) {
            return yield* Effect.fail(invalid("platform", "platform and platform_id go together"))
          }
          rows = (yield* players.byPlatformId(a.platform, a.platform_id, a.sport)).slice(0, limit)
        } else {
          const name = a.name?.trim() ?? ""
          if (name.length < 2) {
            return yield* Effect.fail(
              invalid("name", "give a name of at least 2 characters, or platform and platform_id")
            )
          }
          rows = yield* players.search({ q: name, sport: a.sport, limit })
          if (rows.length === 0) {
            // no partial match of the whole name: try its last word (a surname), then its first
            const words = name.split(/\s+/).filter((w) => w.length >= 2)
            for (const word of [...words].reverse()) {
              rows = yield* players.search({ q: word, sport: a.sport, limit })
              if (rows.length > 0) break
            }
          }
        }
        return yield* envelope(ctx, rows.map((p) => Rows.playerIdentity(p)))
      })
  }),
  tool({
    name: "get_anomaly_scores",
    description: "Players whose newest game departs from their own history: anomaly_score 0 to 100, above 70 " +
      "is meaningful. A formula, not a model: the robust z of the game's fantasy points against the median and " +
      "1.4826 x MAD of his previous 20 games, mapped by 100|z|/(|z|+1.5) (70 at |z| = 3.5, Iglewicz and " +
      "Hoaglin's outlier cut-off); recomputed after each ingest. Highest first.",
    tier: "pro_insights",
    args: Schema.Struct({
      sport: optional(
        described(
          Params.oneOf(Sports.sportsWith("anomaly")),
          `${Sports.orList(Sports.sportsWith("anomaly"))} (default all)`
        )
      ),
      min_score: optional(numberArg(0, 100, "lowest anomaly_score, 0 to 100 (default 70)")),
      limit: optional(intArg(1, 50, "rows, 1 to 50 (default 25)"))
    }),
    run: (a) =>
      Effect.gen(function*() {
        const rows = yield* (yield* Feed).anomalyScores({
          sport: a.sport,
          min_score: a.min_score ?? ANOMALY_MIN_SCORE,
          limit: a.limit ?? 25
        })
        return yield* envelope(restContext("/mcp", a.sport ?? "all", "mcp.get_anomaly_scores"), rows, {
          method: ANOMALY_METHOD
        })
      })
  }),
  tool({
    name: "get_prediction_markets",
    description: "Signals tagged as prediction-market props. confidence_score and market_probability are reserved " +
      "and not populated; no source tags props yet, so the answer has no rows and meta.coverage says why.",
    tier: "sandbox",
    args: Schema.Struct({
      sport: optional(signalSportOrAll),
      limit: optional(intArg(1, 50, "rows, 1 to 50 (default 25)"))
    }),
    run: (a) =>
      unavailable(restContext("/mcp", a.sport ?? "all", "mcp.get_prediction_markets"), PREDICTION_MARKETS_REASON)
  }),
  tool({
    name: "get_player_projections",
    description: "A player's projection: the trailing 10-game fantasy point average with the injury overlay " +
      "(a plain average, not a predictive model), as /v1/{sport}/players/{id}/projection for one week; " +
      "beside it `model`: the ACTIVE projection model's next-game points per scoring format with an 80% interval " +
      "and its version, null while no projection model of the sport is ACTIVE.",
    tier: "growth",
    args: Schema.Struct({
      player_name: playerName,
      sport: projectionSport,
      scoring: optional(described(Params.Text, "scoring format of the sport (nfl: ppr, half_ppr, standard)"))
    }),
    run: (a) =>
      Effect.gen(function*() {
        const player = yield* resolvePlayer(a.player_name, a.sport)
        const path = `/v1/${a.sport}/players/${player.id}/projection`
        return yield* projection(path, a.sport, player.id, 1, a.scoring)
      })
  }),
  tool({
    name: "get_player_stats",
    description: "A player's per-game stat lines, most recent first, as /v1/{sport}/players/{id}/stats.",
    tier: "sandbox",
    args: Schema.Struct({
      player_name: playerName,
      sport: statsSport,
      season: optional(season),
      limit: optional(intArg(1, 200, "rows, 1 to 200 (default: the sport's, 20 to 30)"))
    }),
    run: (a) =>
      Effect.gen(function*() {
        const player = yield* resolvePlayer(a.player_name, a.sport)
        const ctx = sportRestContext(`/v1/${a.sport}/players/${player.id}/stats`, a.sport, "playerStats")
        return yield* playerStats(ctx, a.sport, player.id, {
          season: a.season,
          limit: Params.withDefault(a.limit, teamSports[a.sport].limits.stats)
        })
      })
  }),
  tool({
    name: "get_team_roster",
    description: "A team's players (PlayerIdentity rows; mlb: MLBPlayer rows), as /v1/{sport}/teams/{team}/roster; " +
      "total is the roster size before limit.",
    tier: "sandbox",
    args: Schema.Struct({
      team: described(Params.TeamKey, "team abbreviation (cfb: team id; soccer: team slug)"),
      sport: teamSport,
      position: optional(described(Params.Text, "position code of the sport (aliases as the REST lists match them)")),
      limit: optional(intArg(1, 100, "rows, 1 to 100 (default 100)"))
    }),
    run: (a) => {
      const ctx = sportRestContext(`/v1/${a.sport}/teams/${a.team}/roster`, a.sport, "roster")
      return roster(
        ctx,
        a.team,
        a.position?.trim(),
        teamSportSpec(a.sport).playerRow,
        { limit: a.limit ?? 100 }
      )
    }
  }),
  tool({
    name: "get_games",
    description: "Games of a sport, newest first, as /v1/{sport}/games. status: live (in progress), final, " +
      "upcoming (scheduled) or all.",
    tier: "sandbox",
    args: Schema.Struct({
      sport: teamSport,
      date: optional(described(Params.GameDateParam, "a date YYYY-MM-DD or today (UTC)")),
      week: optional(intArg(1, 25, "week of the season (nfl, cfb)")),
      status: optional(described(Params.oneOf(["live", "final", "upcoming", "all"] as const), "default all")),
      limit: optional(intArg(1, 100, "rows, 1 to 100 (default: the sport's)"))
    }),
    run: (a) =>
      Effect.gen(function*() {
        const ctx = sportRestContext(`/v1/${a.sport}/games`, a.sport, "games")
        return yield* gameList(ctx, {
          date: yield* gameDate(a.date),
          week: a.week,
          state: statusStates[(a.status ?? "all") as keyof typeof statusStates],
          limit: Params.withDefault(a.limit, teamSportSpec(a.sport).limits.games)
        }, teamSportSpec(a.sport).gameRow)
      })
  }),
  tool({
    name: "get_standings",
    description: "The standings table of a sport, as /v1/{sport}/standings (default: the latest season with " +
      "results; soccer: league epl unless given).",
    tier: "sandbox",
    args: Schema.Struct({
      sport: teamSport,
      conference: optional(described(Params.Text, "conference (case-insensitive prefix: afc, east)")),
      division: optional(described(Params.Text, "division")),
      season: optional(season),
      league: optional(
        described(Params.Text, "soccer league: epl, mls, la_liga, bundesliga, serie_a, champions_league")
      )
    }),
    run: (a) => {
      const ctx = sportRestContext(`/v1/${a.sport}/standings`, a.sport, "standings")
      return standings(
        ctx,
        a.sport === "soccer"
          ? { season: a.season, league: a.league?.toLowerCase() ?? DEFAULT_SOCCER_LEAGUE }
          : { season: a.season, keep: teamFilter(a) }
      )
    }
  }),
  tool({
    name: "get_player_dossier",
    description: "A player's dossier as /v1/feed serves it: identity, confidence_score and heat_signal (null unless " +
      "an ACTIVE model of the registry produced them), his newest signals with source and weight, a synthesis " +
      "sentence whose every number was checked against the stored data (null when it cannot be), and _audit.",
    tier: "pro_insights",
    args: Schema.Struct({ player_name: playerName, sport: teamSport }),
    run: (a) =>
      Effect.gen(function*() {
        const feed = yield* Feed
        const caller = yield* Security.Caller
        yield* feed.admit(caller.key.key_hash, caller.plan.rank, caller.now)
        const player = yield* feed.resolve(a.player_name, { sport: a.sport })
        return yield* envelope(restContext("/v1/feed", a.sport, "feed.feed"), yield* feed.dossier(player))
      })
  })
]

/** Default lowest anomaly_score of get_anomaly_scores (specification: above 70 is meaningful). */
export const ANOMALY_MIN_SCORE = 70

/** How get_anomaly_scores scores (a formula, not a model), returned beside the rows. */
export const ANOMALY_METHOD =
  "formula, not a model: robust z = (x - median) / (1.4826 x MAD) of the newest game's fantasy points against the player's previous 20 games (1.2533 x mean absolute deviation when MAD is 0; Rousseeuw and Croux 1993), anomaly_score = 100|z| / (|z| + 1.5)"

/** Signals listed in a dossier (the player's newest). */
export const DOSSIER_SIGNALS = 10

/** A bad argument that the schema cannot express (a pair of arguments, a minimum length). */
const invalid = (parameter: string, reason: string) => new InvalidParameter({ parameter, reason })

/** The tools by name. */
export const toolsByName: ReadonlyMap<string, Tool> = new Map(tools.map((t) => [t.name, t]))

/** The names of every tool (the `available` of an unknown tool's error). */
export const toolNames: ReadonlyArray<string> = tools.map((t) => t.name)

/**
 * The MCPTool listing of a tool: name, description (with its lowest tier) and inputSchema, the
 * JSON Schema of its arguments (object with properties and required; no extra properties).
 */
export const listing = (t: Tool): ToolListing => {
  const schema = JSONSchema.make(t.args) as unknown as Record<string, unknown>
  const { $schema: _, ...rest } = schema
  return {
    name: t.name,
    description: `${t.description} Lowest tier: ${t.tier}.`,
    inputSchema: { type: "object", properties: {}, ...rest } as ToolListing["inputSchema"]
  }
}
