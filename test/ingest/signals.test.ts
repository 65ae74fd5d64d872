/**
 * Signal derivation rules on cuts of the real files: the nfl and nba fixture folders ingested
 * whole (test/fixtures/nfl, test/fixtures/nba), and test/fixtures/signals (Marvin Harrison Jr.'s
 * 2025 snap counts and injury reports; two nba players' status histories) through the pure rules.
 * Negative cases included: a drop in snaps that the next reports explain is no role_reduction;
 * a tweet naming no known player, two players, or a name two players share is no signal; a
 * status repeated with a new comment is no new signal.
 */
import { describe, expect, it } from "@effect/vitest"
import type { InjuryReport, Player, StatLine, StoredSignal } from "@sports-data/domain"
import { nbaSignals, Nfl, PlayerStatus, Progress, Rows } from "@sports-data/ingest"
import { Effect } from "effect"
import { join } from "node:path"
import { ingestedSignals } from "./helpers.js"

const cut = join(import.meta.dirname, "..", "fixtures", "signals")
const read = <A>(file: string, parse: Rows.RowParser<A>) =>
  Effect.map(Rows.readRows(join(cut, file), parse), (f) => f.rows).pipe(Effect.provide(Progress.silent))

const MHJ = "svc_nfl_00-0039849"

/** Marvin Harrison Jr.'s 2025 snap rows as canonical stat lines and his injury reports, from the cut. */
const harrison = Effect.gen(function*() {
  const snaps = yield* read("snap_counts_2025.csv", Nfl.parseSnap)
  const reports = yield* read("injuries.csv", Nfl.parseInjury)
  const lines = snaps.map((r): StatLine => ({
    id: `${MHJ}:${r.gameId}`,
    sport: "nfl",
    player_id: MHJ,
    game_id: r.gameId,
    season: r.season,
    week: r.week,
    game_date: null,
    team: r.team,
    opponent: null,
    position: r.position ?? null,
    is_starter: null,
    stats: {
      offense_snaps: r.offenseSnaps ?? null,
      defense_snaps: r.defenseSnaps ?? null,
      st_snaps: r.stSnaps ?? null,
      snap_pct: r.offensePct === undefined ? null : Math.round(r.offensePct * 100)
    },
    fantasy_points: null,
    fantasy_points_formats: {}
  }))
  const injuries = reports.map((r): InjuryReport => ({
    id: `${MHJ}:${r.season}:${r.week}:${r.team}`,
    sport: "nfl",
    player_id: MHJ,
    season: r.season,
    week: r.week,
    team: r.team,
    report_status: r.reportStatus ?? null,
    practice_status: r.practiceStatus ?? null,
    primary_injury: r.primaryInjury ?? null,
    secondary_injury: r.secondaryInjury ?? null,
    reported_at: null
  }))
  const player: Player = {
    id: MHJ,
    sport: "nfl",
    full_name: "Marvin Harrison Jr.",
    first_name: "Marvin",
    last_name: "Harrison",
    position: "WR",
    team: "ARI",
    status: "active",
    birth_date: null,
    platform_ids: {},
    attributes: {}
  }
  return { lines, injuries, ctx: Nfl.nflContext({ players: [player], statLines: lines, games: [] }) }
})

const weeksOf = (signals: ReadonlyArray<StoredSignal>, type: string) =>
  signals.filter((s) => s.signal_type === type).map((s) => s.week).sort((a, b) => a! - b!)

describe("nfl signals", () => {
  it.effect("role shifts: 15+ points against the trailing three games; drops the next reports explain are left out", () =>
    Effect.gen(function*() {
      const { ctx, injuries, lines } = yield* harrison
      const shifts = Nfl.roleShiftSignals(ctx, lines, injuries)
      // week 7: 86% after 100, 76, 23 (mean 66.3) and week 10: 91% after 86, 72, 23... (mean 60.3)
      expect(weeksOf(shifts, "role_expansion")).toEqual([7, 10])
      const week7 = shifts.find((s) => s.week === 7)!
      expect(week7.details).toMatchObject({ snap_pct: 86, trailing: [100, 76, 23], trailing_mean: 66.3 })
      expect(week7.id).toBe(Nfl.roleShiftSignals(ctx, lines, injuries).find((s) => s.week === 7)!.id)
      // week 6 (23% after a concussion the week 7 report lists) and the heel weeks: no role_reduction
      expect(weeksOf(shifts, "role_reduction")).toEqual([])
      // without the reports, the same drops are reductions
      const unexplained = Nfl.roleShiftSignals(ctx, lines, [])
      expect(weeksOf(unexplained, "role_reduction")).toEqual([5, 6, 13, 16, 17])
      const week6 = unexplained.find((s) => s.week === 6)!
      expect(week6.severity).toBe("high") // a featured receiver losing 62 points
      expect(week6.summary).toContain("23% of the offensive snaps")
    }))

  it.effect("injury reports: Out/Doubtful/Questionable are injury_update, every practice status a weekly practice_report", () =>
    Effect.gen(function*() {
      const { ctx, injuries } = yield* harrison
      const signals = Nfl.injurySignals(ctx, injuries)
      expect(weeksOf(signals, "injury_update")).toEqual([11, 12, 13, 14, 15, 16, 17])
      expect(weeksOf(signals, "practice_report")).toEqual([7, 11, 12, 13, 14, 15, 16, 17, 18])
      const out11 = signals.find((s) => s.signal_type === "injury_update" && s.week === 11)!
      // Out, after 86%, 72% and 91% of the snaps: a featured player out is high
      expect(out11).toMatchObject({ severity: "high", reported_at: null, season: 2025, team: "ARI" })
      expect(out11.title).toContain("Out for week 11 (Illness)")
      // Questionable is medium for the same role
      expect(signals.find((s) => s.signal_type === "injury_update" && s.week === 13)!.severity).toBe("medium")
      expect(signals.find((s) => s.signal_type === "practice_report" && s.week === 7)!.summary).toContain("not a daily")
    }))

  it.effect("return_from_injury: the first game with snaps after an Out spell, one per spell", () =>
    Effect.gen(function*() {
      const { ctx, injuries } = yield* harrison
      const returns = Nfl.returnSignals(ctx, injuries)
      // Out weeks 11-12 (illness), played 13; Out 14-15 (heel), played 16
      expect(weeksOf(returns, "return_from_injury")).toEqual([13, 16])
      expect(returns.find((s) => s.week === 16)!.details).toMatchObject({ out_weeks: [14, 15], injury: "Heel" })
    }))

  it.effect("the fixture ingest: reports of BUF, depth chart slots dropped before the last chart, news by name", () =>
    Effect.gen(function*() {
      const signals = yield* ingestedSignals("nfl")
      const injury = signals.filter((s) => s.key.startsWith("nfl:injury:")).map((s) => `${s.player_name} ${s.week}`)
      expect(injury.sort()).toEqual([
        "Ed Oliver 2",
        "Ed Oliver 3",
        "Matt Milano 3",
        "Tre'Davious White 1",
        "Tre'Davious White 2",
        "Tyler Bass 1"
      ])
      // Shakir and Cook only practised with an injury: a practice_report, no injury_update
      expect(signals.filter((s) => s.player_name === "Khalil Shakir" && s.season === 2025).map((s) => s.signal_type))
        .toEqual([
          "practice_report"
        ])
      // depth chart: BUF's last chart in the file is 2025-09-09; earlier RB/WR slots were lost by then
      const depth = signals.filter((s) => s.key.startsWith("nfl:depth:"))
      expect(depth.map((s) => s.details["position"]).every((p) => p === "RB" || p === "WR")).toBe(true)
      const gore = depth.find((s) => s.player_name === "Frank Gore")!
      expect(gore.details).toMatchObject({
        change_type: "dropped",
        from_depth: 4,
        range_start: "2025-08-26",
        range_end: "2025-09-09"
      })
      // special teams and defensive slots make no signal
      expect(depth.some((s) => s.player_name === "Casey Rogers")).toBe(false)
    }))

  it.effect("news: one known player named, keyword type, original author and time; ambiguous tweets make none", () =>
    Effect.gen(function*() {
      const news = (yield* ingestedSignals("nfl")).filter((s) => s.key.startsWith("nfl:news:"))
      const kyler = news.find((s) => s.player_name === "Kyler Murray")!
      expect(kyler).toMatchObject({
        signal_type: "injury_update",
        source: "AdamSchefter",
        source_url: "https://twitter.com/32BeatWriters/status/1467358470311940098",
        team: ""
      })
      // the original tweet's time (retweet_created_at), not the retweet's
      expect(kyler.published_at?.toISOString()).toBe("2021-12-05T05:01:22.000Z")
      expect(kyler.summary).toContain("listed as questionable")
      const allen = news.filter((s) => s.player_name === "Josh Allen").map((s) => s.signal_type).sort()
      expect(allen).toEqual(["depth_chart_change", "injury_update", "practice_report"])
      // "Jordan Phillips" is two players of the crosswalk; "Baker Mayfield" none of the fixture's
      expect(news.some((s) => s.summary.includes("Jordan Phillips"))).toBe(false)
      expect(news.some((s) => s.summary.includes("Baker Mayfield"))).toBe(false)
      expect(news).toHaveLength(4)
    }))

  it("a classified tweet naming two known players is no signal", () => {
    const text =
      "Both Ravens QB Lamar Jackson and Browns QB Baker Mayfield were full participants to end the practice week"
    const named = new Map([["lamar jackson", new Set(["a"])], ["baker mayfield", new Set(["b"])]])
    const found = Nfl.playersNamed(text, (n) => named.get(n.toLowerCase()) ?? new Set())
    expect([...found.ids].sort()).toEqual(["a", "b"])
    const players = [["a", "Lamar Jackson"], ["b", "Baker Mayfield"]].map(([id, full_name]) => ({
      id: id!,
      sport: "nfl" as const,
      full_name: full_name!,
      first_name: null,
      last_name: null,
      position: "QB",
      team: null,
      status: "active" as const,
      birth_date: null,
      platform_ids: {},
      attributes: {}
    }))
    const ctx = Nfl.nflContext({ players, statLines: [], games: [] })
    const tweet = { statusId: "1", author: "x", text, publishedAt: new Date(0), url: null, hashtags: [] }
    expect(Nfl.newsSignals(ctx, players, [tweet])).toEqual([])
    // the same text naming one of them is a signal
    expect(Nfl.newsSignals(ctx, players.slice(0, 1), [tweet])).toHaveLength(1)
  })
})

describe("nba signals", () => {
  it.effect("each status change is one signal with its first-seen time; P after Q is a return; repeats are none", () =>
    Effect.gen(function*() {
      const statuses = yield* read("nba_player_status_history.csv", PlayerStatus.parseStatus("a person id"))
      const signals = nbaSignals({ statuses, players: [], statLines: [] })
      const of = (name: string) =>
        signals.filter((s) => s.player_name === name).sort((a, b) =>
          a.effective_at.getTime() - b.effective_at.getTime()
        )
      expect(of("Sam Hauser").map((s) => `${s.signal_type}:${s.details["status"]}`)).toEqual([
        "injury_update:O",
        "injury_update:Q",
        "injury_update:O",
        "injury_update:Q",
        "return_from_injury:P"
      ])
      // Anderson's two Feb 6-7 "O" entries differ only in the comment: one signal
      expect(of("Kyle Anderson").map((s) => s.details["status"])).toEqual(["O", "Q", "O", "Q", "O"])
      const back = of("Sam Hauser")[4]!
      expect(back.published_at?.toISOString()).toBe("2026-02-11T00:04:55.000Z")
      expect(back.summary).toBe("Feb 10: Hauser (back) is probable for Wednesday's game against the Bulls.")
      expect(back.title).toBe("Sam Hauser upgraded to Probable (was Questionable)")
    }))

  it.effect("the nba fixture ingest writes the status changes, and again writes nothing", () =>
    Effect.gen(function*() {
      const signals = yield* ingestedSignals("nba")
      const doncic = signals.filter((s) => s.player_id === "svc_nba_1629029").map((s) => s.details["status"]).reverse()
      expect(doncic).toEqual(["Q", "D", "O"])
      // L.J. Cryer's entries have no player id and no player of the fixture has his name: no signal
      expect(signals.some((s) => s.player_name === "L.J. Cryer")).toBe(false)
      expect(signals.every((s) => s.sport === "nba")).toBe(true)
    }))
})
