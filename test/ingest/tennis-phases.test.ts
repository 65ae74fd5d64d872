/**
 * Phase `names` of the tennis build (packages/ingest/src/tennis/Build.ts) on hand-made records:
 * how the odds files' "Surname I." names and the February 2026 list's full names find their
 * Sackmann ids, and when a name keeps an id of its own.
 */
import { describe, expect, it } from "@effect/vitest"
import { Tennis } from "@sports-data/ingest"

type Player = Tennis.Sources.SackmannPlayer
type OddsMatch = Tennis.Sources.OddsMatch

const player = (id: string, first: string, last: string): Player => ({
  tour: "atp",
  id,
  first,
  last,
  hand: "R",
  birthDate: null,
  country: "USA",
  heightCm: null,
  wikidata: null
})

const BRANDON = player("206909", "Brandon", "Nakashima")
const BRYCE = player("126774", "Bryce", "Nakashima")

const side = (name: string, rank: number | null) => ({ name, rank, points: null, sets: 2, odds: {} })

/** One odds-file match of `winner` over `loser` ("Surname I." names with their ranks). */
const oddsMatch = (winner: string, winnerRank: number | null, loser = "Smith J.", line = 2): OddsMatch => ({
  file: "tennis_atp_matches_odds_2025.csv",
  line,
  tour: "atp",
  season: 2025,
  tournamentNo: "1",
  location: "Brisbane",
  tournament: "Brisbane International",
  date: "2025-01-02",
  series: "ATP250",
  court: "Outdoor",
  surface: "Hard",
  round: "1st Round",
  bestOf: 3,
  winner: side(winner, winnerRank),
  loser: side(loser, null),
  games: [[6, 4], [6, 4]],
  comment: "Completed"
})

/** A 2024 weekly list row: `playerId` ranked `rank`. */
const ranked = (playerId: string, rank: number, line: number) => ({
  file: "atp_rankings_current.csv",
  line,
  tour: "atp" as const,
  date: "2024-12-30",
  rank,
  playerId,
  points: null
})

const names = (input: Partial<Parameters<typeof Tennis.namesPhase>[0]>) =>
  Tennis.namesPhase({ players: [], matches: [], rankings: [], currentRankings: [], oddsMatches: [], ...input })

const idOf = (links: Tennis.NameLinks, name: string) => links.oddsIds.get(`atp|${name}`)

describe("tennis build: linking names to Sackmann ids (phase names)", () => {
  it("a name two namesakes fit, neither with ranking evidence, keeps an id of its own and is listed unlinked", () => {
    const links = names({ players: [BRANDON, BRYCE], oddsMatches: [oddsMatch("Nakashima B.", 40)] })
    expect(idOf(links, "Nakashima B.")).toBe("svc_tennis_atp-n-nakashima-b")
    expect(links.ownIds.get("svc_tennis_atp-n-nakashima-b")).toMatchObject({
      name: "Nakashima B.",
      last_name: "Nakashima",
      first_name: null,
      attributes: { linked_by: null }
    })
    expect([...links.unlinked]).toContain("atp: Nakashima B.")
  })

  it("when both namesakes are ranked, the one within a factor of 3 of the odds file's rank is linked", () => {
    const rankings = [ranked(BRANDON.id, 20, 2), ranked(BRYCE.id, 400, 3)]
    const links = names({ players: [BRANDON, BRYCE], rankings, oddsMatches: [oddsMatch("Nakashima B.", 40)] })
    expect(idOf(links, "Nakashima B.")).toBe(Tennis.sackmannAthleteId("atp", BRANDON.id))
    expect(links.linkedBy.get(`atp-${BRANDON.id}`)).toBe("name_and_ranking")
  })

  it("when both namesakes are ranked close to the odds file's rank, nothing is guessed", () => {
    const rankings = [ranked(BRANDON.id, 30, 2), ranked(BRYCE.id, 60, 3)]
    const links = names({ players: [BRANDON, BRYCE], rankings, oddsMatches: [oddsMatch("Nakashima B.", 40)] })
    expect(idOf(links, "Nakashima B.")).toBe("svc_tennis_atp-n-nakashima-b")
  })

  it("a player the February 2026 list names in full becomes the evidence that links his \"Surname I.\" name", () => {
    const links = names({
      players: [BRANDON, BRYCE],
      currentRankings: [{
        file: "tennis_atp_rankings_current.csv",
        line: 2,
        tour: "atp",
        rank: 31,
        name: "Brandon Nakashima",
        country: "USA",
        points: 1380
      }],
      oddsMatches: [oddsMatch("Nakashima B.", 40)]
    })
    const brandon = Tennis.sackmannAthleteId("atp", BRANDON.id)
    expect(links.currentIds.get("atp|Brandon Nakashima")).toBe(brandon)
    expect(idOf(links, "Nakashima B.")).toBe(brandon)
    // the full name linked him first, by name alone
    expect(links.linkedBy.get(`atp-${BRANDON.id}`)).toBe("name")
  })

  it("a name with no initials is never linked, even to the only player of that surname", () => {
    const links = names({ players: [BRANDON], oddsMatches: [oddsMatch("Nakashima", 40)] })
    expect(idOf(links, "Nakashima")).toBe("svc_tennis_atp-n-nakashima")
    expect(links.ownIds.get("svc_tennis_atp-n-nakashima")?.last_name).toBeNull()
  })
})
