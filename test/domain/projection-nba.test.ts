/**
 * The nba projection model (issue 23): the features of a player-game (hand-checked), no leakage
 * (a date's own lines and scores and everything after it change nothing in its features or in its
 * walk-forward prediction), the comparison with the trailing 10-game mean and the pass rule, and
 * the training job's card and predictions on a seeded league of four teams: ACTIVE (with held-out
 * and future predictions made before their games) only when it beats the trailing mean by 8% on
 * 2024-25, REJECTED with no prediction otherwise.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Game, type Player, ProjectionNba as N, type StatLine } from "@sports-data/domain"
import { ProjectionNba as Walk } from "@sports-data/ingest"
import { lcg } from "../harness/random.js"

const game = (
  id: string,
  season: number,
  date: string,
  home: string,
  away: string,
  score: readonly [number, number] | null
): Game => ({
  id,
  sport: "nba",
  league: "nba",
  season,
  week: null,
  season_type: "REG",
  game_date: date,
  start_time: null,
  state: score === null ? "scheduled" : "final",
  home_team: home,
  away_team: away,
  home_score: score?.[0] ?? null,
  away_score: score?.[1] ?? null,
  venue: null,
  attributes: score === null ? {} : { home_possessions: 100, away_possessions: 100 }
})

const line = (
  player: string,
  g: Game,
  team: string,
  s: { readonly minutes: number; readonly points: number; readonly rebounds?: number; readonly usage?: number }
): StatLine => {
  const rebounds = s.rebounds ?? 0
  const fanduel = Math.round((s.points + 1.2 * rebounds) * 10) / 10
  return {
    id: `${player}:${g.id}`,
    sport: "nba",
    player_id: player,
    game_id: g.id,
    season: g.season,
    week: null,
    game_date: g.game_date,
    team,
    opponent: g.home_team === team ? g.away_team : g.home_team,
    position: null,
    is_starter: null,
    stats: {
      minutes_played: s.minutes,
      points: s.points,
      rebounds,
      assists: 0,
      steals: 0,
      blocks: 0,
      turnovers: 0,
      usage_rate: s.usage ?? null,
      is_back_to_back: 0
    },
    fantasy_points: fanduel,
    fantasy_points_formats: { fanduel }
  }
}

describe("nba projection features", () => {
  it("a player-game's features from earlier games: trailing points and minutes, rest, back-to-back, home, absent teammates", () => {
    const g0 = game("g0", 2023, "2024-03-01", "BOS", "NYK", [100, 90])
    const g1 = game("g1", 2024, "2024-10-22", "BOS", "NYK", [110, 100])
    const g2 = game("g2", 2024, "2024-10-24", "MIA", "BOS", [100, 104])
    const g3 = game("g3", 2024, "2024-10-25", "BOS", "MIA", [120, 90])
    const lines = [
      line("p", g0, "BOS", { minutes: 30, points: 10, usage: 25 }),
      line("p", g1, "BOS", { minutes: 30, points: 20, usage: 31 }),
      line("p", g2, "BOS", { minutes: 20, points: 10, usage: 31 }),
      line("p", g3, "BOS", { minutes: 40, points: 50, usage: 31 }),
      // a teammate in every game but the team's latest before g3
      line("t", g0, "BOS", { minutes: 30, points: 30 }),
      line("t", g1, "BOS", { minutes: 30, points: 30 }),
      line("m", g2, "MIA", { minutes: 30, points: 15 })
    ]
    const history = N.nbaProjectionHistory(lines, [g0, g1, g2, g3])
    const f = N.nbaProjectionFeatures(history, { player_id: "p", team: "BOS", game: g3 })
    const names = N.nbaProjectionFeatureNames(N.nbaProjectionWindows)
    const byName = (prefix: string) => f.features[names.findIndex((n) => n.startsWith(prefix))]
    expect(f.features).toHaveLength(names.length)
    expect(f.baseline).toBeCloseTo(40 / 3, 10)
    expect(f.prior_games).toBe(3)
    expect(byName("mean FanDuel points over his earlier games this season")).toBe(15)
    expect(byName("mean FanDuel points over his games of the previous season")).toBe(10)
    expect(byName("mean minutes over his last 10")).toBeCloseTo(80 / 3, 10)
    expect(byName("minutes in his previous game")).toBe(20)
    expect(byName("FanDuel points per minute over his last 10 games")).toBeCloseTo(0.5, 10)
    // the previous season's usage rate only: the stored rate of this season covers later games
    expect(byName("his usage rate of the previous season")).toBe(25)
    expect(byName("days since his previous game")).toBe(1)
    // BOS played on the 24th, the day before (read from the games, not from the line)
    expect(byName("1 when his team played the day before")).toBe(1)
    expect(byName("1 at home")).toBe(1)
    // MIA's earlier game: g2, where BOS's players scored 10 FanDuel points
    expect(byName("his opponent's mean FanDuel points allowed")).toBeGreaterThan(0)
    // the teammate played 2 of BOS's 3 earlier games, not fewer than 5: not counted as absent
    expect(byName("FanDuel points his team's absent players took")).toBe(0)
    expect(f.as_of).toBe("2024-10-24")
    const first = N.nbaProjectionFeatures(history, { player_id: "p", team: "BOS", game: g0 })
    expect(first.baseline).toBeNull()
    expect(first.as_of).toBeNull()
    expect(first.features[names.indexOf("1 when he has no usage rate of the previous season, else 0")]).toBe(1)
  })
})

const TEAMS = ["AAA", "BBB", "CCC", "DDD"] as const

/**
 * A seeded league: 4 teams of 6 players, seasons 2022-2024 of 40 game days each (two games a
 * day), and 2025's first 10 days played and the next 6 scheduled. `homeEffect`: a player scores
 * that many times more at home than away (a signal the trailing mean cannot see; 1 for none).
 */
const league = (seed: number, homeEffect: number) => {
  const rand = lcg(seed)
  const roster = TEAMS.flatMap((team) =>
    Array.from({ length: 6 }, (_, i) => ({ id: `svc_nba_${team}${i}`, team, skill: 10 + 30 * rand() }))
  )
  const games: Array<Game> = []
  const lines: Array<StatLine> = []
  for (const season of [2022, 2023, 2024, 2025]) {
    for (let d = 0; d < 40; d++) {
      if (season === 2025 && d >= 16) break
      const date = new Date(Date.UTC(season, 9, 20) + 2 * d * 86_400_000).toISOString().slice(0, 10)
      const pairs = d % 3 === 0
        ? [["AAA", "BBB"], ["CCC", "DDD"]]
        : d % 3 === 1
        ? [["AAA", "CCC"], ["BBB", "DDD"]]
        : [["DDD", "AAA"], ["BBB", "CCC"]]
      for (const [a, b] of pairs) {
        const [home, away] = d % 2 === 0 ? [a!, b!] : [b!, a!]
        const played = season < 2025 || d < 10
        const g = game(
          `${season}_${d}_${away}_${home}`,
          season,
          date,
          home,
          away,
          played ? [100 + Math.round(20 * rand()), 100 + Math.round(20 * rand())] : null
        )
        games.push(g)
        if (!played) continue
        for (const p of roster.filter((r) => r.team === home || r.team === away)) {
          const factor = p.team === home ? homeEffect : 1 / homeEffect
          const points = Math.round(p.skill * factor * (0.6 + 0.8 * rand()))
          lines.push(line(p.id, g, p.team, { minutes: 20 + Math.round(10 * rand()), points, usage: 20 }))
        }
      }
    }
  }
  const players: ReadonlyArray<Player> = roster.map((r) => ({
    id: r.id,
    sport: "nba",
    full_name: r.id,
    first_name: null,
    last_name: null,
    position: "G",
    team: r.team,
    status: "active",
    birth_date: null,
    platform_ids: {},
    attributes: {}
  }))
  return { games, lines, players }
}

describe("nba projection: no leakage", () => {
  it("a date's own lines and scores and every later one change nothing in its features or its walk-forward prediction", () => {
    const { games, lines } = league(7, 1.3)
    const date = "2024-11-19"
    const predictionsOf = (ls: ReadonlyArray<StatLine>, gs: ReadonlyArray<Game>) => {
      const examples = N.buildNbaProjectionExamples(N.nbaProjectionHistory(ls, gs))
      return Walk.walkForwardNba(examples, N.nbaProjectionHeldOut).filter((p) => p.example.game_date === date)
    }
    const base = predictionsOf(lines, games)
    expect(base.length).toBe(24)
    const rand = lcg(99)
    const scrambled = lines.map((l) =>
      l.game_date! >= date
        ? {
          ...l,
          stats: {
            ...l.stats,
            minutes_played: 48 * rand(),
            points: 60 * rand(),
            usage_rate: 100 * rand(),
            is_back_to_back: 1
          },
          fantasy_points: 80 * rand(),
          fantasy_points_formats: { fanduel: 80 * rand() }
        }
        : l
    )
    const rescored = games.map((g) =>
      g.game_date! >= date ? { ...g, home_score: 150, away_score: 60, attributes: { home_possessions: 130 } } : g
    )
    const other = predictionsOf(scrambled, rescored)
    expect(other.map((p) => [p.example.player_id, p.example.features, p.example.as_of, p.points, p.interval])).toEqual(
      base.map((p) => [p.example.player_id, p.example.features, p.example.as_of, p.points, p.interval])
    )
    for (const p of base) expect(p.example.as_of! < p.example.game_date).toBe(true)
  })
})

describe("nba projection against the trailing mean", () => {
  const example = (id: string, prior: number, minutes: number, baseline: number, actual: number) =>
    ({
      player_id: id,
      game_id: `g${id}`,
      season: 2024,
      game_date: "2024-12-01",
      as_of: "2024-11-30",
      team: "AAA",
      features: [],
      baseline,
      prior_games: prior,
      minutes,
      actual: { fanduel: actual }
    }) satisfies N.NbaProjectionExample

  it("judges the player-games of players with 10 earlier games who played; MAE of each on the same ones", () => {
    const examples = [
      example("a", 10, 30, 20, 30), // judged: trailing misses by 10
      example("b", 12, 20, 10, 12), // judged: trailing misses by 2
      example("c", 9, 30, 20, 40), // 9 earlier games: out
      example("d", 20, 0, 20, 0), // did not play: out
      { ...example("a", 9, 30, 20, 0), game_id: "ga0" } // a's earlier game, 9 earlier games: out
    ]
    const r = N.compareNbaWindow(N.nbaProjectionHeldOut, examples, new Map([["a|ga", 26], ["b|gb", 12], ["c|gc", 40]]))
    expect(r).toMatchObject({ player_games: 2, predicted: 2, mae_model: 2, mae_trailing: 6, improvement_pct: 66.67 })
    expect(N.nbaProjectionResult(r, 5).passed).toBe(true)
    expect(N.nbaProjectionResult({ ...r, improvement_pct: 7.99 }, 5).passed).toBe(false)
    // the hindsight season mean (for scale): a's mean over his two games is 15 (misses his judged 30 by 15), b's 12
    expect(N.hindsightSeasonMae(N.nbaProjectionHeldOut, examples)).toBe(7.5)
    // every judged player-game must be predicted
    const partial = N.compareNbaWindow(N.nbaProjectionHeldOut, examples, new Map([["a|ga", 30]]))
    expect(partial).toMatchObject({ player_games: 2, predicted: 1 })
    expect(N.nbaProjectionResult(partial, 5).passed).toBe(false)
  })
})

describe("nba projection training job", () => {
  const trainedAt = "2026-01-01T00:00:00.000Z"

  it("ACTIVE when it beats the trailing mean by 8% on 2024-25: held-out and future predictions, each before its game", () => {
    const { games, lines, players } = league(11, 1.6)
    const trained = Walk.trainNbaProjection(lines, games, players, trainedAt)
    const card = trained.version.card
    expect(trained.version).toMatchObject({ sport: "nba", model_type: "projection", status: "ACTIVE" })
    expect(card.result?.passed).toBe(true)
    expect(card.result!.improvement_pct).toBeGreaterThanOrEqual(8)
    expect(card.held_out_window).toBe(N.nbaProjectionHeldOut.label)
    expect(card.additional_results?.map((a) => a.held_out_window)).toEqual([N.nbaProjectionValidation.label])
    expect(card.note).toMatch(
      /^The features, the windows, the target.s power \(0.75\) and the ridge penalty \(0.01\) were chosen on nba 2023-24/
    )
    const held = trained.predictions.filter((p) => p.actual !== null)
    expect(new Set(held.map((p) => p.season))).toEqual(new Set([2024]))
    expect(held.length).toBe(lines.filter((l) => l.season === 2024).length)
    // the three scheduled games after the newest line of each of the 24 players
    const future = trained.predictions.filter((p) => p.actual === null)
    expect(future.length).toBe(24 * 3)
    const newest = lines.map((l) => l.game_date!).sort().at(-1)!
    for (const p of future) {
      expect(p.game_date! > newest).toBe(true)
      expect(p.as_of! <= newest).toBe(true)
      expect(p.projection?.actual_points).toBeNull()
    }
    expect(card.note).toMatch(/72 player-games of the active players' teams' next 3 games/)
    for (const p of trained.predictions) {
      expect(p.as_of! < p.game_date!).toBe(true)
      expect(p.week).toBeNull()
      const points = p.projection!.points["fanduel"]!
      expect(p.expected).toBe(points)
      const i = p.projection!.interval_80["fanduel"]!
      expect(i.low).toBeLessThanOrEqual(points)
      expect(i.high).toBeGreaterThanOrEqual(points)
    }
    const again = Walk.trainNbaProjection(lines, games, players, trainedAt)
    expect(again.version.id).toBe(trained.version.id)
    expect(again.predictions).toEqual(trained.predictions)
  })

  it("REJECTED, with no prediction, when nothing but noise moves the points; the card says no future game is stored", () => {
    const { games, lines, players } = league(11, 1)
    const played = games.filter((g) => g.home_score !== null)
    const trained = Walk.trainNbaProjection(lines, played, players, trainedAt)
    expect(trained.version.status).toBe("REJECTED")
    expect(trained.version.card.result?.passed).toBe(false)
    expect(trained.version.card.result!.improvement_pct).toBeLessThan(8)
    expect(trained.predictions).toEqual([])
    expect(trained.version.card.note).toMatch(/No game after the newest stored line \(\d{4}-\d{2}-\d{2}\) is stored/)
  })
})
