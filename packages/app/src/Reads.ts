/**
 * Reads the application services share, over the read ports: lookups that fail with the
 * domain's `ResourceNotFound`, season helpers and the full reads they need (every row of a
 * query through the domain's one paging helper, `Paging.allRows`).
 * @module
 */
import {
  type CatalogReaderService,
  type Game,
  type GameReaderService,
  Paging,
  parseCanonicalPlayerId,
  type Player,
  type PlayerReaderService,
  ResourceNotFound,
  type SportKey,
  type StatLine,
  type Team,
  type TeamReaderService,
  type TeamSport
} from "@sports-data/domain"
import { Effect, Option } from "effect"

/** Every row of a paged store query (the domain's `Paging.allRows`). */
export const allRows = Paging.allRows

/** ResourceNotFound for `resource` with `id`. */
export const notFound = (resource: string, id: string): ResourceNotFound => new ResourceNotFound({ resource, id })

/**
 * The player with canonical id `id` of `sport`; ResourceNotFound (player) when the id is not of
 * the form `svc_<sport>_<id>` for this sport or no such player is stored.
 */
export const requirePlayer = (players: PlayerReaderService, sport: TeamSport, id: string) =>
  Effect.gen(function*() {
    const parsed = parseCanonicalPlayerId(id)
    if (parsed === undefined || parsed.sport !== sport) return yield* Effect.fail(notFound("player", id))
    const found = yield* players.get(id)
    if (Option.isNone(found) || found.value.sport !== sport) return yield* Effect.fail(notFound("player", id))
    return found.value
  })

/** The teams of a sport by abbreviation. */
export const teamMap = (teams: TeamReaderService, sport: TeamSport) =>
  Effect.map(teams.find(sport), (rows) => new Map(rows.map((t) => [t.abbr, t] as const)))

/** The team `abbr` (case-insensitive) of `sport`; ResourceNotFound (team) when unknown. */
export const requireTeam = (teams: TeamReaderService, sport: TeamSport, abbr: string) =>
  Effect.flatMap(teams.find(sport), (rows) => {
    const team = rows.find((t) => t.abbr.toUpperCase() === abbr.toUpperCase())
    return team === undefined ? Effect.fail(notFound("team", abbr.toUpperCase())) : Effect.succeed(team)
  })

/** The end of the sport's last ingestion (ISO), or null when it was never ingested. */
export const lastIngested = (catalog: CatalogReaderService, sport: SportKey) =>
  Effect.map(catalog.ingestState(sport), (s) => (Option.isSome(s) ? s.value.finished_at.toISOString() : null))

/**
 * When a sport's data was last refreshed (ISO): the end of its last ingestion, else the store's
 * last update for the sport, else `now`. Used as `last_polled` / `last_updated`.
 */
export const lastRefreshed = (catalog: CatalogReaderService, sport: SportKey, now: Date) =>
  Effect.gen(function*() {
    const ingested = yield* lastIngested(catalog, sport)
    if (ingested !== null) return ingested
    const summary = yield* catalog.summary
    return (summary.find((s) => s.sport === sport)?.last_updated ?? now).toISOString()
  })

/**
 * The latest season of `league` with at least one finished game (final or completed), or null
 * when none is held: the default `season` of the standings endpoints ("current year" in the
 * specification; the current calendar year often has no results yet).
 */
export const latestResultSeason = (games: GameReaderService, sport: TeamSport, league: string) =>
  games.latestSeason({ sport, league, states: ["final", "completed"] })

/** The game of each of `lines` (undefined for a line without a game, or a game not held). */
export const gamesOfLines = (games: GameReaderService, sport: TeamSport, lines: ReadonlyArray<StatLine>) =>
  Effect.gen(function*() {
    const ids = [...new Set(lines.flatMap((l) => (l.game_id === null ? [] : [l.game_id])))]
    // ids are keys: at most one game each, so one page of ids.length rows holds them all
    const rows = ids.length === 0
      ? []
      : (yield* games.find({ sport, ids, order: "asc", limit: ids.length, offset: 0 })).rows
    const byId = new Map(rows.map((g) => [g.id, g] as const))
    return (line: StatLine): Game | undefined => (line.game_id === null ? undefined : byId.get(line.game_id))
  })

/** The players with these ids, by id: one keyed read (PlayerReader `getMany`), no count. */
export const playersById = (players: PlayerReaderService, ids: ReadonlyArray<string>) =>
  ids.length === 0
    ? Effect.succeed(new Map<string, Player>())
    : Effect.map(players.getMany(ids), (rows) => new Map(rows.map((p) => [p.id, p] as const)))

/** Players of a team (every page). */
export const teamPlayers = (players: PlayerReaderService, sport: TeamSport, team: Team) =>
  allRows((page) => players.find({ sport, team: team.abbr, ...page }))
