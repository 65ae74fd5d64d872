/**
 * What league bodies and courts decided after the whistle, for the seasons in the data: points
 * deductions, results awarded by a court, and play-offs that settled a tie in the table. The
 * standings rules (`standings/Soccer.ts`) apply them; nothing here is a game row, and no game is
 * invented from them.
 *
 * Every entry names the body, the decision and its date. Checked for the seasons in the data
 * (domestic 2022-23 to 2025-26, Champions League 2024-25, MLS 2025) as published up to the
 * 2024-25 season's end: for 2025-26 no decision is recorded here, so a deduction imposed in that
 * season would be missing until added.
 * @module
 */

/** One decision of a body: who, what, when (`YYYY-MM-DD`). */
export interface Decision {
  readonly body: string
  readonly decision: string
  readonly date: string
}

/**
 * Points a club lost in one season's table. `points` is the net number taken off (positive) after
 * every appeal; `decisions` lists each step with its change (`change`: negative takes points off,
 * positive gives them back), which add up to `-points`.
 */
export interface PointsDeduction {
  readonly league: string
  readonly season: number
  /** Team key (`Team.abbr`). */
  readonly team: string
  readonly points: number
  readonly decisions: ReadonlyArray<Decision & { readonly change: number }>
}

/**
 * A result set by a court or disciplinary body instead of the score on the pitch. The game is
 * found by league, season, date and teams; `played` is the score when play ended (null if it
 * was abandoned without one), `awarded` the result that stands in the table.
 */
export interface AwardedResult {
  readonly league: string
  readonly season: number
  readonly date: string
  readonly home: string
  readonly away: string
  readonly played: { readonly home: number; readonly away: number } | null
  readonly awarded: { readonly home: number; readonly away: number }
  readonly decisions: ReadonlyArray<Decision>
}

/**
 * A play-off match the league staged to separate two clubs level on points (not a game of the
 * sources): `winner` is placed above `loser`.
 */
export interface TablePlayOff {
  readonly league: string
  readonly season: number
  readonly winner: string
  readonly loser: string
  readonly date: string
  /** The score as published, winner's goals first. */
  readonly score: string
  readonly venue: string
  readonly decisions: ReadonlyArray<Decision>
}

/** Points deductions of the seasons in the data. */
export const pointsDeductions: ReadonlyArray<PointsDeduction> = [
  {
    league: "epl",
    season: 2023,
    team: "everton",
    points: 8,
    decisions: [
      {
        body: "Premier League Independent Commission",
        decision: "10-point deduction: breach of the Profitability and Sustainability Rules (period to 2021-22)",
        date: "2023-11-17",
        change: -10
      },
      {
        body: "Premier League Appeal Board",
        decision: "deduction reduced from 10 to 6 points",
        date: "2024-02-26",
        change: 4
      },
      {
        body: "Premier League Independent Commission",
        decision: "2-point deduction: breach of the Profitability and Sustainability Rules (period to 2022-23); " +
          "Everton withdrew its appeal on 2024-05-10",
        date: "2024-04-08",
        change: -2
      }
    ]
  },
  {
    league: "epl",
    season: 2023,
    team: "nottingham-forest",
    points: 4,
    decisions: [
      {
        body: "Premier League Independent Commission",
        decision: "4-point deduction: breach of the Profitability and Sustainability Rules (period to 2022-23)",
        date: "2024-03-18",
        change: -4
      },
      { body: "Premier League Appeal Board", decision: "appeal dismissed", date: "2024-05-07", change: 0 }
    ]
  },
  {
    league: "serie_a",
    season: 2022,
    team: "juventus",
    points: 10,
    decisions: [
      {
        body: "FIGC Corte federale d'appello",
        decision: "15-point penalty (capital gains case, 'plusvalenze')",
        date: "2023-01-20",
        change: -15
      },
      {
        body: "CONI Collegio di Garanzia dello Sport",
        decision: "penalty annulled, case referred back to the Corte federale d'appello",
        date: "2023-04-20",
        change: 15
      },
      {
        body: "FIGC Corte federale d'appello (sezioni unite)",
        decision: "10-point penalty",
        date: "2023-05-22",
        change: -10
      }
    ]
  }
]

/** Results awarded by a court in the seasons in the data. */
export const awardedResults: ReadonlyArray<AwardedResult> = [
  {
    league: "bundesliga",
    season: 2024,
    date: "2024-12-14",
    home: "union-berlin",
    away: "bochum",
    played: { home: 1, away: 1 },
    awarded: { home: 0, away: 2 },
    decisions: [
      {
        body: "DFB Sportgericht",
        decision: "Bochum's protest upheld (its goalkeeper was hit by a lighter thrown from the home stand): " +
          "the match is scored 2-0 for Bochum",
        date: "2025-01-09"
      },
      { body: "DFB Bundesgericht", decision: "Union Berlin's appeal dismissed", date: "2025-02-28" }
    ]
  }
]

/** Play-offs that separated clubs level on points, in the seasons in the data. */
export const tablePlayOffs: ReadonlyArray<TablePlayOff> = [
  {
    league: "serie_a",
    season: 2022,
    winner: "hellas-verona",
    loser: "spezia",
    date: "2023-06-11",
    score: "3-1",
    venue: "Mapei Stadium, Reggio Emilia (neutral)",
    decisions: [
      {
        body: "Lega Serie A",
        decision: "relegation play-off between the clubs level on 31 points in 17th and 18th place " +
          "(Serie A rule in force from 2022-23)",
        date: "2023-06-11"
      }
    ]
  }
]

/** The adjustments of one league season. */
export interface SeasonAdjustments {
  readonly deductions: ReadonlyArray<PointsDeduction>
  readonly awarded: ReadonlyArray<AwardedResult>
  readonly playOffs: ReadonlyArray<TablePlayOff>
}

/** The deductions, awarded results and play-offs of `league` in `season` (start year). */
export const adjustmentsOf = (league: string, season: number): SeasonAdjustments => {
  const of = <A extends { readonly league: string; readonly season: number }>(rows: ReadonlyArray<A>) =>
    rows.filter((r) => r.league === league && r.season === season)
  return { deductions: of(pointsDeductions), awarded: of(awardedResults), playOffs: of(tablePlayOffs) }
}
