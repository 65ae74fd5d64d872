/**
 * What the live-polling suites share: the stored schedule of the replayed game days (built from
 * the data's own rows, as the ingest stores a game not yet played: scheduled, no score), a clock
 * set back to a recorded game day that runs at real speed, the poller's settings for a local
 * upstream, and a service (the HTTP harness) with an SSE client and a webhook receiver that
 * record every live event.
 * @module
 */
import { FetchHttpClient } from "@effect/platform"
import type { Game, Team } from "@sports-data/domain"
import { SportsWriter } from "@sports-data/domain"
import { LiveFeeds, Nfl, Nhl } from "@sports-data/ingest"
import { defaultLiveSettings, deliveryPass, type LiveSettings, pollerLoop } from "@sports-data/wiring"
import { Clock, type Context, Duration, Effect, Layer } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { recordedDir } from "./recordings.js"

/** The data directory holding the recordings. */
const dataDir = join(recordedDir, "..")

/** A game as the ingest stores one not yet played (scheduled, no score, no start time known). */
export const unplayed = (
  sport: Game["sport"],
  id: string,
  season: number,
  week: number | null,
  date: string,
  away: string,
  home: string
): Game => ({
  id,
  sport,
  league: sport,
  season,
  week,
  season_type: "REG",
  game_date: date,
  start_time: null,
  state: "scheduled",
  home_team: home,
  away_team: away,
  home_score: null,
  away_score: null,
  venue: null,
  attributes: {}
})

/** The nhl clubs (the ingest's team rows). */
export const nhlTeams: ReadonlyArray<Team> = Nhl.nhlTeamRows

/** MTL at TOR (2025020004) and CGY at EDM (2025020006), 2025-10-08, before puck drop. */
export const nhlSchedule: ReadonlyArray<Game> = [
  unplayed("nhl", "2025020004", 2025, null, "2025-10-08", "MTL", "TOR"),
  unplayed("nhl", "2025020006", 2025, null, "2025-10-08", "CGY", "EDM")
]

/**
 * The nfl games of 2025 week 14 from the nflverse schedule in the data directory (game id, date,
 * teams in the service's codes), before kickoff.
 */
export const nflWeek14 = (): ReadonlyArray<Game> =>
  readFileSync(join(dataDir, "urwishpatel2003_nflverse_data", "schedules_2022_2026.csv"), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("2025_14_"))
    .map((line) => {
      const [id, , , week, gameday, , , away, , home] = line.split(",")
      return unplayed("nfl", id!, 2025, Number(week), gameday!, Nfl.normaliseTeam(away)!, Nfl.normaliseTeam(home)!)
    })

/** The nfl clubs by their service codes. */
export const nflTeams: ReadonlyArray<Team> = Nfl.canonicalTeams.map((abbr) => ({
  sport: "nfl",
  abbr,
  name: abbr,
  conference: null,
  division: null,
  external_id: null,
  attributes: {}
}))

/** Writes teams and games through the SportsWriter of `stores`. */
export const seedSchedule = (
  stores: Context.Context<SportsWriter>,
  teams: ReadonlyArray<Team>,
  games: ReadonlyArray<Game>
) =>
  Effect.gen(function*() {
    const writer = yield* SportsWriter
    yield* writer.upsertTeams(teams)
    yield* writer.upsertGames(games)
  }).pipe(Effect.provide(stores), Effect.orDie)

/** A clock that reads `start` now and runs at real speed from there (sleeps are real). */
export const clockFrom = (start: string): Clock.Clock => {
  const real = Clock.make()
  const offset = real.unsafeCurrentTimeMillis() - Date.parse(start)
  const millis = () => real.unsafeCurrentTimeMillis() - offset
  const nanos = () => real.unsafeCurrentTimeNanos() - BigInt(offset) * 1_000_000n
  return {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: millis,
    currentTimeMillis: Effect.sync(millis),
    unsafeCurrentTimeNanos: nanos,
    currentTimeNanos: Effect.sync(nanos),
    sleep: (d) => real.sleep(d)
  }
}

/** Poller settings for a local upstream at `url`: short intervals, a 3-failure circuit. */
export const testSettings = (url: string, sports: LiveSettings["sports"]): LiveSettings => ({
  ...defaultLiveSettings,
  sports,
  nhl: url,
  mlb: url,
  espn: url,
  liveInterval: Duration.millis(40),
  idleInterval: Duration.millis(40),
  timeout: Duration.millis(400),
  failureThreshold: 3,
  circuitOpen: Duration.millis(300),
  maxBackoff: Duration.millis(200)
})

/** The LiveFeed of `settings` over fetch. */
export const feedOf = (settings: LiveSettings) =>
  LiveFeeds.layer({ nhl: settings.nhl, mlb: settings.mlb, espn: settings.espn, timeout: settings.timeout }).pipe(
    Layer.provide(FetchHttpClient.layer)
  )

/**
 * Forks `sport`'s poller over `stores` with the clock set to `start`, for the scope's life; the
 * poller's id in the lease is `owner`.
 */
export const forkPoller = (
  sport: Game["sport"],
  settings: LiveSettings,
  stores: Context.Context<any>,
  start: string,
  owner: string
) =>
  pollerLoop(sport, { settings, owner, lease: "5 seconds" }).pipe(
    Effect.withClock(clockFrom(start)),
    Effect.provide(feedOf(settings)),
    Effect.provide(stores),
    Effect.forkScoped
  )

/** Forks a webhook delivery loop over `stores` (attempts at once, retried after 50 ms). */
export const forkDelivery = (stores: Context.Context<any>, allowHost: string) =>
  deliveryPass({ schedule: ["0 millis", "50 millis"], allowHosts: [allowHost] }).pipe(
    Effect.zipRight(Effect.sleep("30 millis")),
    Effect.forever,
    Effect.provide(stores),
    Effect.forkScoped
  )

/** Polls `check` every 25 ms until it answers true, for at most `seconds`; fails the test after. */
export const eventually = <E, R>(check: Effect.Effect<boolean, E, R>, seconds = 30) =>
  Effect.gen(function*() {
    const until = Date.now() + seconds * 1000
    while (!(yield* check)) {
      if (Date.now() > until) return yield* Effect.dieMessage(`condition not met within ${seconds} s`)
      yield* Effect.sleep("25 millis")
    }
  })
