/**
 * The LiveFeed adapters on the recorded responses of ../shared/data/live_feeds_recorded (read in
 * place): the NHL web API game objects through a game from pre-game to final (overtime, shootout,
 * intermission), ESPN's NFL scoreboard, the MLB Stats API feed/live and schedule (with its byte
 * order mark); and every upstream failure as a typed LiveFeedError through a local upstream.
 */
import { FetchHttpClient } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { LiveFeed, type LiveGame, type TeamSport } from "@sports-data/domain"
import { LiveFeeds } from "@sports-data/ingest"
import { type Duration, Effect, Either, Layer, Schema } from "effect"
import { haveRecordings, nhlSnapshots, recorded, upstream } from "./recordings.js"

const nhl = (text: string): LiveGame =>
  LiveFeeds.Nhl.nhlLiveGame(Schema.decodeUnknownSync(LiveFeeds.Nhl.NhlGame)(JSON.parse(text)))

/** The LiveFeed with every upstream at `base`. */
const feed = (base: string, timeout: Duration.DurationInput, espnSports: ReadonlyArray<TeamSport> = []) =>
  LiveFeeds.layer({ nhl: base, mlb: base, espn: base, timeout, espnSports }).pipe(
    Layer.provide(FetchHttpClient.layer)
  )

describe.skipIf(!haveRecordings)("LiveFeed adapters on the recorded responses", () => {
  it("NHL web API: CGY at EDM from FUT through overtime and a shootout to FINAL", () => {
    const games = nhlSnapshots(["2025020006"]).map((s) => nhl(s.text))
    expect(games.map((g) => [g.state, g.away_score, g.home_score, g.period_label, g.clock])).toEqual([
      ["scheduled", null, null, null, null], // FUT
      ["scheduled", null, null, null, null], // PRE
      ["in_progress", 0, 0, "1st", "20:00"],
      ["in_progress", 3, 3, "3rd", "04:51"], // CRIT
      ["in_progress", 3, 3, "3rd", "03:52"],
      ["in_progress", 3, 3, "OT", "05:00"],
      ["in_progress", 3, 3, "OT", "04:56"],
      ["in_progress", 3, 3, "SO", "00:00"],
      ["in_progress", 3, 3, "SO", "00:00"],
      ["final", 4, 3, "SO", null], // the shootout winner is credited one goal
      ["final", 4, 3, "SO", null] // OFF
    ])
    expect(games[0]).toMatchObject({
      upstream: "nhl-web",
      upstream_id: "2025020006",
      date: "2025-10-08",
      home: { abbr: "EDM", name: "Edmonton Oilers", id: "22" },
      away: { abbr: "CGY", name: "Calgary Flames", id: "20" }
    })
    expect(games[0]!.start_time?.toISOString()).toBe("2025-10-09T02:00:00.000Z")
  })

  it("NHL web API: an intermission shows its clock and label", () => {
    const intermission = nhlSnapshots(["2025020004"]).find((s) => s.file.includes("intermission"))!
    expect(nhl(intermission.text)).toMatchObject({
      state: "in_progress",
      period: 1,
      period_label: "1st intermission",
      clock: "16:41",
      away_score: 1,
      home_score: 1
    })
  })

  it("ESPN: the NFL week 14 scoreboard, live, scheduled and final games", () => {
    const board = Schema.decodeUnknownSync(LiveFeeds.Espn.EspnScoreboard)(
      JSON.parse(recorded("espn_site_api/nfl_scoreboard_2025-12-07T18-59-45Z_week14_in-pre-post.json"))
    )
    const games = board.events.map((e) => LiveFeeds.Espn.espnLiveGame("nfl", "nfl", e))
    expect(games.map((g) => g.state).sort()).toEqual([
      ...Array(1).fill("final"),
      ...Array(8).fill("in_progress"),
      ...Array(5).fill("scheduled")
    ])
    const seaAtl = games.find((g) => g.upstream_id === "401772900")!
    expect(seaAtl).toMatchObject({
      date: "2025-12-07",
      home: { abbr: "ATL" },
      away: { abbr: "SEA" },
      home_score: 3,
      away_score: 3,
      period: 2,
      period_label: "Q2",
      clock: "6:00"
    })
    // the Sunday-night game starts 01:20 UTC on the 8th: its date is the 7th (US Eastern)
    expect(games.find((g) => g.upstream_id === "401772932")).toMatchObject({
      date: "2025-12-07",
      state: "scheduled",
      home_score: null,
      clock: null
    })
    expect(games.find((g) => g.upstream_id === "401772947")).toMatchObject({
      state: "final",
      home: { abbr: "DET" },
      home_score: 44,
      away_score: 30
    })
  })

  it("ESPN: an MLB scoreboard gives innings, a college one halftime", () => {
    const mlb = Schema.decodeUnknownSync(LiveFeeds.Espn.EspnScoreboard)(
      JSON.parse(recorded("espn_site_api/mlb_scoreboard_2022-09-17_in-pre-post.json"))
    ).events.map((e) => LiveFeeds.Espn.espnLiveGame("mlb", "mlb", e))
    expect(mlb.find((g) => g.home.abbr === "TOR" && g.state === "in_progress")).toMatchObject({
      inning: 9,
      inning_state: "Top",
      period: null,
      clock: null,
      home_score: 6,
      away_score: 3
    })
    const cfb = Schema.decodeUnknownSync(LiveFeeds.Espn.EspnScoreboard)(
      JSON.parse(recorded("espn_site_api/college-football_scoreboard_2022-09-17_in-halftime-pre-post.json"))
    ).events.map((e) => LiveFeeds.Espn.espnLiveGame("cfb", "cfb", e))
    expect(cfb.find((g) => g.home.abbr === "SC")).toMatchObject({
      state: "in_progress",
      period_label: "Halftime",
      clock: null,
      away_score: 24
    })
  })

  it("MLB Stats API: feed/live in the top of the 6th, and a schedule of finals with a byte order mark", () => {
    const game = LiveFeeds.Mlb.feedLiveGame(
      Schema.decodeUnknownSync(LiveFeeds.Mlb.FeedLive)(
        JSON.parse(recorded("mlb_statsapi/feed-live_662750_2022-06-21_NYM-at-HOU_InProgress_top6-1out.json"))
      )
    )
    expect(game).toMatchObject({
      upstream_id: "662750",
      date: "2022-06-21",
      state: "in_progress",
      home: { abbr: "HOU", id: "117" },
      away: { abbr: "NYM" },
      home_score: 7,
      away_score: 1,
      inning: 6,
      inning_state: "Top",
      lineup_posted: true
    })
    const text = recorded("mlb_statsapi/schedule_2022-04-07_sportId-1_all-Final.json")
    expect(text.charCodeAt(0)).toBe(0xfeff)
    const schedule = Schema.decodeUnknownSync(LiveFeeds.Mlb.Schedule)(JSON.parse(text.slice(1)))
    const games = schedule.dates.flatMap((d) => d.games.map(LiveFeeds.Mlb.scheduleLiveGame))
    expect(games.length).toBe(9)
    // two games of that day were postponed (rain): no score
    expect(games.map((g) => g.state).sort()).toEqual([...Array(7).fill("final"), "postponed", "postponed"])
    expect(games.every((g) => (g.state === "final") === (g.home_score !== null))).toBe(true)
    expect(games.find((g) => g.upstream_id === "663178")).toMatchObject({
      home: { name: "Chicago Cubs", id: "112" },
      home_score: 5,
      away_score: 4
    })
  })

  it.scopedLive(
    "nhl from ESPN when the settings say so: the hockey scoreboard, ESPN's codes in the service's",
    () =>
      Effect.gen(function*() {
        const up = yield* upstream
        const board = recorded("espn_site_api/nhl_scoreboard_2022-09-25_preseason_in-pre-post.json")
        up.route = (path) =>
          path === "/apis/site/v2/sports/hockey/nhl/scoreboard?dates=20220925"
            ? { status: 200, body: board }
            : { status: 404, body: "{}" }
        const live = yield* LiveFeed.pipe(Effect.provide(feed(up.url, "2 seconds", ["nhl"])))
        expect([live.upstreamOf("nhl"), live.upstreamOf("mlb")]).toEqual(["espn", "mlb-statsapi"])
        const games = yield* live.scoreboard({ sport: "nhl", date: "2022-09-25", watched: [] })
        expect(games.length).toBe(10)
        expect(games.find((g) => g.home.abbr === "PIT")).toMatchObject({
          state: "final",
          away: { abbr: "CBJ" },
          home_score: 3,
          away_score: 2,
          period_label: "OT"
        })
        expect(games.find((g) => g.home.abbr === "ARI")).toMatchObject({
          state: "in_progress",
          period_label: "3rd",
          clock: "9:03"
        })
      }),
    30_000
  )

  it.scopedLive(
    "through HTTP: the schedule with its BOM decodes; each fault is a typed LiveFeedError",
    () =>
      Effect.gen(function*() {
        const up = yield* upstream
        const schedule = recorded("mlb_statsapi/schedule_2022-04-07_sportId-1_all-Final.json")
        const espn = recorded("espn_site_api/nfl_scoreboard_2025-12-07T18-59-45Z_week14_in-pre-post.json")
        let reply: () => ReturnType<typeof up.route> = () => ({ status: 200, body: espn })
        up.route = (path) => path.startsWith("/api/v1/schedule") ? { status: 200, body: schedule } : reply()
        const live = yield* LiveFeed.pipe(Effect.provide(feed(up.url, "300 millis")))
        const mlb = yield* live.scoreboard({ sport: "mlb", date: "2022-04-07", watched: [] })
        expect(mlb.length).toBe(9)
        const nfl = () => Effect.either(live.scoreboard({ sport: "nfl", date: "2025-12-07", watched: [] }))
        expect(Either.getOrThrow(yield* nfl()).length).toBe(14)
        expect(up.seen.at(-1)!.path).toBe("/apis/site/v2/sports/football/nfl/scoreboard?dates=20251207")

        const failure = function*(r: () => ReturnType<typeof up.route>) {
          reply = r
          const out = yield* nfl()
          if (Either.isRight(out)) throw new Error("expected a failure")
          return out.left
        }
        expect(yield* failure(() => ({ status: 500, body: "oops" }))).toMatchObject({
          _tag: "LiveFeedError",
          reason: "http_status",
          status: 500
        })
        expect(yield* failure(() => ({ status: 429, body: "", headers: { "retry-after": "7" } }))).toMatchObject({
          reason: "rate_limited",
          retry_after_ms: 7000
        })
        expect(yield* failure(() => ({ status: 200, body: espn.slice(0, 5000) }))).toMatchObject({
          reason: "malformed"
        })
        expect(yield* failure(() => ({ status: 200, body: "{\"events\": 3}" }))).toMatchObject({ reason: "malformed" })
        expect(yield* failure(() => ({ hang: true }))).toMatchObject({ reason: "timeout" })
      }),
    30_000
  )
})
