/**
 * Golf outright odds, pure parts: a snapshot's event (in progress, else next to start, exactly
 * one; ambiguous or missing tours reported, never guessed) and the no-vig field normalisation on
 * values worked out by hand.
 */
import { describe, expect, it } from "@effect/vitest"
import { Odds } from "@sports-data/domain"
import { Odds as OddsIngest } from "@sports-data/ingest"
import { Either } from "effect"

const event = (id: string, start: string, end: string, league = "pga"): OddsIngest.GolfEventRef => ({
  id,
  league,
  season: 2026,
  start_date: start,
  end_date: end
})
const rocket = event("rocket", "2026-07-30", "2026-08-02")
const wyndham = event("wyndham", "2026-08-06", "2026-08-09")
const aig = event("aig", "2026-07-30", "2026-08-02", "lpga")

describe("golf outright odds", () => {
  it("a PGA snapshot goes to the PGA event in progress, else the next to start; LPGA events do not compete", () => {
    const of = (day: string) => Either.map(OddsIngest.eventOfSnapshot([aig, wyndham, rocket], "PGA", day), (e) => e.id)
    expect(of("2026-07-28")).toEqual(Either.right("rocket"))
    expect(of("2026-08-02")).toEqual(Either.right("rocket"))
    expect(of("2026-08-03")).toEqual(Either.right("wyndham"))
    expect(of("2026-08-09")).toEqual(Either.right("wyndham"))
    expect(Either.isLeft(of("2026-08-10"))).toBe(true)
  })

  it("two events in progress, two starting the same day, or a tour without events: unmatched with the reason", () => {
    const twin = event("twin", "2026-07-31", "2026-08-03")
    const running = OddsIngest.eventOfSnapshot([rocket, twin], "PGA", "2026-08-01")
    expect(running).toEqual(Either.left(expect.stringContaining("2 PGA events are in progress")))
    const sameStart = OddsIngest.eventOfSnapshot(
      [rocket, event("twin", "2026-07-30", "2026-08-02")],
      "PGA",
      "2026-07-28"
    )
    expect(sameStart).toEqual(Either.left(expect.stringContaining("two PGA events start on 2026-07-30")))
    expect(OddsIngest.eventOfSnapshot([rocket], "OPP", "2026-07-28")).toEqual(
      Either.left("tour OPP has no stored events")
    )
  })

  it("no-vig field: implied probabilities scaled to the market's places; none for make_cut", () => {
    // +100 -> 0.5, +300 -> 0.25, +300 -> 0.25: sum 1; win: 0.5, 0.25, 0.25; top_5 caps at 1
    expect(Odds.noVigField("win", [100, 300, 300])).toEqual([0.5, 0.25, 0.25])
    // +400 -> 0.2 and +900 -> 0.1, sum 0.3: win 0.6667 and 0.3333
    expect(Odds.noVigField("win", [400, 900, null])).toEqual([0.6667, 0.3333, null])
    expect(Odds.noVigField("top_5", [100, 300, 300])).toEqual([1, 1, 1])
    expect(Odds.noVigField("make_cut", [-200, 150])).toEqual([null, null])
    expect([Odds.outrightPlaces("frl"), Odds.outrightPlaces("top_20"), Odds.outrightPlaces("mc")]).toEqual([
      1,
      20,
      undefined
    ])
  })
})
