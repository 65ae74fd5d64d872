/**
 * The pure live-game rules (domain Live.ts): matching upstream games to stored ones by teams and
 * date (reported, never guessed), the one event per change, and the feed's backoff and circuit.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Game, Live, type LiveGame, type Team } from "@sports-data/domain"
import { unplayed } from "../live/harness.js"

const team = (abbr: string, name: string, external_id: string | null = null): Team => ({
  sport: "nfl",
  abbr,
  name,
  conference: null,
  division: null,
  external_id,
  attributes: {}
})
const teams = [team("WAS", "Washington Commanders"), team("MIN", "Minnesota Vikings"), team("LA", "Los Angeles Rams")]

const stored = (id: string, away: string, home: string, date = "2025-12-07"): Game =>
  unplayed("nfl", id, 2025, 14, date, away, home)

const upstream = (
  id: string,
  away: [string, string],
  home: [string, string],
  extra: Partial<LiveGame> = {}
): LiveGame => ({
  upstream: "espn",
  upstream_id: id,
  sport: "nfl",
  league: "nfl",
  date: "2025-12-07",
  start_time: null,
  home: { abbr: home[0], name: home[1], id: null },
  away: { abbr: away[0], name: away[1], id: null },
  state: "in_progress",
  home_score: 14,
  away_score: 0,
  period: 2,
  period_label: "Q2",
  clock: "1:51",
  inning: null,
  inning_state: null,
  lineup_posted: null,
  status_detail: null,
  ...extra
})

describe("live games (domain)", () => {
  it("matches by teams (abbreviation, else display name) and date; reports the rest", () => {
    const games = [stored("2025_14_WAS_MIN", "WAS", "MIN")]
    const m = Live.matchGames(
      [
        upstream("1", ["WSH", "Washington Commanders"], ["MIN", "Minnesota Vikings"]),
        upstream("2", ["WSH", "Washington Commanders"], ["MIN", "Minnesota Vikings"], { date: "2025-12-08" }),
        upstream("3", ["XYZ", "Nowhere Team"], ["MIN", "Minnesota Vikings"])
      ],
      games,
      teams
    )
    expect(m.matched.map(([u, g]) => [u.upstream_id, g.id])).toEqual([["1", "2025_14_WAS_MIN"]])
    expect(m.unmatched.map((u) => [u.upstream_id, u.reason])).toEqual([
      ["2", "no stored game WAS at MIN on 2025-12-08"],
      ["3", "team not known: XYZ"]
    ])
  })

  it("a college team by the school name ESPN gives as its location", () => {
    const purdue: Team = { ...team("PUR", "Purdue"), sport: "cfb" }
    const indiana: Team = { ...team("IU", "Indiana"), sport: "cfb" }
    expect(Live.teamOf({ abbr: "XPUR", name: "Purdue Boilermakers", aliases: ["Purdue"], id: null }, [purdue, indiana]))
      .toBe("PUR")
    expect(Live.teamOf({ abbr: null, name: "Purdue Boilermakers", id: null }, [purdue, indiana])).toBeUndefined()
  })

  it("a doubleheader is matched only by the upstream id, else reported", () => {
    const games = [stored("100", "WAS", "MIN"), stored("101", "WAS", "MIN")]
    const u = (id: string) => upstream(id, ["WAS", "x"], ["MIN", "y"])
    const m = Live.matchGames([u("101"), u("999")], games, teams)
    expect(m.matched.map(([, g]) => g.id)).toEqual(["101"])
    expect(m.unmatched.map((x) => x.reason)).toEqual(["2 stored games fit"])
  })

  it("one event per change: state, then final, then score; none for a clock change alone", () => {
    const now = new Date("2025-12-07T19:00:00Z")
    const g = stored("2025_14_WAS_MIN", "WAS", "MIN")
    const started = Live.updateOf(g, upstream("1", ["WAS", ""], ["MIN", ""]), now)
    expect(Live.eventOfUpdate(g, started)).toMatchObject({
      name: "game.state_changed",
      payload: { game_id: g.id, status: "in_progress", previous_status: "scheduled", home_score: 14, away_score: 0 }
    })
    const live: Game = { ...g, state: "in_progress", home_score: 14, away_score: 0 }
    expect(Live.eventOfUpdate(live, { ...started, live: { ...started.live, clock: "0:12" } })).toBeUndefined()
    expect(Live.eventOfUpdate(live, { ...started, home_score: 21 })?.name).toBe("game.score_updated")
    expect(Live.eventOfUpdate(live, { ...started, state: "final", home_score: 31 })?.name).toBe("game.final")
  })

  it("backs off, honours Retry-After, opens the circuit after repeated failures and closes on success", () => {
    const policy = { backoffMs: 1000, maxBackoffMs: 4000, failureThreshold: 4, circuitOpenMs: 60_000 }
    const t0 = new Date("2025-12-07T19:00:00Z")
    const waits: Array<[string, number]> = []
    let h = Live.initialHealth("nfl", "espn")
    for (let i = 0; i < 5; i++) {
      h = Live.afterFailure(h, t0, "http_status: HTTP 500", i === 1 ? 30_000 : null, policy)
      waits.push([h.status, Date.parse(h.next_poll_at!) - t0.getTime()])
    }
    expect(waits).toEqual([["degraded", 1000], ["degraded", 30_000], ["degraded", 4000], ["open", 60_000], [
      "open",
      60_000
    ]])
    expect(Live.waiting(h, new Date(t0.getTime() + 59_000))).toBe(true)
    expect(Live.waiting(h, new Date(t0.getTime() + 60_000))).toBe(false)
    const ok = Live.afterSuccess(h, t0, 15_000, [])
    expect([ok.status, ok.consecutive_failures, ok.circuit_open_until, ok.failures, ok.polls]).toEqual([
      "ok",
      0,
      null,
      5,
      6
    ])
  })
})
