/**
 * Builds the canonical tennis rows from the parsed source records (Sources.ts): athletes,
 * ranking rows, matches (events) and their two entries each, in named pure phases:
 * - `names` links the odds files' and the February 2026 list's names to Sackmann ids (below);
 * - `oddsMatches` and `sackmannMatches` make the matches and entries of each source;
 * - `athletes` makes every Sackmann player with evidence, and every name of its own;
 * - `rankings` makes the 2024 weekly lists' rows and the February 2026 list's.
 *
 * Ids:
 * - a Sackmann player is `svc_tennis_<tour>-<sackmann id>` (the tour first: ATP and WTA ids
 *   overlap);
 * - a match of 2022-2024 is `<tour>-<tourney_id>-<match_num>`; a match of the odds files is
 *   `<tour>-<date>-<tournament number>-<winner key>-<loser key>`.
 *
 * Linking (phase `names`) the odds files' "Surname I." names (and the February 2026 list's full names) to
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
import { pushTo } from "../TeamRows.js"
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

/** Builds every canonical tennis row (see the module documentation), phase after phase. Pure. */
export const buildTennis = (input: TennisInput): TennisBuilt => {
  const links = namesPhase(input)
  const odds = oddsMatchesPhase(input.oddsMatches, links.oddsIds)
  const sackmann = sackmannMatchesPhase(input.matches, odds.events)
  const athletes = athletesPhase(input.players, input.matches, links)
  const rankings = rankingsPhase(input.rankings, input.currentRankings, links.currentIds, athletes)
  return {
    athletes: Array.from(athletes.values()),
    rankings: rankings.rankings,
    events: [...odds.events.values(), ...sackmann.events.values()],
    entries: [...odds.entries, ...sackmann.entries],
    skipped: [...odds.skipped, ...sackmann.skipped],
    skippedRankings: rankings.skipped,
    linked: links.linked,
    unlinked: Array.from(links.unlinked).sort()
  }
}

// ---------------------------------------------------------------------------------------------
// names
// ---------------------------------------------------------------------------------------------

/** What phase `names` found: the id of every name, the rule that linked each Sackmann player, the evidence. */
export interface NameLinks {
  /** The athlete id of each February 2026 list name, by `<tour>|<name>`. */
  readonly currentIds: ReadonlyMap<string, string>
  /** The athlete id of each odds-file name, by `<tour>|<name>`. */
  readonly oddsIds: ReadonlyMap<string, string>
  /** The rule that first linked a Sackmann player (`<tour>-<id>`): `name` or `name_and_ranking`. */
  readonly linkedBy: ReadonlyMap<string, string>
  /**
   * The Sackmann players (`<tour>-<id>`) with ranking evidence: a 2024 weekly list, a 2022-2024
   * match, or a linked name; in the order found.
   */
  readonly evidence: ReadonlySet<string>
  /** The athletes of the names no Sackmann player was linked to, each with an id of its own, in the order met. */
  readonly ownIds: ReadonlyMap<string, Athlete>
  /** Names linked (each February 2026 row, each distinct odds-file name). */
  readonly linked: number
  /** The names left unlinked, `<tour>: <name>`, in the order met. */
  readonly unlinked: ReadonlySet<string>
}

/**
 * Phase `names`. Inputs: the Sackmann players, matches and 2024 weekly lists (the candidates and
 * their evidence), the February 2026 lists (bettormanpicks `tennis_<tour>_rankings_current.csv`,
 * full names) and the odds files' matches (`tennis_<tour>_matches_odds_<season>.csv`, "Surname I."
 * names). Output: {@link NameLinks}. Applies the linking rules 1-5 of the module doc: the February
 * 2026 list first (its linked players become evidence for the odds names), then each odds-file
 * name in match order, winner first; a name never linked by guess keeps an id of its own.
 */
export const namesPhase = (
  input: Pick<TennisInput, "players" | "matches" | "rankings" | "currentRankings" | "oddsMatches">
): NameLinks => {
  const playersById = new Map<string, SackmannPlayer>()
  for (const p of input.players) playersById.set(`${p.tour}-${p.id}`, p)

  // ranking evidence: 2024 lists and 2022-2024 matches
  const evidence = new Set<string>()
  for (const r of input.rankings) evidence.add(`${r.tour}-${r.playerId}`)
  for (const m of input.matches) {
    evidence.add(`${m.tour}-${m.winner.id}`)
    evidence.add(`${m.tour}-${m.loser.id}`)
  }

  // name indexes of the Sackmann players
  const bySurnameInitial = new Map<string, Array<string>>()
  const byFullName = new Map<string, Array<string>>()
  for (const [key, p] of playersById) {
    if (p.last !== null && p.first !== null) {
      pushTo(bySurnameInitial, `${p.tour}|${compactKey(p.last)}|${compactKey(p.first).slice(0, 1)}`, key)
    }
    pushTo(byFullName, `${p.tour}|${compactKey(fullName(p))}`, key)
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

  const ownIds = new Map<string, Athlete>()
  const linkedBy = new Map<string, string>()
  const unlinked = new Set<string>()
  let linked = 0

  // The February 2026 list first: its linked players become ranking evidence for the odds names.
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
      ownIds.set(id, {
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
  const linkOddsName = (tour: Tour, name: string): void => {
    if (oddsIds.has(`${tour}|${name}`)) return
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
      ownIds.set(id, {
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
  }
  for (const m of input.oddsMatches) {
    linkOddsName(m.tour, m.winner.name)
    linkOddsName(m.tour, m.loser.name)
  }

  return { currentIds, oddsIds, linkedBy, evidence, ownIds, linked, unlinked }
}

// ---------------------------------------------------------------------------------------------
// matches
// ---------------------------------------------------------------------------------------------

/** The matches of one source, by event id, their entries (winner, then loser) and the repeated matches skipped. */
export interface Matches {
  readonly events: ReadonlyMap<string, SportEvent>
  readonly entries: ReadonlyArray<EventEntry>
  readonly skipped: ReadonlyArray<SkippedRow>
}

/** One side of a match: the athlete id, the name the source writes and the entry's stats. */
interface Side {
  readonly athleteId: string
  readonly name: string
  readonly stats: Record<string, number | null>
}

/** What a source says of one match: the event's facts (its attributes named as stored) and both sides. */
interface MatchFacts {
  readonly league: Tour
  readonly season: number
  readonly tournament: string
  readonly startDate: string
  readonly venue: string | null
  readonly attributes: {
    readonly source: string
    readonly date_precision: Tennis.DatePrecision
    readonly tournament_id: string
    readonly level: string | null
    readonly court: string | null
    readonly surface: string | null
    readonly round: string | null
    readonly best_of: number | null
    readonly score: string | null
    readonly outcome: string
    readonly minutes: number | null
  }
  readonly winner: Side
  readonly loser: Side
}

/** The entry of one side of a match: position 1 and `won` for the winner, 2 and `lost` for the loser. */
const entry = (eventId: string, side: Side, won: boolean): EventEntry => ({
  id: `${eventId}:${side.athleteId}`,
  sport: "tennis",
  event_id: eventId,
  participant_id: side.athleteId,
  participant_name: side.name,
  team: null,
  position: won ? 1 : 2,
  status: won ? "won" : "lost",
  score: null,
  stats: sortKeys(side.stats)
})

/**
 * The events and entries of one source's matches: `idOf` names each match, `factsOf` describes
 * it; a match whose id is `taken` or met before is skipped as a repeat.
 */
const matchRows = <M extends { readonly file: string; readonly line: number }>(
  rows: ReadonlyArray<M>,
  taken: ReadonlyMap<string, SportEvent>,
  idOf: (m: M) => string,
  factsOf: (m: M) => MatchFacts
): Matches => {
  const events = new Map<string, SportEvent>()
  const entries: Array<EventEntry> = []
  const skipped: Array<SkippedRow> = []
  for (const m of rows) {
    const id = idOf(m)
    if (taken.has(id) || events.has(id)) {
      skipped.push({ file: m.file, line: m.line, reason: `the same match appears twice (${id})` })
      continue
    }
    const f = factsOf(m)
    events.set(id, {
      id,
      sport: "tennis",
      league: f.league,
      season: f.season,
      name: f.tournament,
      start_date: f.startDate,
      end_date: null,
      state: "final",
      venue: f.venue,
      attributes: sortKeys({ ...f.attributes, tournament: f.tournament })
    })
    entries.push(entry(id, f.winner, true))
    entries.push(entry(id, f.loser, false))
  }
  return { events, entries, skipped }
}

/**
 * Phase `oddsMatches`. Inputs: the odds files' matches (tennis-data.co.uk via bettormanpicks, 2025
 * to February 2026) and the athlete id of each name (phase `names`). Output: one event per match
 * ({@link oddsMatchId}, dated the match day: `date_precision` day; rounds named by
 * `Tennis.ODDS_ROUNDS`), its two entries (rank, points, sets won, average and Pinnacle odds), and
 * a match listed twice reported in `skipped`.
 */
export const oddsMatchesPhase = (
  oddsMatches: ReadonlyArray<OddsMatch>,
  oddsIds: ReadonlyMap<string, string>
): Matches => {
  const side = (m: OddsMatch, s: OddsMatch["winner"]): Side => ({
    athleteId: oddsIds.get(`${m.tour}|${s.name}`)!,
    name: s.name,
    stats: {
      rank: s.rank,
      rank_points: s.points,
      sets_won: s.sets,
      odds_avg: s.odds["avg"] ?? null,
      odds_pinnacle: s.odds["pinnacle"] ?? null
    }
  })
  return matchRows(oddsMatches, new Map(), oddsMatchId, (m) => ({
    league: m.tour,
    season: m.season,
    tournament: m.tournament,
    startDate: m.date,
    venue: m.location,
    attributes: {
      source: "tennis-data",
      date_precision: "day",
      tournament_id: `${m.tour}-${m.season}-${m.tournamentNo}`,
      level: m.series,
      court: m.court,
      surface: m.surface,
      round: Tennis.ODDS_ROUNDS[m.round] ?? m.round,
      best_of: m.bestOf,
      score: m.games.map(([a, b]) => `${a}-${b}`).join(" ") || null,
      outcome: outcomeOf(m.comment),
      minutes: null
    },
    winner: side(m, m.winner),
    loser: side(m, m.loser)
  }))
}

/**
 * Phase `sackmannMatches`. Inputs: the Sackmann 2022-2024 matches (`<tour>_matches_<year>.csv`)
 * and the events already made (a match id met again is skipped). Output: one event per match
 * (`<tour>-<tourney_id>-<match_num>`, dated the tournament's start: `date_precision`
 * tournament_week), its two entries (rank, points, seed, age and serve statistics) under the
 * Sackmann ids, and the repeated matches in `skipped`.
 */
export const sackmannMatchesPhase = (
  matches: ReadonlyArray<SackmannMatch>,
  taken: ReadonlyMap<string, SportEvent>
): Matches => {
  const side = (m: SackmannMatch, s: SackmannMatch["winner"]): Side => ({
    athleteId: sackmannAthleteId(m.tour, s.id),
    name: s.name,
    stats: { rank: s.rank, rank_points: s.rankPoints, seed: s.seed, age: s.age, ...s.stats }
  })
  return matchRows(matches, taken, (m) => `${m.tour}-${m.tourneyId}-${m.matchNum}`, (m) => ({
    league: m.tour,
    season: Number(m.tourneyDate.slice(0, 4)),
    tournament: m.tourneyName,
    startDate: m.tourneyDate,
    venue: null,
    attributes: {
      source: "sackmann",
      date_precision: "tournament_week",
      tournament_id: `${m.tour}-${m.tourneyId}`,
      level: m.level,
      court: null,
      surface: m.surface,
      round: m.round,
      best_of: m.bestOf,
      score: m.score,
      outcome: outcomeOf(m.score),
      minutes: m.minutes
    },
    winner: side(m, m.winner),
    loser: side(m, m.loser)
  }))
}

// ---------------------------------------------------------------------------------------------
// athletes
// ---------------------------------------------------------------------------------------------

/**
 * Phase `athletes`. Inputs: the Sackmann players (`<tour>_players.csv`) and matches, and phase
 * `names`'s links. Output: by id, the names with an id of their own (first), every Sackmann player
 * with evidence (a match, a 2024 ranking, a linked name; `linked_by` the rule that linked him, null
 * when none was needed), and each player a match names whom the players file lacks (with the
 * match's name, hand, height and country).
 */
export const athletesPhase = (
  players: ReadonlyArray<SackmannPlayer>,
  matches: ReadonlyArray<SackmannMatch>,
  links: NameLinks
): ReadonlyMap<string, Athlete> => {
  const playersById = new Map<string, SackmannPlayer>()
  for (const p of players) playersById.set(`${p.tour}-${p.id}`, p)
  const athletes = new Map(links.ownIds)
  for (const key of links.evidence) {
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
        linked_by: links.linkedBy.get(key) ?? null
      })
    })
  }
  // a match or ranking naming an id the players file lacks: keep the name the match gives
  for (const m of matches) {
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
  return athletes
}

// ---------------------------------------------------------------------------------------------
// rankings
// ---------------------------------------------------------------------------------------------

/**
 * Phase `rankings`. Inputs: the Sackmann 2024 weekly lists (`<tour>_rankings_current.csv`), the
 * February 2026 lists, the athlete id of each February name (phase `names`) and the athletes.
 * Output: one row per `<tour>:<date>:<rank>:<athlete>` (the February list dated
 * {@link CURRENT_LIST_DATE}); a 2024 row naming a player the players file lacks is skipped.
 */
export const rankingsPhase = (
  rankings: ReadonlyArray<SackmannRanking>,
  currentRankings: ReadonlyArray<CurrentRanking>,
  currentIds: ReadonlyMap<string, string>,
  athletes: ReadonlyMap<string, Athlete>
): { readonly rankings: ReadonlyArray<AthleteRanking>; readonly skipped: ReadonlyArray<SkippedRow> } => {
  const rows = new Map<string, AthleteRanking>()
  const skipped: Array<SkippedRow> = []
  const put = (league: Tour, date: string, rank: number, athleteId: string, points: number | null) => {
    const id = `${league}:${date}:${rank}:${athleteId}`
    rows.set(id, { id, sport: "tennis", league, ranking_date: date, rank, athlete_id: athleteId, points })
  }
  for (const r of rankings) {
    const athleteId = sackmannAthleteId(r.tour, r.playerId)
    if (!athletes.has(athleteId)) {
      skipped.push({ file: r.file, line: r.line, reason: `player ${r.playerId} is not in the players file` })
      continue
    }
    put(r.tour, r.date, r.rank, athleteId, r.points)
  }
  for (const r of currentRankings) {
    put(r.tour, CURRENT_LIST_DATE, r.rank, currentIds.get(`${r.tour}|${r.name}`)!, r.points)
  }
  return { rankings: Array.from(rows.values()), skipped }
}
