/**
 * Joins the parsed MLB source records into canonical games, stat lines and players. Pure (the
 * ingest day is an input): the same inputs give the same rows, sorted by id.
 *
 * ## Ids (the Retrosheet game link is phase `links`)
 * - Player: `svc_mlb_<MLBAM person id>` (register `key_mlbam`); `platform_ids` carries every
 *   cross id of the register row: mlbam, retro, bbref, bbref_minors, fangraphs, npb, chadwick
 *   (`key_person`), wikidata, sr_nfl, sr_nba, sr_nhl. Retrosheet ids are turned into MLBAM ids
 *   through the register (`key_retro`).
 * - Game: the MLBAM `game_pk`. A Retrosheet game (`BAL202403280`) gets its game_pk from the
 *   derived crosswalk when listed there, else by matching the schedule on date, the two clubs
 *   and the final score (home and away as listed, or swapped: MLB lists some makeup games with
 *   the visitors as home), else on date and clubs when only one game_pk has them. A Retrosheet
 *   game that matches no game_pk, or several (a doubleheader with equal scores), is reported
 *   and its records are not linked.
 * - Stat line: `<player id>:<game_pk>`.
 *
 * ## Games (phases `schedule`, `retroGames`, `links`, `games`)
 * Every schedule game between two of the 30 clubs (spring training against college or foreign
 * teams and the All-Star Game are left out), de-duplicated on game_pk (the row with a final
 * score wins; otherwise the latest listed date; earlier dates are kept in
 * `attributes.listed_dates`). Scores from the schedule, or from Retrosheet when the schedule
 * lacks them. `season_type`: Retrosheet's season phase when the game is in Retrosheet (R ->
 * REG; D, F, L, W -> POST), else by the season calendar (PRE spring training, REG, POST).
 * `state`:
 * - `final`: the game has a final score (or the schedule says FINISHED);
 * - `completed`: final, but suspended and completed on a later date (Retrosheet gameinfo
 *   `suspend`, 2024 only);
 * - `postponed`: listed without a result and its date is before the ingest day (postponed or
 *   cancelled and never played under this game_pk);
 * - `scheduled`: listed without a result, dated the ingest day or later.
 * `pre_game` and `in_progress` are live states no historical file has.
 * Retrosheet team game logs add hits, errors and runners left on base per side; 2024 gameinfo
 * adds the local start time (park time, no zone), attendance and duration.
 *
 * ## Stat lines (phase `lines`)
 * Per-pitcher game lines of Retrosheet `<year>pitching.csv` (2024): outs, H, ER, BB, K, W, L,
 * SV, GS and quality start (`pitching_qs`: a start of 18+ outs and at most 3 ER). Holds are not
 * a Retrosheet statistic (`pitching_hld` null). Batting fields stay null: no per-batter game
 * lines exist in these datasets. When retrosplits `playing-<year>.csv` files are present, their
 * lines add batting (and pitching where the pitching file lacks the line), merged by (player,
 * game_pk); the pitching file's values win for pitching keys.
 * `fantasy_points`: Sports.score("mlb", stats, position) (FanDuel); `position` of a line is SP
 * or RP for a pitcher, else the fielding position played (C, 1B, 2B, 3B, SS, OF), DH, PH or PR.
 *
 * ## Players (phase `players`)
 * Register people with an MLBAM id who played in MLB (`mlb_played_first` present) or who have a
 * stat line here. `status`: `active` when the register's last MLB season is at least the newest
 * regular season in the games (or he has a line or a start in it), else `inactive`; no injury
 * data exists for MLB here, so never `injured`. `team`: the club of his most recent appearance
 * (stat line, 2024 Retrosheet appearance list, or start as the schedule's starting pitcher), null
 * when inactive. `position`: SP when he started 5+ regular-season games in the newest season
 * with starting pitchers; else the position with the most games in the Retrosheet appearance
 * lists (SP or RP by starts vs relief games, C, 1B, 2B, 3B, SS, OF, DH), or in the playing
 * lines; else SP when he started any regular-season or postseason game; else null.
 * @module
 */
import type { Game, Player, StatLine } from "@sports-data/domain"
import type { SkippedRow } from "../Report.js"
import { byId, nullStats, pushTo, scoredLine, type TeamBuild } from "../TeamRows.js"
import { seasonTypeByCalendar } from "./Calendar.js"
import type {
  AppearanceRow,
  CrosswalkRow,
  GameInfoRow,
  RegisterPerson,
  RetroLine,
  RetroPhase,
  RetroTeamRow,
  ScheduleRow
} from "./Sources.js"

/** Parsed inputs, each list in file order. `today` is the ingest day, `YYYY-MM-DD` (UTC). */
export interface MlbInputs {
  readonly people: ReadonlyArray<RegisterPerson>
  readonly schedule: ReadonlyArray<ScheduleRow>
  readonly retroTeams: ReadonlyArray<RetroTeamRow>
  readonly crosswalk: ReadonlyArray<CrosswalkRow>
  readonly gameInfo: ReadonlyArray<GameInfoRow>
  readonly pitching: ReadonlyArray<RetroLine>
  readonly playing: ReadonlyArray<RetroLine>
  readonly appearances: ReadonlyArray<AppearanceRow>
  readonly today: string
}

/** Canonical rows and the records that could not be joined (reported, not written). */
export type MlbBuild = TeamBuild

/** The canonical player id of an MLBAM person id. */
export const mlbPlayerId = (mlbam: string): string => `svc_mlb_${mlbam}`

/** Builds the canonical MLB rows (see the module doc for every rule), phase after phase. */
export const buildMlb = (input: MlbInputs): MlbBuild => {
  const schedule = schedulePhase(input.schedule)
  const retroGames = retroGamesPhase(input.retroTeams)
  const links = linksPhase(input.crosswalk, retroGames, schedule)
  const games = gamesPhase(schedule, retroGames, links, input.gameInfo, input.today)
  const retroToMlbam = retroIdsPhase(input.people)
  const lines = linesPhase(input.pitching, input.playing, games, links, retroToMlbam)
  const players = playersPhase(input.people, input.appearances, lines.statLines, games, retroToMlbam)
  return {
    games: [...games.values()].sort(byId),
    statLines: lines.statLines,
    players,
    skippedGames: links.skipped,
    skippedLines: lines.skipped
  }
}

// ---------------------------------------------------------------------------------------------
// schedule
// ---------------------------------------------------------------------------------------------

/** The MLB Stats API schedule by game_pk: every listed row, the row each game keeps, and the game_pks of a matchup. */
export interface Schedule {
  /** Every row of a game_pk, in file order (a postponed game is listed on each date it was set for). */
  readonly rowsByPk: ReadonlyMap<string, ReadonlyArray<ScheduleRow>>
  /** The game_pks listed on `<date>|<home>|<away>`. */
  readonly pksByMatchup: ReadonlyMap<string, ReadonlySet<string>>
  /** The row each game_pk keeps, in the order game_pks first appear. */
  readonly chosen: ReadonlyMap<string, ScheduleRow>
}

/** A schedule row with a final score. */
const hasScore = (s: ScheduleRow): boolean => s.status === "FINISHED" && s.homeRuns !== null && s.awayRuns !== null

/**
 * Phase `schedule`. Input: the schedule rows (alejandrochaveza_mml_mlb `games_<year>.csv`). Output:
 * the rows grouped by game_pk and by matchup, and the row each game_pk keeps: the first with a
 * final score, else the first FINISHED one, else the latest listed date.
 */
export const schedulePhase = (rows: ReadonlyArray<ScheduleRow>): Schedule => {
  const rowsByPk = new Map<string, Array<ScheduleRow>>()
  const pksByMatchup = new Map<string, Set<string>>()
  for (const s of rows) {
    pushTo(rowsByPk, s.gamePk, s)
    const k = `${s.date}|${s.home}|${s.away}`
    const set = pksByMatchup.get(k) ?? new Set<string>()
    set.add(s.gamePk)
    pksByMatchup.set(k, set)
  }
  const chosen = new Map<string, ScheduleRow>()
  for (const [pk, listed] of rowsByPk) {
    const pick = listed.find(hasScore) ?? listed.find((r) => r.status === "FINISHED") ??
      [...listed].sort((a, b) => a.date < b.date ? 1 : a.date > b.date ? -1 : 0)[0]!
    chosen.set(pk, pick)
  }
  return { rowsByPk, pksByMatchup, chosen }
}

// ---------------------------------------------------------------------------------------------
// retroGames
// ---------------------------------------------------------------------------------------------

/** One Retrosheet game from its team rows: both clubs' runs, hits, errors and runners left on base. */
export interface RetroGame {
  readonly gid: string
  readonly file: string
  readonly line: number
  readonly date: string
  readonly number: number
  readonly phase: RetroPhase
  readonly home: string
  readonly away: string
  readonly homeRuns: number | null
  readonly awayRuns: number | null
  readonly homeHits: number | null
  readonly awayHits: number | null
  readonly homeErrors: number | null
  readonly awayErrors: number | null
  readonly homeLob: number | null
  readonly awayLob: number | null
  readonly site: string | null
}

const sourceRank = (source: string): number =>
  source === "evt" ? 0 : source === "box" ? 1 : source === "ded" ? 2 : source === "ehv6" ? 3 : 4

/** The best source among rows of one Retrosheet game: evt, then box, then ded. */
const bestSource = (sources: Iterable<string>): string =>
  [...sources].sort((a, b) => sourceRank(a) - sourceRank(b) || (a < b ? -1 : 1))[0]!

/**
 * Phase `retroGames`. Input: the Retrosheet team game log rows (retrosplits `teams-<year>.csv`,
 * two per game and source). Output: one game per Retrosheet gid from its best source (event file,
 * then box score, then deduced); a side without its own row takes the other side's opponent and
 * runs allowed, and no hits, errors or runners left on base.
 */
export const retroGamesPhase = (rows: ReadonlyArray<RetroTeamRow>): ReadonlyMap<string, RetroGame> => {
  const byGid = new Map<string, Array<RetroTeamRow>>()
  for (const r of rows) pushTo(byGid, r.gid, r)
  const games = new Map<string, RetroGame>()
  for (const [gid, sides] of byGid) {
    const source = bestSource(sides.map((r) => r.source))
    const use = sides.filter((r) => r.source === source)
    const home = use.find((r) => r.home)
    const away = use.find((r) => !r.home)
    const any = (home ?? away)!
    games.set(gid, {
      gid,
      file: any.file,
      line: any.line,
      date: any.date,
      number: any.number,
      phase: any.phase,
      home: home?.team ?? any.opponent,
      away: away?.team ?? any.opponent,
      homeRuns: home !== undefined ? home.runs : any.runsAllowed,
      awayRuns: away !== undefined ? away.runs : any.runsAllowed,
      homeHits: home?.hits ?? null,
      awayHits: away?.hits ?? null,
      homeErrors: home?.errors ?? null,
      awayErrors: away?.errors ?? null,
      homeLob: home?.leftOnBase ?? null,
      awayLob: away?.leftOnBase ?? null,
      site: any.site
    })
  }
  return games
}

// ---------------------------------------------------------------------------------------------
// links
// ---------------------------------------------------------------------------------------------

/** Retrosheet gids linked one to one with game_pks, and the Retrosheet games left unlinked. */
export interface GameLinks {
  readonly gidToPk: ReadonlyMap<string, string>
  readonly pkToGid: ReadonlyMap<string, string>
  /** Retrosheet games matching no game_pk or several (file and line of their team row). */
  readonly skipped: ReadonlyArray<SkippedRow>
}

/**
 * Phase `links`: Retrosheet gid to MLBAM game_pk, never two gids to one game_pk. Inputs: the ehv6
 * crosswalk (`derived_retro_gid_to_game_pk_<year>.csv`), the Retrosheet games and the schedule.
 * Rules, in order: the crosswalk's pair; else the one unlinked game_pk of the same date, clubs and
 * final score, with the clubs as listed or swapped (MLB lists some makeup games with the visitors
 * as home); else the one unlinked game_pk of the same date and clubs. A game with none or several
 * (a doubleheader with equal scores) is reported in `skipped` and stays unlinked.
 */
export const linksPhase = (
  crosswalk: ReadonlyArray<CrosswalkRow>,
  retroGames: ReadonlyMap<string, RetroGame>,
  schedule: Schedule
): GameLinks => {
  const skipped: Array<SkippedRow> = []
  const gidToPk = new Map<string, string>()
  const pkToGid = new Map<string, string>()
  const link = (gid: string, pk: string): boolean => {
    if (pkToGid.has(pk) && pkToGid.get(pk) !== gid) return false
    gidToPk.set(gid, pk)
    pkToGid.set(pk, gid)
    return true
  }
  for (const c of crosswalk) link(c.gid, c.gamePk)
  const unmatched: Array<RetroGame> = []
  // Pass 1: date, clubs and final score; the clubs also the other way round.
  const scoredMatches = (g: RetroGame): Array<string> => {
    const out: Array<string> = []
    for (
      const [home, away, hr, ar] of [[g.home, g.away, g.homeRuns, g.awayRuns], [
        g.away,
        g.home,
        g.awayRuns,
        g.homeRuns
      ]] as const
    ) {
      for (const pk of schedule.pksByMatchup.get(`${g.date}|${home}|${away}`) ?? []) {
        const s = schedule.chosen.get(pk)!
        if (hasScore(s) && s.home === home && s.homeRuns === hr && s.awayRuns === ar && !pkToGid.has(pk)) out.push(pk)
      }
    }
    return [...new Set(out)]
  }
  for (const g of [...retroGames.values()].sort((a, b) => a.gid < b.gid ? -1 : 1)) {
    if (gidToPk.has(g.gid)) continue
    const scored = scoredMatches(g)
    if (scored.length === 1) link(g.gid, scored[0]!)
    else unmatched.push(g)
  }
  // Pass 2: date and clubs only, when one game_pk has them.
  for (const g of unmatched) {
    const candidates = [...(schedule.pksByMatchup.get(`${g.date}|${g.home}|${g.away}`) ?? [])].filter((pk) =>
      !pkToGid.has(pk)
    )
    if (candidates.length === 1) {
      link(g.gid, candidates[0]!)
      continue
    }
    skipped.push({
      file: g.file,
      line: g.line,
      reason: candidates.length === 0
        ? `Retrosheet game ${g.gid} matches no schedule game_pk`
        : `Retrosheet game ${g.gid} matches ${candidates.length} schedule games (${
          candidates.sort().join(", ")
        }); not linked`
    })
  }
  return { gidToPk, pkToGid, skipped }
}

// ---------------------------------------------------------------------------------------------
// games
// ---------------------------------------------------------------------------------------------

/**
 * Phase `games`. Inputs: the schedule, the Retrosheet games and their links, Retrosheet 2024
 * `gameinfo` rows, the ingest day. Output: one game per game_pk of the schedule or of a linked
 * Retrosheet game, keyed by game_pk, in that order. Scores from the schedule when final, else from
 * Retrosheet (sides turned when Retrosheet lists the clubs the other way round); season type from
 * Retrosheet's phase, else the calendar; state final, completed (suspended, `gameinfo`), postponed
 * (no result, dated before `today`) or scheduled; attributes from both sources (module doc).
 */
export const gamesPhase = (
  schedule: Schedule,
  retroGames: ReadonlyMap<string, RetroGame>,
  links: GameLinks,
  gameInfo: ReadonlyArray<GameInfoRow>,
  today: string
): ReadonlyMap<string, Game> => {
  const { gidToPk, pkToGid } = links
  const info = new Map(gameInfo.map((i) => [i.gid, i]))
  const games = new Map<string, Game>()
  const pks = new Set<string>([
    ...schedule.chosen.keys(),
    ...[...gidToPk.values()].filter((pk) => retroGames.has(pkToGid.get(pk)!))
  ])
  for (const pk of pks) {
    const s = schedule.chosen.get(pk)
    const gid = pkToGid.get(pk)
    const r = gid === undefined ? undefined : retroGames.get(gid)
    if (s === undefined && r === undefined) continue
    const home = s?.home ?? r!.home
    const away = s?.away ?? r!.away
    const scheduleFinal = s !== undefined && hasScore(s)
    const date = scheduleFinal || r === undefined ? s!.date : r.date
    const retroSame = r !== undefined && r.home === home && r.away === away
    const homeScore = scheduleFinal ? s!.homeRuns : r === undefined ? null : retroSame ? r.homeRuns : r.awayRuns
    const awayScore = scheduleFinal ? s!.awayRuns : r === undefined ? null : retroSame ? r.awayRuns : r.homeRuns
    const gi = gid === undefined ? undefined : info.get(gid)
    const hasResult = homeScore !== null && awayScore !== null
    const state = hasResult || s?.status === "FINISHED"
      ? (gi?.suspendedUntil !== null && gi?.suspendedUntil !== undefined ? "completed" : "final")
      : date < today
      ? "postponed"
      : "scheduled"
    const attributes: Record<string, unknown> = {}
    const put = (k: string, v: unknown) => {
      if (v !== null && v !== undefined) attributes[k] = v
    }
    if (s !== undefined) {
      put("day_night", s.dayNight)
      put("doubleheader", s.doubleheader)
      put("home_starting_pitcher_mlbam", s.homePitcher)
      put("away_starting_pitcher_mlbam", s.awayPitcher)
      const dates = [...new Set((schedule.rowsByPk.get(pk) ?? []).map((x) => x.date))].sort()
      if (dates.length > 1) attributes.listed_dates = dates
    }
    if (r !== undefined) {
      put("retro_gid", r.gid)
      put("game_number", r.number)
      put("home_hits", retroSame ? r.homeHits : r.awayHits)
      put("away_hits", retroSame ? r.awayHits : r.homeHits)
      put("home_errors", retroSame ? r.homeErrors : r.awayErrors)
      put("away_errors", retroSame ? r.awayErrors : r.homeErrors)
      put("home_left_on_base", retroSame ? r.homeLob : r.awayLob)
      put("away_left_on_base", retroSame ? r.awayLob : r.homeLob)
      put("retro_site", r.site)
    } else if (gid !== undefined) put("retro_gid", gid)
    if (gi !== undefined) {
      put("local_start_time", gi.localStartTime)
      put("attendance", gi.attendance)
      put("duration_minutes", gi.durationMinutes)
      put("suspended_until", gi.suspendedUntil)
    }
    games.set(pk, {
      id: pk,
      sport: "mlb",
      league: "mlb",
      season: Number(date.slice(0, 4)),
      week: null,
      season_type: r !== undefined ? r.phase : seasonTypeByCalendar(date, home, away),
      game_date: date,
      start_time: null,
      state,
      home_team: home,
      away_team: away,
      home_score: homeScore,
      away_score: awayScore,
      venue: s?.venue ?? null,
      attributes
    })
  }
  return games
}

// ---------------------------------------------------------------------------------------------
// lines
// ---------------------------------------------------------------------------------------------

/** Phase `retroIds`: Retrosheet person id to MLBAM id, from the register (`key_retro`, `key_mlbam`). */
export const retroIdsPhase = (people: ReadonlyArray<RegisterPerson>): ReadonlyMap<string, string> => {
  const retroToMlbam = new Map<string, string>()
  for (const p of people) if (p.retro !== null) retroToMlbam.set(p.retro, p.mlbam)
  return retroToMlbam
}

type Stats = Record<string, number | null>

/** Sums two stat records key by key (a null value keeps the other's, or null). */
const add = (a: Stats | null, b: Partial<Stats> | null): Stats | null => {
  if (b === null) return a
  const out: Stats = { ...(a ?? {}) }
  for (const [k, v] of Object.entries(b)) {
    if (v === null || v === undefined) out[k] = out[k] ?? null
    else out[k] = (out[k] ?? 0) + v
  }
  return out
}

/** Pitching stats with `pitching_qs`: 1 for a start of 18+ outs and at most 3 earned runs, else 0. */
const withQs = (p: Stats | null): Stats | null => {
  if (p === null) return p
  const gs = p.pitching_gs ?? 0
  return { ...p, pitching_qs: gs > 0 && (p.pitching_outs ?? 0) >= 18 && (p.pitching_er ?? 99) <= 3 ? 1 : 0 }
}

/**
 * Phase `lines`. Inputs: Retrosheet 2024 `<year>pitching.csv` lines, retrosplits
 * `playing-<year>.csv` lines, the games, the gid links and the register's Retrosheet ids. Output:
 * one stat line per (MLBAM player, game_pk), sorted by id, and the lines that could not be joined
 * (no game_pk, no MLBAM id, a club not in the game, a second pitching line). A player's playing
 * lines of a game come from one source (evt, box, ded) and his batting slots are summed; the
 * pitching file's pitching values win over the playing file's; quality starts are derived.
 */
export const linesPhase = (
  pitching: ReadonlyArray<RetroLine>,
  playing: ReadonlyArray<RetroLine>,
  games: ReadonlyMap<string, Game>,
  links: GameLinks,
  retroToMlbam: ReadonlyMap<string, string>
): { readonly statLines: ReadonlyArray<StatLine>; readonly skipped: ReadonlyArray<SkippedRow> } => {
  const skipped: Array<SkippedRow> = []
  interface Draft {
    first: RetroLine
    gamePk: string
    mlbam: string
    batting: Stats | null
    pitching: Stats | null
    pitchingFromFile: boolean
    position: string | null
    isStarter: boolean
  }
  const drafts = new Map<string, Draft>()
  const resolve = (l: RetroLine): { gamePk: string; mlbam: string; game: Game } | undefined => {
    const gamePk = links.gidToPk.get(l.gid)
    const game = gamePk === undefined ? undefined : games.get(gamePk)
    if (gamePk === undefined || game === undefined) {
      skipped.push({ file: l.file, line: l.line, reason: `no game_pk for Retrosheet game ${l.gid}` })
      return undefined
    }
    const mlbam = retroToMlbam.get(l.retroId)
    if (mlbam === undefined) {
      skipped.push({
        file: l.file,
        line: l.line,
        reason: `Retrosheet id ${l.retroId} has no MLBAM id in the register`
      })
      return undefined
    }
    if (game.home_team !== l.team && game.away_team !== l.team) {
      skipped.push({ file: l.file, line: l.line, reason: `${l.team} does not play in game ${gamePk}` })
      return undefined
    }
    return { gamePk, mlbam, game }
  }

  // Pitching file: one line per pitcher per game.
  for (const l of pitching) {
    const r = resolve(l)
    if (r === undefined) continue
    const id = `${mlbPlayerId(r.mlbam)}:${r.gamePk}`
    if (drafts.has(id)) {
      skipped.push({ file: l.file, line: l.line, reason: `second pitching line of ${l.retroId} in game ${l.gid}` })
      continue
    }
    drafts.set(id, {
      first: l,
      gamePk: r.gamePk,
      mlbam: r.mlbam,
      batting: null,
      pitching: { ...l.pitching },
      pitchingFromFile: true,
      position: l.position,
      isStarter: l.isStarter
    })
  }

  // Playing files: keep one source per game (evt, box, ded), sum a player's slots.
  const playingSources = new Map<string, Set<string>>()
  for (const l of playing) {
    const set = playingSources.get(l.gid) ?? new Set<string>()
    set.add(l.source)
    playingSources.set(l.gid, set)
  }
  for (const l of playing) {
    if (l.source !== bestSource(playingSources.get(l.gid)!)) continue
    const r = resolve(l)
    if (r === undefined) continue
    const id = `${mlbPlayerId(r.mlbam)}:${r.gamePk}`
    const d = drafts.get(id)
    if (d === undefined) {
      drafts.set(id, {
        first: l,
        gamePk: r.gamePk,
        mlbam: r.mlbam,
        batting: l.batting === null ? null : { ...l.batting },
        pitching: l.pitching === null ? null : { ...l.pitching },
        pitchingFromFile: false,
        position: l.position,
        isStarter: l.isStarter
      })
      continue
    }
    // Another batting slot of the same player in the same game (summed), or the batting of a
    // pitcher read from the pitching file (whose pitching values are kept).
    d.batting = add(d.batting, l.batting)
    if (!d.pitchingFromFile) d.pitching = withQs(add(d.pitching, l.pitching))
    d.isStarter = d.isStarter || l.isStarter
    if (d.position === null) d.position = l.position
  }

  const statLines: Array<StatLine> = []
  for (const [id, d] of drafts) {
    const game = games.get(d.gamePk)!
    const stats = nullStats("mlb")
    Object.assign(stats, d.batting ?? {}, d.pitching ?? {})
    statLines.push(scoredLine("mlb", {
      id,
      player_id: mlbPlayerId(d.mlbam),
      game_id: d.gamePk,
      season: game.season,
      week: null,
      game_date: game.game_date,
      team: d.first.team,
      opponent: game.home_team === d.first.team ? game.away_team : game.home_team,
      position: d.position,
      is_starter: d.isStarter,
      stats
    }))
  }
  return { statLines: statLines.sort(byId), skipped }
}

// ---------------------------------------------------------------------------------------------
// players
// ---------------------------------------------------------------------------------------------

/** The position with the most games (the first listed on a tie), or null. */
const mostGames = (counts: Record<string, number> | undefined): string | null => {
  if (counts === undefined) return null
  let best: string | null = null
  let n = 0
  for (const [pos, c] of Object.entries(counts)) {
    if (c > n) {
      best = pos
      n = c
    }
  }
  return best
}

/**
 * Phase `players`. Inputs: the register people (chadwickbureau_register), the 2024 Retrosheet
 * appearance lists (`<year>allplayers.csv`), the stat lines, the games (their starting pitchers)
 * and the register's Retrosheet ids. Output: every register person with an MLBAM id who played in
 * MLB or has a stat line, sorted by id, with status, team and position by the rules of the module
 * doc (status `active` from the register's last season or an appearance in the newest regular
 * season; team of the latest appearance; SP for 5+ starts in the newest season with starters).
 */
export const playersPhase = (
  people: ReadonlyArray<RegisterPerson>,
  appearances: ReadonlyArray<AppearanceRow>,
  statLines: ReadonlyArray<StatLine>,
  games: ReadonlyMap<string, Game>,
  retroToMlbam: ReadonlyMap<string, string>
): ReadonlyArray<Player> => {
  const lastSeen = new Map<string, { date: string; team: string }>()
  const see = (mlbam: string, date: string | null, team: string) => {
    if (date === null) return
    const prev = lastSeen.get(mlbam)
    if (prev === undefined || date > prev.date) lastSeen.set(mlbam, { date, team })
  }
  const seasonsSeen = new Map<string, Set<number>>()
  const seenIn = (mlbam: string, season: number) => {
    const set = seasonsSeen.get(mlbam) ?? new Set<number>()
    set.add(season)
    seasonsSeen.set(mlbam, set)
  }
  const mlbamOf = (l: StatLine) => l.player_id.slice("svc_mlb_".length)
  for (const l of statLines) {
    see(mlbamOf(l), l.game_date, l.team!)
    seenIn(mlbamOf(l), l.season)
  }
  const positionGames = new Map<string, Record<string, number>>()
  const handedness = new Map<string, { bats: string | null; throws: string | null }>()
  for (const a of appearances) {
    const mlbam = retroToMlbam.get(a.retroId)
    if (mlbam === undefined) continue
    see(mlbam, a.lastGame, a.team)
    if (a.lastGame !== null) seenIn(mlbam, Number(a.lastGame.slice(0, 4)))
    const counts = positionGames.get(mlbam) ?? {}
    for (const [pos, n] of Object.entries(a.games)) counts[pos] = (counts[pos] ?? 0) + n
    positionGames.set(mlbam, counts)
    handedness.set(mlbam, { bats: a.bats, throws: a.throws })
  }
  const lineCounts = new Map<string, Record<string, number>>()
  for (const l of statLines) {
    if (l.position === null || l.position === "PH" || l.position === "PR") continue
    const counts = lineCounts.get(mlbamOf(l)) ?? {}
    counts[l.position] = (counts[l.position] ?? 0) + 1
    lineCounts.set(mlbamOf(l), counts)
  }
  // Starts as the schedule's starting pitcher in regular-season and postseason games.
  const starts = new Map<string, Map<number, number>>()
  const startedAny = new Set<string>()
  for (const g of games.values()) {
    if (g.season_type !== "REG" && g.season_type !== "POST") continue
    if (g.state !== "final" && g.state !== "completed") continue
    for (
      const [attr, team] of [["home_starting_pitcher_mlbam", g.home_team], [
        "away_starting_pitcher_mlbam",
        g.away_team
      ]] as const
    ) {
      const mlbam = g.attributes[attr]
      if (typeof mlbam !== "string") continue
      see(mlbam, g.game_date, team)
      seenIn(mlbam, g.season)
      startedAny.add(mlbam)
      if (g.season_type !== "REG") continue
      const bySeason = starts.get(mlbam) ?? new Map<number, number>()
      bySeason.set(g.season, (bySeason.get(g.season) ?? 0) + 1)
      starts.set(mlbam, bySeason)
    }
  }
  let newestStartSeason = -Infinity
  for (const bySeason of starts.values()) {
    for (const s of bySeason.keys()) newestStartSeason = Math.max(newestStartSeason, s)
  }
  let newestSeason = -Infinity
  for (const g of games.values()) {
    if (g.season_type === "REG" && (g.state === "final" || g.state === "completed")) {
      newestSeason = Math.max(newestSeason, g.season)
    }
  }

  const positionOf = (mlbam: string): string | null => {
    const s = starts.get(mlbam)
    if ((s?.get(newestStartSeason) ?? 0) >= 5) return "SP"
    return mostGames(positionGames.get(mlbam)) ?? mostGames(lineCounts.get(mlbam)) ??
      (startedAny.has(mlbam) ? "SP" : null)
  }

  const withLines = new Set(statLines.map((l) => l.player_id))
  const players: Array<Player> = []
  for (const p of people) {
    const id = mlbPlayerId(p.mlbam)
    if (p.mlbPlayedFirst === null && !withLines.has(id)) continue
    const active = (p.mlbPlayedLast !== null && p.mlbPlayedLast >= newestSeason) ||
      (seasonsSeen.get(p.mlbam)?.has(newestSeason) ?? false)
    const hand = handedness.get(p.mlbam)
    const attributes: Record<string, unknown> = {}
    if (p.mlbPlayedFirst !== null) attributes.mlb_played_first = p.mlbPlayedFirst
    if (p.mlbPlayedLast !== null) attributes.mlb_played_last = p.mlbPlayedLast
    if (hand?.bats) attributes.bats = hand.bats
    if (hand?.throws) attributes.throws = hand.throws
    players.push({
      id,
      sport: "mlb",
      full_name: p.fullName,
      first_name: p.firstName,
      last_name: p.lastName,
      position: positionOf(p.mlbam),
      team: active ? lastSeen.get(p.mlbam)?.team ?? null : null,
      status: active ? "active" : "inactive",
      birth_date: p.birthDate,
      platform_ids: p.platformIds,
      attributes
    })
  }
  return players.sort(byId)
}
