/**
 * Merges the parsed soccer matches of the two sources into canonical games and teams. Pure: the
 * same inputs always give the same rows (sorted by id), so a re-run writes nothing new.
 *
 * ## Phases
 * 1. **key**: each match gets its game key. In a double round-robin league (epl, la_liga,
 *    bundesliga, serie_a) each club hosts each other club once a season, so (league, season,
 *    home, away) names the game whatever its date; a second match of a source with the same key
 *    is reported and skipped. Where a pairing can recur (champions_league: league phase then
 *    knockouts; mls: unbalanced schedule) the date is part of the key.
 * 2. **merge**: the matches of both sources with one key are one game. Per league season, the
 *    more complete source (more scored matches; football-datasets when equal) is preferred:
 *    - both scored alike: that score; both scored differently: the preferred source's score,
 *      reported as a difference;
 *    - one scored: its score (the other's gap reported: openfootball lacks ten 2024-25 results
 *      each in la_liga and serie_a, which football-datasets has);
 *    - the date of the source whose score is used (else the preferred source's); a different
 *      date in the other source is reported (openfootball keeps the original date of a match
 *      moved after its snapshot);
 *    - a match in one source only is kept and reported.
 * 3. **games**: canonical rows.
 * 4. **teams**: the directory entry of every club in a kept game.
 *
 * ## Games
 * - `id`: `<league>-<season>-<home>-<away>` (double round-robin leagues) or
 *   `<league>-<season>-<YYYY-MM-DD>-<home>-<away>` (champions_league, mls) from team keys, e.g.
 *   `epl-2023-arsenal-chelsea`, `champions_league-2024-2025-05-31-paris-saint-germain-inter`.
 *   A rescheduled champions_league or mls game would get a new id (the sources have no game ids).
 * - `season`: start year; `week`: openfootball matchday of a REG game, else null;
 *   `season_type`: REG, or POST for champions_league knockout play-offs and finals.
 * - `state`: `final` when scored, else `scheduled` (also for a past game the sources do not score:
 *   MLS 2025 after April, the 2025 Champions League final; never an invented result).
 * - Scores: full time, or after extra time when the game went to extra time (`attributes.full_time`
 *   then keeps the 90-minute score). `start_time` is null: openfootball gives local kick-off times
 *   without a time zone, kept as `attributes.kickoff_local`. `venue` null (no source has grounds).
 * - `attributes`: `sources` (the sources holding the game), `round` (openfootball's round),
 *   `half_time`, `full_time`, `extra_time`, `penalties` (`{home, away}` goals), `kickoff_local`
 *   and `status` (openfootball's `awarded`, `postponed`; both only when the game keeps
 *   openfootball's date, as they describe that fixture),
 *   `referee` and `team_stats` (`{home, away}` shots, shots on target, fouls, corners, yellow and
 *   red cards) from football-datasets, and `awarded` (`{home, away, decisions}`) when the
 *   official adjustments file records an awarded result for the game (the standings apply it).
 *   A shoot-out written as a draw (openfootball gives 4-4 for the two 2024-25 round-of-16 ties
 *   decided on penalties) is not a result: it is left out and reported.
 * @module
 */
import { type Game, Soccer, type Team } from "@sports-data/domain"
import type { SkippedRow } from "../Report.js"
import type { DatasetsMatch, Goals, OpenfootballMatch } from "./Sources.js"

/** The name `attributes.sources` gives openfootball football.json. */
export const OPENFOOTBALL = "openfootball"
/** The name `attributes.sources` gives datasets/football-datasets. */
export const DATASETS = "football-datasets"

/** Leagues where each club hosts each other club once a season (the key needs no date). */
export const doubleRoundRobin: ReadonlySet<string> = new Set(["epl", "la_liga", "bundesliga", "serie_a"])

/** Parsed inputs, each list in file order. */
export interface SoccerInputs {
  readonly openfootball: ReadonlyArray<OpenfootballMatch>
  readonly datasets: ReadonlyArray<DatasetsMatch>
}

/** What the two sources disagree on or one lacks (reported; the game is still written). */
export type DifferenceKind = "score" | "missing_score" | "date" | "one_source" | "penalties"

/** One reported difference, at the match of the source not followed. */
export interface SourceDifference extends SkippedRow {
  readonly kind: DifferenceKind
  readonly league: string
  readonly season: number
}

/** Canonical rows, the matches skipped while merging, and the differences between the sources. */
export interface SoccerBuild {
  readonly games: ReadonlyArray<Game>
  readonly teams: ReadonlyArray<Team>
  readonly skipped: ReadonlyArray<SkippedRow>
  readonly differences: ReadonlyArray<SourceDifference>
}

/** The game id of a match (see the module docs). */
export const soccerGameId = (league: string, season: number, date: string, home: string, away: string): string =>
  doubleRoundRobin.has(league) ? `${league}-${season}-${home}-${away}` : `${league}-${season}-${date}-${home}-${away}`

const keyOf = (m: { league: string; season: number; date: string; home: string; away: string }) =>
  soccerGameId(m.league, m.season, m.date, m.home, m.away)

const fmt = (g: Goals | null): string => (g === null ? "no score" : `${g.home}-${g.away}`)

/** Final score of an openfootball match: after extra time when played, else full time. */
const ofScore = (m: OpenfootballMatch): Goals | null => m.extraTime ?? m.fullTime

/** Phase 1: matches by key per source; a repeated key is skipped. */
const keyed = <
  M extends { file: string; line: number; league: string; season: number; date: string; home: string; away: string }
>(
  matches: ReadonlyArray<M>,
  skipped: Array<SkippedRow>
): Map<string, M> => {
  const out = new Map<string, M>()
  for (const m of matches) {
    const key = keyOf(m)
    const first = out.get(key)
    if (first !== undefined) {
      skipped.push({ file: m.file, line: m.line, reason: `same game as line ${first.line} (${key})` })
      continue
    }
    out.set(key, m)
  }
  return out
}

/** The preferred source of each league season: the one with more scored matches, football-datasets on a tie. */
const preferredSources = (
  of: ReadonlyMap<string, OpenfootballMatch>,
  ds: ReadonlyMap<string, DatasetsMatch>
): ReadonlyMap<string, typeof OPENFOOTBALL | typeof DATASETS> => {
  const counts = new Map<string, { of: number; ds: number }>()
  const bump = (league: string, season: number, which: "of" | "ds") => {
    const k = `${league}|${season}`
    const c = counts.get(k) ?? { of: 0, ds: 0 }
    counts.set(k, { ...c, [which]: c[which] + 1 })
  }
  for (const m of of.values()) if (ofScore(m) !== null) bump(m.league, m.season, "of")
  for (const m of ds.values()) if (m.fullTime !== null) bump(m.league, m.season, "ds")
  return new Map([...counts].map(([k, c]) => [k, c.of > c.ds ? OPENFOOTBALL : DATASETS]))
}

interface Merged {
  readonly id: string
  readonly league: string
  readonly season: number
  readonly date: string
  readonly home: string
  readonly away: string
  readonly score: Goals | null
  readonly of: OpenfootballMatch | undefined
  readonly ds: DatasetsMatch | undefined
  /** The source whose date (and score, when it has one) the game follows. */
  readonly follows: typeof OPENFOOTBALL | typeof DATASETS
}

/** The `league|season` keys a source has matches of. */
const seasonsOf = (matches: Iterable<{ league: string; season: number }>): ReadonlySet<string> => {
  const out = new Set<string>()
  for (const m of matches) out.add(`${m.league}|${m.season}`)
  return out
}

/** Phase 2: one merged record per key, and what the sources disagree on. */
const merge = (
  of: ReadonlyMap<string, OpenfootballMatch>,
  ds: ReadonlyMap<string, DatasetsMatch>,
  differences: Array<SourceDifference>
): ReadonlyArray<Merged> => {
  const preferred = preferredSources(of, ds)
  const held = { [OPENFOOTBALL]: seasonsOf(of.values()), [DATASETS]: seasonsOf(ds.values()) }
  const out: Array<Merged> = []
  for (const id of new Set([...of.keys(), ...ds.keys()])) {
    const o = of.get(id)
    const d = ds.get(id)
    const any = (o ?? d)!
    const season = `${any.league}|${any.season}`
    const note = (at: { file: string; line: number }, kind: DifferenceKind, reason: string) =>
      differences.push({ file: at.file, line: at.line, kind, reason, league: any.league, season: any.season })
    const base = { id, league: any.league, season: any.season, home: any.home, away: any.away, of: o, ds: d }
    if (o === undefined || d === undefined) {
      // a league season the other source does not hold at all (a missing file, MLS) is no difference
      const other = o === undefined ? OPENFOOTBALL : DATASETS
      if (held[other].has(season)) note(any, "one_source", `${id} is not in ${other}`)
      const follows = o === undefined ? DATASETS : OPENFOOTBALL
      out.push({ ...base, date: any.date, score: o === undefined ? d!.fullTime : ofScore(o), follows })
      continue
    }
    const oScore = ofScore(o)
    const dScore = d.fullTime
    const pref = preferred.get(season) ?? DATASETS
    const follows = oScore === null && dScore !== null
      ? DATASETS
      : dScore === null && oScore !== null
      ? OPENFOOTBALL
      : pref
    const [kept, other] = follows === DATASETS ? [d, o] : [o, d]
    const keptScore = follows === DATASETS ? dScore : oScore
    const otherScore = follows === DATASETS ? oScore : dScore
    if (keptScore !== null && otherScore === null) {
      note(other, "missing_score", `${id}: no score here; ${follows} has ${fmt(keptScore)} (line ${kept.line}), used`)
    } else if (
      keptScore !== null && otherScore !== null &&
      (keptScore.home !== otherScore.home || keptScore.away !== otherScore.away)
    ) {
      note(other, "score", `${id}: ${fmt(otherScore)} here, ${follows} has ${fmt(keptScore)} (line ${kept.line}), kept`)
    }
    if (kept.date !== other.date) {
      note(other, "date", `${id}: dated ${other.date} here, ${kept.date} in ${follows} (line ${kept.line}), used`)
    }
    out.push({ ...base, date: kept.date, score: keptScore, follows })
  }
  return out
}

const goalsAttr = (g: Goals | null) => (g === null ? undefined : { home: g.home, away: g.away })

/** Phase 3: the canonical game of a merged record. */
const toGame = (m: Merged, differences: Array<SourceDifference>): Game => {
  const o = m.of
  const d = m.ds
  const attributes: Record<string, unknown> = {
    sources: [o === undefined ? null : OPENFOOTBALL, d === undefined ? null : DATASETS].filter((s) => s !== null)
  }
  const set = (k: string, v: unknown) => {
    if (v !== undefined && v !== null) attributes[k] = v
  }
  if (o !== undefined) {
    set("round", o.round)
    if (o.date === m.date) {
      set("kickoff_local", o.time)
      set("status", o.status)
    }
    if (o.extraTime !== null) set("full_time", goalsAttr(o.fullTime))
    set("extra_time", goalsAttr(o.extraTime))
    if (o.penalties !== null) {
      if (o.penalties.home === o.penalties.away) {
        differences.push({
          file: o.file,
          line: o.line,
          kind: "penalties",
          league: m.league,
          season: m.season,
          reason: `${m.id}: penalty shoot-out ${fmt(o.penalties)} decides nothing; not stored`
        })
      } else set("penalties", goalsAttr(o.penalties))
    }
  }
  const halfTimes = m.follows === DATASETS ? [d?.halfTime, o?.halfTime] : [o?.halfTime, d?.halfTime]
  set("half_time", goalsAttr(halfTimes.find((h) => h !== undefined && h !== null) ?? null))
  if (d !== undefined) {
    set("referee", d.referee)
    attributes.team_stats = { home: d.homeStats, away: d.awayStats }
  }
  const awarded = Soccer.awardedResults.find((a) =>
    a.league === m.league && a.season === m.season && a.date === m.date && a.home === m.home && a.away === m.away
  )
  if (awarded !== undefined) {
    attributes.awarded = { home: awarded.awarded.home, away: awarded.awarded.away, decisions: awarded.decisions }
  }
  return {
    id: m.id,
    sport: "soccer",
    league: m.league,
    season: m.season,
    week: o?.week ?? null,
    season_type: o?.seasonType ?? "REG",
    game_date: m.date,
    start_time: null,
    state: m.score === null ? "scheduled" : "final",
    home_team: m.home,
    away_team: m.away,
    home_score: m.score?.home ?? null,
    away_score: m.score?.away ?? null,
    venue: null,
    attributes
  }
}

/** Phase 4: the team rows of the clubs in `games` (directory name, leagues, country, MLS conference). */
const teamsOf = (games: ReadonlyArray<Game>): ReadonlyArray<Team> => {
  const seen = new Set(games.flatMap((g) => [g.home_team, g.away_team]))
  return Soccer.soccerTeams
    .filter((t) => seen.has(t.abbr))
    .map((t) => ({
      sport: "soccer" as const,
      abbr: t.abbr,
      name: t.name,
      conference: t.conference,
      division: t.division,
      external_id: null,
      attributes: { leagues: [...t.leagues], country: t.country }
    }))
    .sort((a, b) => (a.abbr < b.abbr ? -1 : a.abbr > b.abbr ? 1 : 0))
}

/** Builds the canonical soccer rows from parsed inputs (see the module doc for every rule). */
export const buildSoccer = (input: SoccerInputs): SoccerBuild => {
  const skipped: Array<SkippedRow> = []
  const differences: Array<SourceDifference> = []
  const of = keyed(input.openfootball, skipped)
  const ds = keyed(input.datasets, skipped)
  const games = merge(of, ds, differences)
    .map((m) => toGame(m, differences))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return { games, teams: teamsOf(games), skipped, differences }
}
