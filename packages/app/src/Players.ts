/**
 * The players feature: filtered lists, one player, rosters, stat lines and game logs, cross-sport
 * search and comparison. Reads through the read ports; fails with the domain's ResourceNotFound
 * for an unknown player or team, and StoreError when the store fails.
 * @module
 */
import {
  Coverage,
  InvalidParameter,
  isTeamSport,
  Paging,
  parseCanonicalPlayerId,
  type Player,
  playerKey,
  PlayerReader,
  type PlayerReaderService,
  type PlayerStatus,
  ResourceNotFound,
  type Resources,
  Sports,
  type StatLine,
  statLineKey,
  type StatLineQuery,
  StatLineReader,
  type Team,
  TeamReader,
  type TeamRoster,
  type TeamSport
} from "@sports-data/domain"
import { Effect, Option } from "effect"
import { allRows, notFound, requirePlayer, requireTeam, teamMap, teamPlayers } from "./Reads.js"
import { round, searchRow, stat } from "./Rows.js"

/**
 * Filters and paging of a sport's player list; `limit` and `offset` already defaulted; `cursor`
 * a `next_cursor` of the same list and filters (domain Paging).
 */
export interface PlayerListQuery {
  readonly search?: string | undefined
  readonly position?: string | undefined
  readonly team?: string | undefined
  readonly status?: PlayerStatus | undefined
  readonly limit: number
  readonly offset: number
  readonly cursor?: string | undefined
}

/** Players a name is matched against (one page of the name search; more would be ambiguous anyway). */
const NAME_CANDIDATES = 100

/** Candidates an ambiguous name's 400 lists (the others are counted). */
export const NAME_CANDIDATES_LISTED = 10

/** What a player reference is resolved within: sport and team when the caller gave them, and the parameter it came in. */
export interface ResolveOptions {
  readonly sport?: TeamSport | undefined
  readonly team?: string | undefined
  /** The request parameter that carried the reference, named in a 400 (default `player`). */
  readonly parameter?: string | undefined
}

/** The players a name matches (of `sport` and `team` when given): the exact full names, else every partial match. */
const candidatesOf = (
  players: PlayerReaderService,
  name: string,
  sport: TeamSport | undefined,
  team: string | undefined
) =>
  Effect.map(
    players.find({ sport, team: team?.toUpperCase(), search: name, limit: NAME_CANDIDATES, offset: 0 }),
    (page) => {
      const rows = page.rows.filter((p) => isTeamSport(p.sport))
      const lower = name.toLowerCase()
      const exact = rows.filter((p) => p.full_name.toLowerCase() === lower)
      return exact.length > 0 ? exact : rows
    }
  )

/**
 * The one resolver of a player reference (`/v1/feed`, `/v1/players/compare`, the MCP tools), with
 * warnings: a canonical id (`svc_<sport>_<id>`), else a name (case and accents ignored) of
 * `sport` and `team` when given; exact full names win over partial matches. A name no player of
 * `team` has but that names exactly one player of another team resolves to him, with a warning
 * that the team was ignored (a trade the caller has not seen). More than one match →
 * InvalidParameter (`options.parameter`, default `player`) listing the candidates (id, name,
 * team, sport; at most {@link NAME_CANDIDATES_LISTED}, the others counted); none, or an id of
 * another sport than `sport` → ResourceNotFound (player).
 */
export const resolvePlayer = (players: PlayerReaderService, ref: string, options: ResolveOptions = {}) =>
  Effect.gen(function*() {
    const trimmed = ref.trim()
    if (parseCanonicalPlayerId(trimmed) !== undefined) {
      const found = yield* players.get(trimmed)
      if (Option.isSome(found) && (options.sport === undefined || found.value.sport === options.sport)) {
        return { player: found.value, warnings: [] as ReadonlyArray<string> }
      }
      return yield* Effect.fail(notFound("player", trimmed))
    }
    let candidates = yield* candidatesOf(players, trimmed, options.sport, options.team)
    let warnings: ReadonlyArray<string> = []
    if (candidates.length === 0 && options.team !== undefined) {
      candidates = yield* candidatesOf(players, trimmed, options.sport, undefined)
      const only = candidates.length === 1 ? candidates[0]! : undefined
      if (only !== undefined) {
        warnings = [
          `team ${options.team.toUpperCase()} ignored: no player of it matches ${JSON.stringify(trimmed)}; ` +
          `${only.full_name} (${only.id}) is on ${only.team ?? "no team"}`
        ]
      }
    }
    if (candidates.length === 0) return yield* Effect.fail(notFound("player", trimmed))
    if (candidates.length > 1) {
      const listed = candidates.slice(0, NAME_CANDIDATES_LISTED)
        .map((p) => `${p.id} (${p.full_name}, ${p.team ?? "no team"}, ${p.sport})`)
        .join("; ")
      const more = candidates.length > NAME_CANDIDATES_LISTED
        ? `; and ${candidates.length - NAME_CANDIDATES_LISTED} more`
        : ""
      // what the caller can still add: the parameters it did not give (only the feed takes a team)
      const takesTeam = options.parameter === undefined || options.parameter === "player"
      const narrowers = [
        ...(takesTeam && options.team === undefined ? ["team"] : []),
        ...(options.sport === undefined ? ["sport"] : [])
      ]
      const give = narrowers.length === 0 ? "the full name" : narrowers.join(", ")
      return yield* Effect.fail(
        new InvalidParameter({
          parameter: options.parameter ?? "player",
          reason: `ambiguous: ${candidates.length} players match ${JSON.stringify(trimmed)}; give ${give} or a ` +
            `canonical id. Candidates: ${listed}${more}`
        })
      )
    }
    return { player: candidates[0]!, warnings }
  })

/** Stat lines read for the compared season (a full season with playoffs is under 200 games). */
const SEASON_LINES = 250

/** Lines read for a game log: a season with playoffs is about 100 games in the longest seasons. */
export const GAME_LOG_MAX = 200

/** The roster of a team no stored player names. */
const EMPTY_ROSTER: TeamRoster = { players: 0, active: 0, positions: [] }

/** The players feature. */
export class Players extends Effect.Service<Players>()("@sports-data/app/Players", {
  effect: Effect.gen(function*() {
    const players = yield* PlayerReader
    const teams = yield* TeamReader
    const lines = yield* StatLineReader

    /**
     * A page of `sport`'s players matching the filters, in name order (domain `playerKey`), with
     * the total before paging and the cursor of the next page (domain Paging: keyset, so a walk
     * is stable while an ingest writes). Stored positions are wider than the filter's value set
     * (G, PK, LF...), so a position filter is matched with `Sports.positionMatches` over every
     * player of the other filters, then paged. InvalidParameter for a cursor of another list.
     */
    const list = Effect.fn("Players.list")(function*(sport: TeamSport, q: PlayerListQuery) {
      const query = { sport, search: q.search?.trim(), team: q.team, status: q.status }
      const scope = Paging.scopeOf(`${sport}.players`, { ...query, position: q.position })
      const position = q.position
      if (position === undefined) {
        return yield* Paging.keyedPage((page) => players.find({ ...query, ...page }), playerKey, scope, q)
      }
      const all = (yield* allRows((page) => players.find({ ...query, ...page }))).filter((p) =>
        Sports.positionMatches(sport, position, p.position)
      )
      return yield* Paging.pageRows(all, playerKey, scope, q)
    })

    /**
     * The player `id` of `sport` (Reads.requirePlayer); when none is held and the endpoint
     * `operation` of the sport has no source (`Coverage.coverageOf`: soccer players), the
     * ResourceNotFound carries that reason, so the 404 says why no id can be found.
     */
    const requireHeld = (sport: TeamSport, id: string, operation: string) =>
      requirePlayer(players, sport, id).pipe(
        Effect.catchTag("ResourceNotFound", (e) => {
          const coverage = Coverage.coverageOf(sport, operation)
          return Effect.fail(
            coverage.available || coverage.reason === null
              ? e
              : new ResourceNotFound({ resource: "player", id, reason: coverage.reason })
          )
        })
      )

    /**
     * The player `id` of `sport` and its team (undefined when none or not held). ResourceNotFound
     * (player) when not held, with the reason for a sport no source has players of (soccer).
     */
    const get = Effect.fn("Players.get")(function*(sport: TeamSport, id: string) {
      const player = yield* requireHeld(sport, id, "player")
      const team = player.team === null ? undefined : (yield* teamMap(teams, sport)).get(player.team)
      return { player, team }
    })

    /** The players of team `abbr` whose position matches `position`; ResourceNotFound for an unknown team. */
    const roster = Effect.fn("Players.roster")(
      function*(sport: TeamSport, abbr: string, position: string | undefined) {
        const team = yield* requireTeam(teams, sport, abbr)
        const rows = (yield* teamPlayers(players, sport, team)).filter((p) =>
          position === undefined || Sports.positionMatches(sport, position, p.position)
        )
        return { team, players: rows }
      }
    )

    /**
     * The player `id` of `sport` and a page of his stat lines under `query`, most recent first
     * (domain `statLineKey("recent")`), at most `query.limit`, after `query.cursor` when given,
     * with `next_cursor` (domain Paging). InvalidParameter for a cursor of another list.
     */
    const statLines = Effect.fn("Players.statLines")(function*(
      sport: TeamSport,
      id: string,
      query: Omit<StatLineQuery, "sport" | "player_id" | "order" | "offset" | "after"> & {
        readonly cursor?: string | undefined
      }
    ) {
      const player = yield* requirePlayer(players, sport, id)
      const { cursor, limit, ...filters } = query
      const scope = Paging.scopeOf(`${sport}.stats.${player.id}`, filters)
      const page = yield* Paging.keyedPage(
        (p) => lines.find({ ...filters, ...p, sport, player_id: player.id, order: "recent" }),
        statLineKey("recent"),
        scope,
        { limit, offset: 0, cursor }
      )
      return { player, lines: page.rows, next_cursor: page.next_cursor }
    })

    /**
     * The player's lines of one season in the order played (`season` default: the season of the
     * player's most recent line; null when the player has none).
     */
    const gameLog = Effect.fn("Players.gameLog")(function*(sport: TeamSport, id: string, season?: number) {
      const player = yield* requireHeld(sport, id, "gameLog")
      const recent = (limit: number, s?: number) =>
        Effect.map(
          lines.find({ sport, player_id: player.id, season: s, order: "recent", limit, offset: 0 }),
          (page) => page.rows
        )
      const chosen = season ?? (yield* recent(1))[0]?.season ?? null
      const inOrder: ReadonlyArray<StatLine> = chosen === null
        ? []
        : (yield* recent(GAME_LOG_MAX, chosen)).slice().reverse()
      return { player, season: chosen, lines: inOrder }
    })

    /**
     * Players of every sport (or `sport`) whose name matches `q` (accents and case ignored),
     * alphabetical, at most `limit`; `position` as the sport lists match it.
     */
    const search = Effect.fn("Players.search")(function*(q: {
      readonly q: string
      readonly sport?: TeamSport | undefined
      readonly position?: string | undefined
      readonly limit: number
    }) {
      const query = { sport: q.sport, search: q.q.trim() }
      const position = q.position
      if (position === undefined) return (yield* players.find({ ...query, limit: q.limit, offset: 0 })).rows
      return (yield* allRows((page) => players.find({ ...query, ...page })))
        .filter((p) => Sports.positionMatches(p.sport, position, p.position))
        .slice(0, q.limit)
    })

    /** The player and warnings a reference names ({@link resolvePlayer}). */
    const resolveWithWarnings = (ref: string, options: ResolveOptions = {}) => resolvePlayer(players, ref, options)

    /** The player a reference names in `sport` ({@link resolvePlayer}, without its warnings). */
    const resolve = (ref: string, sport: TeamSport | undefined) =>
      Effect.map(resolvePlayer(players, ref, { sport }), (r) => r.player)

    /**
     * One side of a comparison: the player's most recent season with stat lines, its games,
     * fantasy points (total and per game, over lines that have points, two decimals) and the
     * per-game mean of every stat key of the sport present in those lines (flags such as
     * is_back_to_back left out).
     */
    const compared = Effect.fn("Players.compared")(function*(p: Player) {
      const season = (yield* lines.newest({ sport: p.sport, player_ids: [p.id], per_player: 1 }))[0]?.season
      if (season === undefined) {
        return {
          player: searchRow(p),
          season: null,
          games: 0,
          fantasy_points_total: null,
          fantasy_points_avg: null,
          averages: {}
        } satisfies Resources.ComparedPlayer
      }
      const rows = (yield* lines.find({
        sport: p.sport,
        player_id: p.id,
        season,
        order: "recent",
        limit: SEASON_LINES,
        offset: 0
      })).rows
      const points = rows.flatMap((l) => (l.fantasy_points === null ? [] : [l.fantasy_points]))
      const total = points.reduce((a, b) => a + b, 0)
      const averages: Record<string, number> = {}
      for (const key of Sports.StatKeys[p.sport] as ReadonlyArray<string>) {
        if (key.startsWith("is_")) continue
        const values = rows.flatMap((l) => {
          const v = stat(l, key)
          return v === null ? [] : [v]
        })
        if (values.length > 0) averages[key] = round(values.reduce((a, b) => a + b, 0) / values.length, 2)
      }
      return {
        player: searchRow(p),
        season,
        games: rows.length,
        fantasy_points_total: points.length === 0 ? null : round(total, 2),
        fantasy_points_avg: points.length === 0 ? null : round(total / points.length, 2),
        averages
      } satisfies Resources.ComparedPlayer
    })

    /**
     * Both sides of a comparison of two references ({@link resolvePlayer}; an ambiguous name is a
     * 400 on `player1` or `player2` listing the candidates), and the sport they share.
     */
    const compare = Effect.fn("Players.compare")(function*(ref1: string, ref2: string, sport: TeamSport | undefined) {
      const a = (yield* resolvePlayer(players, ref1, { sport, parameter: "player1" })).player
      const b = (yield* resolvePlayer(players, ref2, { sport, parameter: "player2" })).player
      const rows = yield* Effect.all([compared(a), compared(b)])
      return { rows, sport: sport ?? (a.sport === b.sport ? a.sport : "all") }
    })

    /**
     * The players (of `sport`, else of every sport) whose id on `platform` (a key of
     * `platform_ids`, case-insensitive, e.g. `espn`, `sleeper`) is `platformId`. No read port
     * indexes platform ids, so this reads every player of the sport (or all sports) once.
     */
    const byPlatformId = Effect.fn("Players.byPlatformId")(
      function*(platform: string, platformId: string, sport: TeamSport | undefined) {
        const wanted = platform.trim().toLowerCase()
        const id = platformId.trim()
        return (yield* allRows((page) => players.find({ sport, ...page }))).filter((p) =>
          Object.entries(p.platform_ids).some(([name, value]) => name.toLowerCase() === wanted && value === id)
        )
      }
    )

    /**
     * Each of `rows` with its roster of `sport` summed up (players, active players, positions;
     * teams named as the players name them, case ignored): one aggregate of the store
     * (PlayerReader `teamRosters`) instead of every player or a read per team.
     */
    const rosters = Effect.fn("Players.rosters")(function*(sport: TeamSport, rows: ReadonlyArray<Team>) {
      const perTeam = yield* players.teamRosters(sport)
      return rows.map((t) => [t, perTeam.get(t.abbr.toLowerCase()) ?? EMPTY_ROSTER] as const)
    })

    return {
      list,
      get,
      roster,
      statLines,
      gameLog,
      search,
      resolve,
      resolveWithWarnings,
      compare,
      byPlatformId,
      rosters
    } as const
  })
}) {}
