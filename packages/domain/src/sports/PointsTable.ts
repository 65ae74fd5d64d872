/**
 * A championship table of an event sport: points summed over results, ties broken by countback
 * (more wins, then more second places, and so on). Used by Formula 1 (drivers and constructors)
 * and NASCAR (sum of race points). Pure.
 * @module
 */

/**
 * One scoring result: who (`key`, with a display `name`), the points it earned, and the finishing
 * `position` that counts for the countback (null when the result does not count for it, such as
 * an F1 sprint or an unclassified car).
 */
export interface PointsResult {
  readonly key: string
  readonly name: string
  readonly points: number
  readonly position: number | null
}

/**
 * A row of a points table: `rank` 1.. (no shared ranks: the countback orders every tie, and
 * entries equal on points and every finishing count are ordered by name), total `points`, `wins`
 * (countback positions equal to 1), `results` (results counted) and `finishes[i]`, the count of
 * finishes in position i + 1.
 */
export interface PointsRow {
  readonly rank: number
  readonly key: string
  readonly name: string
  readonly points: number
  readonly wins: number
  readonly results: number
  readonly finishes: ReadonlyArray<number>
}

/** Points rounded to hundredths (sums of half points stay exact). */
const tidy = (n: number): number => Math.round(n * 100) / 100

/**
 * One key's results summed (the input of {@link rankPoints}): total `points`, `results` counted
 * and `finishes[i]`, the count of its countback finishes in position i + 1.
 */
export interface PointsTotals {
  readonly key: string
  readonly name: string
  readonly points: number
  readonly results: number
  readonly finishes: ReadonlyArray<number>
}

/** `finishes[i]`: how many of `positions` are i + 1 (positions below 1 and nulls do not count). */
export const finishCounts = (positions: ReadonlyArray<number | null>): ReadonlyArray<number> => {
  const finishes: Array<number> = []
  for (const position of positions) {
    if (position === null || position < 1) continue
    while (finishes.length < position) finishes.push(0)
    finishes[position - 1]! += 1
  }
  return finishes
}

const countback = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (b[i] ?? 0) - (a[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/**
 * The table of keys already summed: points (rounded to hundredths) descending, then by countback:
 * more first places, then more second places, ... (FIA Sporting Regulations, "dead heat" rule for
 * the championships; NASCAR ranks ties by wins then best finishes the same way), then by name.
 */
export const rankPoints = (totals: ReadonlyArray<PointsTotals>): ReadonlyArray<PointsRow> =>
  totals
    .map((r) => ({ ...r, points: tidy(r.points) }))
    .sort((a, b) =>
      b.points - a.points || countback(a.finishes, b.finishes) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
    )
    .map((r, i) => ({
      rank: i + 1,
      key: r.key,
      name: r.name,
      points: r.points,
      wins: r.finishes[0] ?? 0,
      results: r.results,
      finishes: r.finishes
    }))

/**
 * The table of `results`: points summed per key (the name of the key's last result is kept),
 * ranked by {@link rankPoints}.
 */
export const pointsTable = (results: ReadonlyArray<PointsResult>): ReadonlyArray<PointsRow> => {
  const acc = new Map<string, { name: string; points: number; results: number; positions: Array<number | null> }>()
  for (const r of results) {
    const row = acc.get(r.key) ?? { name: r.name, points: 0, results: 0, positions: [] }
    row.name = r.name
    row.points += r.points
    row.results += 1
    row.positions.push(r.position)
    acc.set(r.key, row)
  }
  return rankPoints(
    [...acc].map(([key, r]) => ({
      key,
      name: r.name,
      points: r.points,
      results: r.results,
      finishes: finishCounts(r.positions)
    }))
  )
}
