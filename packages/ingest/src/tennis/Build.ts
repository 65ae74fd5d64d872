/**
 * Builds the canonical tennis rows from the parsed source records (Sources.ts): athletes,
 * ranking rows, matches (events) and their two entries each.
 *
 * Ids:
 * - a Sackmann player is `svc_tennis_<tour>-<sackmann id>` (the tour first: ATP and WTA ids
 *   overlap);
 * - a match of 2022-2024 is `<tour>-<tourney_id>-<match_num>`; a match of the odds files is
 *   `<tour>-<date>-<tournament number>-<winner key>-<loser key>`.
 *
 * Linking the odds files' "Surname I." names (and the February 2026 list's full names) to
 * Sackmann ids, never by guess:
 * 1. candidates: the tour's Sackmann players whose surname (letters only, accents and case
 *    ignored) and first initial are the name's;
 * 2. one candidate: linked (`linked_by: "name"`);
 * 3. several: those with ranking evidence (a place in a 2024 weekly list or the February 2026
 *    list, or a 2022-2024 tour-level match); exactly one: linked (`linked_by: "name_and_ranking"`);
 * 4. still several: the one whose best place in the 2024 lists is within a factor of
 *    {@link RANK_FACTOR} of the name's best rank in its own source (the odds files' WRank / LRank,
 *    the February 2026 list's rank), when exactly one is (`linked_by: "name_and_ranking"`);
 * 5. otherwise the name keeps an id of its own, `<tour>-n-<surname key>-<initials>` (or the full
 *    name's key for the February 2026 list), and is counted as unlinked.
 * @module
 */
import type { Athlete, AthleteRanking, EventEntry, SportEvent } from "@sports-data/domain"
import { canonicalPlayerId, slugOf, Tennis } from "@sports-data/domain"
import { compactKey } from "../Names.js"
import type { SkippedRow } from "../Report.js"
import { sortKeys } from "../Rows.js"
import type { CurrentRanking, OddsMatch, SackmannMatch, SackmannPlayer, SackmannRanking, Tour } from "./Sources.js"

/**
 * The date of the February 2026 ranking list: the file carries none; this is the date of the
 * source snapshot (bettormanpicks_bmp_app commit of 2026-02-22, PROVENANCE.md).
 */
export const CURRENT_LIST_DATE = "2026-02-22"

/**
 * How far apart (as a ratio) two ranks of one player may be and still count as ranking evidence
 * that two names are one player: a player ranked 40 in the odds file matches a candidate whose
 * best 2024 rank is 14 to 120. Chosen so that namesakes a few hundred places apart are told
 * apart (Brandon and Bryce Nakashima) while a year's normal movement is allowed.
 */
export const RANK_FACTOR = 3

/** A hyphenated slug of a name for ids ("Auger-Aliassime F." -> "auger-aliassime-f"). */
const slug = (text: string): string => slugOf(text)

/** The event id of a match of the odds files: `<tour>-<date>-<tournament number>-<winner key>-<loser key>`. */
export const oddsMatchId = (m: OddsMatch): string =>
  `${m.tour}-${m.date}-${m.tournamentNo}-${slug(m.winner.name)}-${slug(m.loser.name)}`

/**
 * A "Surname I." name split into surname and initials ("Auger-Aliassime F." -> Auger-Aliassime /
 * F; "Cerundolo J.M." -> Cerundolo / J.M.; "Blanch Dar." -> Blanch / Dar.), or undefined when it
 * ends in no initials.
 */
export const splitOddsName = (name: string): { readonly surname: string; readonly initials: string } | undefined => {
  const m = /^(.+?)\s+((?:[A-Z][a-z]{0,2}\.[\s-]?)+)$/.exec(name.trim())
  return m === null ? undefined : { surname: m[1]!, initials: m[2]! }
}

/** The canonical athlete id of a Sackmann player of `tour`. */
export const sackmannAthleteId = (tour: Tour, id: string): string => canonicalPlayerId("tennis", `${tour}-${id}`)

const fullName = (p: SackmannPlayer): string => [p.first, p.last].filter((x) => x !== null).join(" ")

/** What {@link buildTennis} reads. */
export interface TennisInput {
  readonly players: ReadonlyArray<SackmannPlayer>
  readonly matches: ReadonlyArray<SackmannMatch>
  readonly rankings: ReadonlyArray<SackmannRanking>
  readonly oddsMatches: ReadonlyArray<OddsMatch>
  readonly currentRankings: ReadonlyArray<CurrentRanking>
}

/** What {@link buildTennis} makes, with the rows it rejected and the names it could not link. */
export interface TennisBuilt {
  readonly athletes: ReadonlyArray<Athlete>
  readonly rankings: ReadonlyArray<AthleteRanking>
  readonly events: ReadonlyArray<SportEvent>
  readonly entries: ReadonlyArray<EventEntry>
  readonly skipped: ReadonlyArray<SkippedRow>
  /** Ranking rows naming a player id the players file lacks (no name to show). */
  readonly skippedRankings: ReadonlyArray<SkippedRow>
  /** Names of the odds files and the February 2026 list linked to a Sackmann id, and not. */
  readonly linked: number
  readonly unlinked: ReadonlyArray<string>
}

/** A match outcome from a Sackmann score or an odds-file comment. */
const outcomeOf = (text: string | null): string => {
  const t = (text ?? "").toLowerCase()
  if (t.includes("w/o") || t.includes("walkover")) return "walkover"
  if (t.includes("ret")) return "retired"
  if (t.includes("def")) return "default"
  return "completed"
}

/** Builds every canonical tennis row (see the module documentation). Pure. */
export const buildTennis = (input: TennisInput): TennisBuilt => {
  const skipped: Array<SkippedRow> = []
  const playersById = new Map<string, SackmannPlayer>()
  for (const p of input.players) playersById.set(`${p.tour}-${p.id}`, p)

  // --- ranking evidence: 2024 lists and 2022-2024 matches ---
  const evidence = new Set<string>()
  for (const r of input.rankings) evidence.add(`${r.tour}-${r.playerId}`)
  for (const m of input.matches) {
    evidence.add(`${m.tour}-${m.winner.id}`)
    evidence.add(`${m.tour}-${m.loser.id}`)
  }

  // --- name indexes of the Sackmann players ---
  const bySurnameInitial = new Map<string, Array<string>>()
  const byFullName = new Map<string, Array<string>>()
  const push = (m: Map<string, Array<string>>, k: string, v: string) => {
    const list = m.get(k)
    if (list === undefined) m.set(k, [v])
    else list.push(v)
  }
  for (const [key, p] of playersById) {
    if (p.last !== null && p.first !== null) {
      push(bySurnameInitial, `${p.tour}|${compactKey(p.last)}|${compactKey(p.first).slice(0, 1)}`, key)
    }
    push(byFullName, `${p.tour}|${compactKey(fullName(p))}`, key)
  }

  // best (lowest) rank of each player in the 2024 lists
  const bestRank = new Map<string, number>()
  for (const r of input.rankings) {
    const key = `${r.tour}-${r.playerId}`
    const best = bestRank.get(key)
    if (best === undefined || r.rank < best) bestRank.set(key, r.rank)
  }

  /** Resolves candidates with the rules of the module documentation; `rank`: the name's best rank in its source. */
  const choose = (
    candidates: ReadonlyArray<string>,
    rank: number | undefined
  ): { key: string; by: string } | undefined => {
    if (candidates.length === 1) return { key: candidates[0]!, by: "name" }
    const withEvidence = candidates.filter((c) => evidence.has(c))
    if (withEvidence.length === 1) return { key: withEvidence[0]!, by: "name_and_ranking" }
    if (rank === undefined) return undefined
    const pool = withEvidence.length > 0 ? withEvidence : candidates
    const close = pool.filter((c) => {
      const best = bestRank.get(c)
      return best !== undefined && best <= rank * RANK_FACTOR && rank <= best * RANK_FACTOR
    })
    return close.length === 1 ? { key: close[0]!, by: "name_and_ranking" } : undefined
  }

  // best rank of each odds-file name over its matches
  const oddsRank = new Map<string, number>()
  for (const m of input.oddsMatches) {
    for (const s of [m.winner, m.loser]) {
      const key = `${m.tour}|${s.name}`
      const best = oddsRank.get(key)
      if (s.rank !== null && (best === undefined || s.rank < best)) oddsRank.set(key, s.rank)
    }
  }

  // The February 2026 list first: its linked players become ranking evidence for the odds names.
  const athletes = new Map<string, Athlete>()
  const linkedBy = new Map<string, string>()
  const unlinked = new Set<string>()
  let linked = 0
  const currentIds = new Map<string, string>()
  for (const r of input.currentRankings) {
    const found = choose(byFullName.get(`${r.tour}|${compactKey(r.name)}`) ?? [], r.rank)
    if (found !== undefined) {
      linked++
      evidence.add(found.key)
      linkedBy.set(found.key, found.by)
      currentIds.set(`${r.tour}|${r.name}`, sackmannAthleteId(r.tour, found.key.slice(4)))
    } else {
      unlinked.add(`${r.tour}: ${r.name}`)
      const id = canonicalPlayerId("tennis", `${r.tour}-n-${slug(r.name)}`)
      currentIds.set(`${r.tour}|${r.name}`, id)
      athletes.set(id, {
        id,
        sport: "tennis",
        league: r.tour,
        name: r.name,
        first_name: null,
        last_name: null,
        country: r.country,
        birth_date: null,
        attributes: { linked_by: null }
      })
    }
  }

  const oddsIds = new Map<string, string>()
  const oddsId = (tour: Tour, name: string): string => {
    const cached = oddsIds.get(`${tour}|${name}`)
    if (cached !== undefined) return cached
    const split = splitOddsName(name)
    const found = split === undefined
      ? undefined
      : choose(
        bySurnameInitial.get(`${tour}|${compactKey(split.surname)}|${compactKey(split.initials).slice(0, 1)}`) ?? [],
        oddsRank.get(`${tour}|${name}`)
      )
    let id: string
    if (found !== undefined) {
      linked++
      if (!linkedBy.has(found.key)) linkedBy.set(found.key, found.by)
      evidence.add(found.key)
      id = sackmannAthleteId(tour, found.key.slice(4))
    } else {
      unlinked.add(`${tour}: ${name}`)
      id = canonicalPlayerId("tennis", `${tour}-n-${slug(name)}`)
      athletes.set(id, {
        id,
        sport: "tennis",
        league: tour,
        name,
        first_name: null,
        last_name: split?.surname ?? null,
        country: null,
        birth_date: null,
        attributes: { linked_by: null }
      })
    }
    oddsIds.set(`${tour}|${name}`, id)
    return id
  }

  // --- matches of the odds files ---
  const events = new Map<string, SportEvent>()
  const entries: Array<EventEntry> = []
  const entry = (
    eventId: string,
    athleteId: string,
    name: string,
    won: boolean,
    stats: Record<string, number | null>
  ): EventEntry => ({
    id: `${eventId}:${athleteId}`,
    sport: "tennis",
    event_id: eventId,
    participant_id: athleteId,
    participant_name: name,
    team: null,
    position: won ? 1 : 2,
    status: won ? "won" : "lost",
    score: null,
    stats: sortKeys(stats)
  })

  for (const m of input.oddsMatches) {
    const w = oddsId(m.tour, m.winner.name)
    const l = oddsId(m.tour, m.loser.name)
    const id = oddsMatchId(m)
    if (events.has(id)) {
      skipped.push({ file: m.file, line: m.line, reason: `the same match appears twice (${id})` })
      continue
    }
    const round = Tennis.ODDS_ROUNDS[m.round] ?? m.round
    events.set(id, {
      id,
      sport: "tennis",
      league: m.tour,
      season: m.season,
      name: m.tournament,
      start_date: m.date,
      end_date: null,
      state: "final",
      venue: m.location,
      attributes: sortKeys({
        source: "tennis-data",
        date_precision: "day" satisfies Tennis.DatePrecision,
        tournament_id: `${m.tour}-${m.season}-${m.tournamentNo}`,
        tournament: m.tournament,
        level: m.series,
        court: m.court,
        surface: m.surface,
        round,
        best_of: m.bestOf,
        score: m.games.map(([a, b]) => `${a}-${b}`).join(" ") || null,
        outcome: outcomeOf(m.comment),
        minutes: null
      })
    })
    const sideStats = (s: OddsMatch["winner"]) => ({
      rank: s.rank,
      rank_points: s.points,
      sets_won: s.sets,
      odds_avg: s.odds["avg"] ?? null,
      odds_pinnacle: s.odds["pinnacle"] ?? null
    })
    entries.push(entry(id, w, m.winner.name, true, sideStats(m.winner)))
    entries.push(entry(id, l, m.loser.name, false, sideStats(m.loser)))
  }

  // --- matches of 2022-2024 ---
  for (const m of input.matches) {
    const id = `${m.tour}-${m.tourneyId}-${m.matchNum}`
    if (events.has(id)) {
      skipped.push({ file: m.file, line: m.line, reason: `the same match appears twice (${id})` })
      continue
    }
    events.set(id, {
      id,
      sport: "tennis",
      league: m.tour,
      season: Number(m.tourneyDate.slice(0, 4)),
      name: m.tourneyName,
      start_date: m.tourneyDate,
      end_date: null,
      state: "final",
      venue: null,
      attributes: sortKeys({
        source: "sackmann",
        date_precision: "tournament_week" satisfies Tennis.DatePrecision,
        tournament_id: `${m.tour}-${m.tourneyId}`,
        tournament: m.tourneyName,
        level: m.level,
        court: null,
        surface: m.surface,
        round: m.round,
        best_of: m.bestOf,
        score: m.score,
        outcome: outcomeOf(m.score),
        minutes: m.minutes
      })
    })
    const sideStats = (s: SackmannMatch["winner"]) => ({
      rank: s.rank,
      rank_points: s.rankPoints,
      seed: s.seed,
      age: s.age,
      ...s.stats
    })
    entries.push(entry(id, sackmannAthleteId(m.tour, m.winner.id), m.winner.name, true, sideStats(m.winner)))
    entries.push(entry(id, sackmannAthleteId(m.tour, m.loser.id), m.loser.name, false, sideStats(m.loser)))
  }

  // --- athletes: every Sackmann player with evidence (a match, a ranking, a linked name) ---
  for (const key of evidence) {
    const p = playersById.get(key)
    if (p === undefined) continue
    const id = sackmannAthleteId(p.tour, p.id)
    athletes.set(id, {
      id,
      sport: "tennis",
      league: p.tour,
      name: fullName(p),
      first_name: p.first,
      last_name: p.last,
      country: p.country,
      birth_date: p.birthDate,
      attributes: sortKeys({
        hand: p.hand,
        height_cm: p.heightCm,
        wikidata_id: p.wikidata,
        sackmann_id: p.id,
        linked_by: linkedBy.get(key) ?? null
      })
    })
  }
  // a match or ranking naming an id the players file lacks: keep the name the match gives
  for (const m of input.matches) {
    for (const s of [m.winner, m.loser]) {
      const id = sackmannAthleteId(m.tour, s.id)
      if (!athletes.has(id)) {
        athletes.set(id, {
          id,
          sport: "tennis",
          league: m.tour,
          name: s.name,
          first_name: null,
          last_name: null,
          country: s.country,
          birth_date: null,
          attributes: sortKeys({
            hand: s.hand,
            height_cm: s.heightCm,
            wikidata_id: null,
            sackmann_id: s.id,
            linked_by: null
          })
        })
      }
    }
  }

  // --- rankings ---
  const rankings = new Map<string, AthleteRanking>()
  const skippedRankings: Array<SkippedRow> = []
  for (const r of input.rankings) {
    const athleteId = sackmannAthleteId(r.tour, r.playerId)
    if (!athletes.has(athleteId)) {
      skippedRankings.push({ file: r.file, line: r.line, reason: `player ${r.playerId} is not in the players file` })
      continue
    }
    const id = `${r.tour}:${r.date}:${r.rank}:${athleteId}`
    rankings.set(id, {
      id,
      sport: "tennis",
      league: r.tour,
      ranking_date: r.date,
      rank: r.rank,
      athlete_id: athleteId,
      points: r.points
    })
  }
  for (const r of input.currentRankings) {
    const athleteId = currentIds.get(`${r.tour}|${r.name}`)!
    const id = `${r.tour}:${CURRENT_LIST_DATE}:${r.rank}:${athleteId}`
    rankings.set(id, {
      id,
      sport: "tennis",
      league: r.tour,
      ranking_date: CURRENT_LIST_DATE,
      rank: r.rank,
      athlete_id: athleteId,
      points: r.points
    })
  }

  return {
    athletes: Array.from(athletes.values()),
    rankings: Array.from(rankings.values()),
    events: Array.from(events.values()),
    entries,
    skipped,
    skippedRankings,
    linked,
    unlinked: Array.from(unlinked).sort()
  }
}
