/**
 * The synthesis check (domain Synthesis.ts): a sentence is served only when every number written
 * in it is one of the stored figures as printed.
 */
import { describe, expect, it } from "@effect/vitest"
import { Synthesis } from "@sports-data/domain"

const stored = [
  { name: "avg_fantasy_points", value: 13.125, source: "player_metrics.avg_fantasy_points" },
  { name: "sample_size", value: 8, source: "player_metrics.sample_size" },
  { name: "momentum_delta", value: 10, source: "player_metrics.momentum_delta" }
]

describe("verifySentence", () => {
  it("accepts a sentence whose every number is a stored figure as printed (2 decimals, signed)", () => {
    expect(Synthesis.formatFigure(13.125)).toBe("13.13")
    expect(Synthesis.formatFigure(10, true)).toBe("+10")
    expect(Synthesis.verifySentence("averaged 13.13 over his last 8 games, momentum_delta +10.", stored)).toBe(true)
  })

  it("refuses a number that is not stored, a rounding that differs, and a sentence without numbers", () => {
    expect(Synthesis.verifySentence("averaged 13.13 over his last 9 games", stored)).toBe(false)
    expect(Synthesis.verifySentence("averaged 13.1 over his last 8 games", stored)).toBe(false)
    expect(Synthesis.verifySentence("momentum_delta -10", stored)).toBe(false)
    expect(Synthesis.verifySentence("he is rising", stored)).toBe(false)
  })
})
