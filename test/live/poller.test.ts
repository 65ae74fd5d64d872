/**
 * Live polling end to end on the memory store: a local upstream (node:http on 127.0.0.1) replays
 * the recorded responses of ../shared/data/live_feeds_recorded in capture order, the poller runs
 * with its clock set to the recorded game day, and the service (the real HTTP server) answers
 * `/v1/{sport}/games`, streams the events (SSE) and delivers them to a webhook receiver.
 * - nhl: MTL at TOR and CGY at EDM, 2025-10-08, from scheduled through live (intermission,
 *   overtime, shootout) to final; each change reaches the SSE client and the webhook receiver
 *   exactly once; upstream faults (500 held until the circuit opens, 429 with Retry-After,
 *   truncated JSON, a timeout, 503) leave the served state unchanged and the service up; a later
 *   full ingest's final result wins over the feed's.
 * - nfl (ESPN): week 14 of 2025, two scoreboards 52 s apart.
 * - mlb: NYM at HOU 2022-06-21 in the top of the 6th through feed/live.
 */
import { describe, expect, it } from "@effect/vitest"
import { SportsWriter } from "@sports-data/domain"
import { Effect } from "effect"
import { seedGames, start } from "../http/harness.js"
import { receiver } from "../http/receiver.js"
import { events, open } from "../http/sse.js"
import {
  eventually,
  forkDelivery,
  forkPoller,
  nflTeams,
  nflWeek14,
  nhlSchedule,
  nhlTeams,
  seedSchedule,
  testSettings,
  unplayed
} from "./harness.js"
import { haveRecordings, nhlReplay, recorded, type Reply, stepper, upstream } from "./recordings.js"

const LIVE_EVENTS = ["game.score_updated", "game.state_changed", "game.final"]

/** The service with a syndicate_alpha webhook on a local receiver and an open SSE stream of `sport`. */
const service = (sport: string) =>
  Effect.gen(function*() {
    const r = yield* receiver
    const allow = `127.0.0.1:${r.port}`
    process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"] = allow
    const h = yield* start()
    delete process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"]
    const created = yield* h.request("POST", "/daas/webhooks", {
      key: h.keys.syndicate_alpha,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `http://${allow}/hook`, events: LIVE_EVENTS })
    })
    expect(created.status).toBe(201)
    r.secret.value = created.body.secret
    const stream = yield* open(h, h.keys.pro_insights, { query: `?sport=${sport}` })
    expect(stream.res.status).toBe(200)
    yield* forkDelivery(h.stores, allow)
    /** The live events streamed so far: [event, payload]. */
    const streamed = (n: number) =>
      Effect.promise(() => stream.until((f) => events(f).length >= n)).pipe(
        Effect.map((frames) => events(frames).map((f) => [f.event!, JSON.parse(f.data!)] as const))
      )
    return { h, r, streamed }
  })

/**
 * The served games of `sport` on `date`, by id (read with the syndicate_alpha key, which has no
 * per-minute ceiling: a wait polls as often as the machine's speed makes it, and the growth key's
 * 180 a minute ran out on a loaded run).
 */
const served = (h: Effect.Effect.Success<ReturnType<typeof service>>["h"], sport: string, date: string) =>
  Effect.map(
    h.request("GET", `/v1/${sport}/games?date=${date}&limit=100`, { key: h.keys.syndicate_alpha }),
    (res) => {
      expect(res.status).toBe(200)
      return new Map<string, any>(res.body.data.map((g: any) => [g.event_id ?? g.game_pk, g]))
    }
  )

/**
 * The served games of `sport` on `date` once `ready` holds for them (reads are cached up to 1 s
 * after a write: runtimes/http StoreCache.ts).
 */
const servedWhen = (
  h: Effect.Effect.Success<ReturnType<typeof service>>["h"],
  sport: string,
  date: string,
  ready: (games: Map<string, any>) => boolean
) =>
  Effect.gen(function*() {
    let games = yield* served(h, sport, date)
    yield* eventually(Effect.map(served(h, sport, date), (g) => {
      games = g
      return ready(g)
    }))
    return games
  })

describe.skipIf(!haveRecordings)("live polling on the recorded game days", () => {
  it.scopedLive(
    "nhl 2025-10-08: scheduled → live → final, each change streamed and delivered once, faults harmless",
    () =>
      Effect.gen(function*() {
        const { h, r, streamed } = yield* service("nhl")
        yield* seedSchedule(h.stores, nhlTeams, nhlSchedule)
        const up = yield* upstream
        const replay = nhlReplay(["2025020004", "2025020006"])
        const steps = stepper(replay.bodies)
        const replies: Array<{ readonly reply: Reply; readonly at: number }> = []
        up.route = (path) => {
          const reply: Reply = path === "/v1/score/2025-10-08" ? steps.next() : { status: 404, body: "{}" }
          replies.push({ reply, at: Date.now() })
          return reply
        }
        // faults between recorded steps (none moves the replay on)
        steps.faults.set(3, [{ status: 429, body: "", headers: { "retry-after": "1" } }])
        steps.faults.set(6, [{ status: 200, body: replay.bodies[6]!.slice(0, 900) }])
        steps.faults.set(10, [{ hang: true }])
        steps.faults.set(14, [{ status: 503, body: "<html>unavailable</html>" }])
        // held with 500s right after MTL at TOR's first intermission was served
        const intermission = replay.instants.indexOf("2025-10-09T00-02-05Z")
        expect(intermission).toBeGreaterThan(0)
        steps.hold.at = intermission + 1

        yield* forkPoller("nhl", testSettings(up.url, ["nhl"]), h.stores, "2025-10-08T12:00:00Z", "poller-a")

        // while the upstream fails: the last good state is served, the circuit opens, the service answers
        // (the status is polled with the syndicate_alpha key, which has no per-minute ceiling: how many
        // polls the wait takes depends on the machine, and the sandbox key's 20 a minute ran out)
        yield* eventually(Effect.sync(() => steps.hold.reached))
        yield* eventually(Effect.map(
          h.request("GET", "/v1/data/status", { key: h.keys.syndicate_alpha }),
          (res) => res.body.data.find((row: any) => row.sport === "nhl")?.live?.status === "open"
        ))
        const held = yield* servedWhen(h, "nhl", "2025-10-08", (g) => g.get("2025020004")?.clock === "16:41")
        expect(held.get("2025020004")).toMatchObject({
          state: "in_progress",
          away_team: { abbr: "MTL", score: 1 },
          home_team: { abbr: "TOR", score: 1 },
          period: 1,
          period_label: "1st intermission",
          clock: "16:41",
          is_final: false
        })
        expect(held.get("2025020006")).toMatchObject({ state: "scheduled", period: null, clock: null })
        const during = yield* h.request("GET", "/v1/nhl/games?date=2025-10-08", { key: h.keys.growth })
        expect(during.headers.get("cache-control")).toBe("max-age=30")
        const status = (yield* h.request("GET", "/v1/data/status", { key: h.keys.syndicate_alpha })).body.data
          .find((row: any) => row.sport === "nhl").live
        expect(status).toMatchObject({ upstream: "nhl-web", status: "open", unmatched: [] })
        expect(status.consecutive_failures).toBeGreaterThanOrEqual(3)
        expect(status.last_error).toContain("HTTP 500")
        steps.hold.at = -1

        // every change once, in the recorded order, on the stream and at the webhook
        const all = yield* streamed(8)
        const ofGame = (id: string) =>
          all.filter(([, p]) => p.game_id === id).map(([e, p]) => [e, p.away_score, p.home_score, p.status])
        expect(ofGame("2025020004")).toEqual([
          ["game.state_changed", 0, 0, "in_progress"],
          ["game.score_updated", 1, 1, "in_progress"],
          ["game.score_updated", 2, 2, "in_progress"],
          ["game.score_updated", 2, 3, "in_progress"],
          ["game.final", 2, 5, "final"]
        ])
        expect(ofGame("2025020006")).toEqual([
          ["game.state_changed", 0, 0, "in_progress"],
          ["game.score_updated", 3, 3, "in_progress"],
          ["game.final", 4, 3, "final"]
        ])
        expect(all.length).toBe(8)
        yield* eventually(Effect.sync(() => r.got.length >= 8))
        const hooks = r.got.map((g) => JSON.parse(g.body))
        expect(r.got.every((g) => g.valid)).toBe(true)
        expect(new Set(hooks.map((b) => b.id)).size).toBe(8)
        expect(hooks.map((b) => [b.event, b.data.game_id, b.data.away_score, b.data.home_score]).sort()).toEqual(
          all.map(([e, p]) => [e, p.game_id, p.away_score, p.home_score]).sort()
        )

        const final = yield* servedWhen(h, "nhl", "2025-10-08", (g) => g.get("2025020006")?.state === "final")
        expect(final.get("2025020004")).toMatchObject({
          state: "final",
          is_final: true,
          away_team: { score: 2 },
          home_team: { score: 5 },
          clock: null
        })
        expect(final.get("2025020006")).toMatchObject({
          state: "final",
          away_team: { score: 4 },
          home_team: { score: 3 },
          period_label: "SO"
        })
        expect(Date.parse(final.get("2025020006").last_polled)).toBeGreaterThanOrEqual(
          Date.parse("2025-10-08T12:00:00Z")
        )
        const after = yield* h.request("GET", "/v1/nhl/games?date=2025-10-08", { key: h.keys.growth })
        expect(after.headers.get("cache-control")).toBe("max-age=120")

        // the faults: the 429's Retry-After of 1 s was waited out (the next request came about 1 s
        // later, not after the 40 ms poll interval or the 200 ms backoff; a timer may fire a few ms
        // early by the wall clock the replies are stamped with, so 900); none changed the served state
        const i429 = replies.findIndex((x) => "status" in x.reply && x.reply.status === 429)
        expect(replies[i429 + 1]!.at - replies[i429]!.at).toBeGreaterThanOrEqual(900)
        expect(replies.some((x) => "hang" in x.reply)).toBe(true)

        // a later full ingest's final result wins (the source has 3-3 for the shootout game)
        yield* Effect.flatMap(SportsWriter, (w) =>
          w.upsertGames([{ ...nhlSchedule[1]!, state: "final", home_score: 3, away_score: 3 }])).pipe(
            Effect.provide(h.stores)
          )
        const ingested = (yield* servedWhen(h, "nhl", "2025-10-08", (g) =>
          g.get("2025020006")?.away_team.score === 3))
          .get("2025020006")
        expect([ingested.state, ingested.away_team.score, ingested.home_team.score]).toEqual(["final", 3, 3])
        // an ingest that does not know the result yet leaves a polled game as polled
        yield* Effect.flatMap(SportsWriter, (w) => w.upsertGames([nhlSchedule[0]!])).pipe(Effect.provide(h.stores))
        const kept = (yield* served(h, "nhl", "2025-10-08")).get("2025020004")
        expect([kept.state, kept.away_team.score, kept.home_team.score]).toEqual(["final", 2, 5])
      }),
    120_000
  )

  it.scopedLive(
    "nfl (ESPN) week 14 of 2025: two scoreboards 52 s apart update the games and emit their events",
    () =>
      Effect.gen(function*() {
        const { h, r, streamed } = yield* service("nfl")
        const week = nflWeek14()
        expect(week.length).toBe(14)
        yield* seedSchedule(h.stores, nflTeams, week)
        const up = yield* upstream
        const steps = stepper([
          recorded("espn_site_api/nfl_scoreboard_2025-12-07T18-59-45Z_week14_in-pre-post.json"),
          recorded("espn_site_api/nfl_scoreboard_2025-12-07T19-00-37Z_week14_in-pre-post.json")
        ])
        up.route = (path) =>
          path.startsWith("/apis/site/v2/sports/football/nfl/scoreboard") ? steps.next() : { status: 404, body: "{}" }
        yield* forkPoller("nfl", testSettings(up.url, ["nfl"]), h.stores, "2025-12-07T18:59:45Z", "poller-a")
        // first board: 8 games kick off, DAL at DET (Thursday) is final; 52 s later NO at TB's score moved
        const all = yield* streamed(10)
        const got = all.map(([e, p]) => [e, p.game_id, p.away_score, p.home_score] as const)
        expect(got.slice(0, 9).filter(([e]) => e === "game.state_changed").length).toBe(8)
        expect(got.slice(0, 9)).toContainEqual(["game.final", "2025_14_DAL_DET", 30, 44])
        expect(got.slice(0, 9)).toContainEqual(["game.state_changed", "2025_14_WAS_MIN", 0, 14])
        expect(got.slice(0, 9)).toContainEqual(["game.state_changed", "2025_14_NO_TB", 7, 7])
        expect(got[9]).toEqual(["game.score_updated", "2025_14_NO_TB", 7, 10])
        const sunday = yield* servedWhen(h, "nfl", "2025-12-07", (g) => g.get("2025_14_SEA_ATL")?.clock === "5:49")
        expect(sunday.get("2025_14_SEA_ATL")).toMatchObject({
          state: "in_progress",
          period: 2,
          period_label: "Q2",
          clock: "5:49",
          away_team: { score: 3 },
          home_team: { score: 3 }
        })
        expect(sunday.get("2025_14_HOU_KC")).toMatchObject({ state: "scheduled", clock: null })
        yield* eventually(Effect.sync(() => r.got.length >= all.length))
        expect(r.got.map((g) => JSON.parse(g.body).event).sort()).toEqual(all.map(([e]) => e).sort())
        // every ESPN game matched a stored one, LAR and WSH included
        const status = (yield* h.request("GET", "/v1/data/status", { key: h.keys.syndicate_alpha })).body.data
          .find((row: any) => row.sport === "nfl").live
        expect(status).toMatchObject({ upstream: "espn", status: "ok", unmatched: [] })
      }),
    60_000
  )

  it.scopedLive("mlb: NYM at HOU 2022-06-21, top of the 6th, through feed/live", () =>
    Effect.gen(function*() {
      const { h, streamed } = yield* service("mlb")
      yield* seedSchedule(h.stores, [
        { ...nflTeams[0]!, sport: "mlb", abbr: "NYM", name: "New York Mets", external_id: "121" },
        { ...nflTeams[0]!, sport: "mlb", abbr: "HOU", name: "Houston Astros", external_id: "117" }
      ], [unplayed("mlb", "662750", 2022, null, "2022-06-21", "NYM", "HOU")])
      const up = yield* upstream
      // the only recorded schedule is of another day (2022-04-07): its games match nothing here and
      // are reported; the watched game is then fetched by its game_pk
      const schedule = recorded("mlb_statsapi/schedule_2022-04-07_sportId-1_all-Final.json")
      const feed = recorded("mlb_statsapi/feed-live_662750_2022-06-21_NYM-at-HOU_InProgress_top6-1out.json")
      up.route = (path) =>
        path.startsWith("/api/v1/schedule?sportId=1&date=2022-06-21&hydrate=linescore")
          ? { status: 200, body: schedule }
          : path === "/api/v1.1/game/662750/feed/live"
          ? { status: 200, body: feed }
          : { status: 404, body: "{}" }
      yield* forkPoller("mlb", testSettings(up.url, ["mlb"]), h.stores, "2022-06-22T02:12:03Z", "poller-a")
      const [first] = yield* streamed(1)
      const [event, payload] = first!
      expect([event, payload.game_id, payload.away_score, payload.home_score, payload.status]).toEqual([
        "game.state_changed",
        "662750",
        1,
        7,
        "in_progress"
      ])
      expect(payload).toMatchObject({ previous_status: "scheduled", inning: 6, inning_state: "Top" })
      const game = (yield* servedWhen(h, "mlb", "2022-06-21", (g) => g.get("662750")?.state === "in_progress"))
        .get("662750")
      expect(game).toMatchObject({
        state: "in_progress",
        status_code: "I",
        inning: 6,
        inning_state: "Top",
        lineup_posted: true,
        away_team: { score: 1 },
        home_team: { score: 7 }
      })
      const status = (yield* h.request("GET", "/v1/data/status", { key: h.keys.syndicate_alpha })).body.data
        .find((row: any) => row.sport === "mlb").live
      expect(status.status).toBe("ok")
      // 9 games of another day (the two postponed ones carry their new date, 2022-04-08), none guessed
      expect(status.unmatched.map((u: any) => u.date).sort()).toEqual([
        ...Array(7).fill("2022-04-07"),
        "2022-04-08",
        "2022-04-08"
      ])
      // the seeded final mlb game of the harness was never touched
      expect((yield* served(h, "mlb", seedGames.mlb.game_date!)).get(seedGames.mlb.id).state).toBe("final")
    }), 60_000)
})
