/**
 * NFL ingestion: reads the nfl datasets under the data directory (each folder's PROVENANCE.md
 * describes its files) and upserts canonical teams, games, players, weekly stat lines, injury
 * reports and depth chart entries.
 *
 * Sources and what each gives:
 * - `spreadspoke_nfl/nfl_teams.csv`: teams with conference and division (team abbreviations are
 *   normalised through Teams.ts); `spreadspoke_scores.csv`: closing spread, total and weather,
 *   used where the nflverse schedule lacks them.
 * - `urwishpatel2003_nflverse_data/schedules_*.csv`: games (nflverse game id, kickoff in US
 *   Eastern converted to UTC, scores, lines). state `final` when both scores exist, else `scheduled`.
 * - `jtyran_nfl_team_fantasy_dashboard/player_ids.csv` (DynastyProcess) and
 *   `mayscopeland_ffb_ids/player_ids.csv`: identities and platform ids (Identity.ts has the id rule).
 * - `hvpkod_nfl_data/nfl_weekly_{offense,kicker,idp}_<season>.csv`: weekly lines from
 *   Fantasy.NFL.com (regular season); bye-week rows are not lines.
 * - `urwishpatel2003_nflverse_data/player_stats_weekly_<season>.csv`: attempts, completions,
 *   air yards and target share for the same lines, and the lines hvpkod lacks (week 18, playoffs);
 *   `snap_counts_<season>.csv`: snaps and snap % joined by PFR id and game.
 * - `jtyran.../injuries.csv`, `depth_charts.csv`: injury reports and depth charts.
 *
 * Rules (documented here because the API shows their results):
 * - A stat line is one player in one game, id `<player id>:<nflverse game id>`. hvpkod values win
 *   for the scoring stats; nflverse fills what hvpkod lacks. `snap_pct` (0-100, integer) is the
 *   share of the player's unit: offense for offensive positions, defense for defensive ones,
 *   special teams for kickers and punters. `target_share` (0-1) is nflverse's, or, for weeks
 *   nflverse lacks (2025), the player's targets over the sum of his team's hvpkod targets that
 *   game. `air_yards` is receiving air yards (`passing_air_yards` for passers). Fantasy points
 *   come from Scoring.score on the merged line.
 * - A player's `team` is the team of his latest record (stat line, injury report, depth chart
 *   entry, by date) when that record is from the newest season of the data; otherwise the
 *   crosswalk team when he was drafted that season or later (a rookie with no games yet); else
 *   null.
 * - `status` is `injured` when his latest injury report (season, week) says Out or Doubtful and
 *   he has no stat line after that week (players on injured reserve drop off the weekly report,
 *   so their last report stays Out); otherwise `active` with a team, `inactive` without one.
 *   Questionable is not injured.
 * - Depth charts: each snapshot is assigned to the first week (regular or post season) whose last
 *   game is on or after the snapshot date (null after the season's last game); a week keeps the
 *   latest snapshot of each team.
 * - Malformed rows (wrong field count, a missing key field, a non-numeric number, an unknown
 *   team, a line whose game is not in the schedule) are reported with file and line and skipped.
 * @module
 */
import {
  canonicalPlayerId,
  type DepthChartEntry,
  type Game,
  type InjuryReport,
  type Player,
  type PlayerStatus,
  Sports,
  SportsStore,
  type StatLine,
  type StoreError,
  type Team,
  type UpsertResult
} from "@sports-data/domain"
import { Effect } from "effect"
import type { CsvFileError, CsvRow } from "../Csv.js"
import type { ProgressReporter } from "../Progress.js"
import {
  type Entity,
  type EntityCounts,
  entityCounts,
  type SkippedRow,
  type SportIngestResult,
  upsertAll
} from "../Report.js"
import { differ, idRank, localId, type Person, Registry } from "./Identity.js"
import { initialKey, nameKey, splitName } from "./Names.js"
import { type ParsedFile, type ParseResult, readFile } from "./Read.js"
import {
  allFiles,
  type DepthRow,
  type FfbRow,
  type HvRow,
  type InjuryRow,
  nflFiles,
  parseDepth,
  parseDp,
  parseFfb,
  parseHv,
  parseInjury,
  parseSchedule,
  parseScore,
  parseSnap,
  parseTeam,
  parseWeekly,
  type ScheduleRow
} from "./Sources.js"
import { canonicalTeams, currentTeamNames } from "./Teams.js"
import { zonedToUtc } from "./Time.js"

export { idPreference, localId } from "./Identity.js"
export { readFile } from "./Read.js"
export { allFiles, type HvRow, nflFiles, parseHv } from "./Sources.js"
export { canonicalTeams, normaliseTeam, teamAliases } from "./Teams.js"

const readMany = <A>(
  paths: ReadonlyArray<string>,
  parse: (row: CsvRow) => ParseResult<A>
): Effect.Effect<ReadonlyArray<ParsedFile<A>>, CsvFileError, ProgressReporter> =>
  Effect.forEach(paths, (p) => readFile(p, parse))

const records = <A>(files: ReadonlyArray<ParsedFile<A>>) =>
  files.flatMap((f) => f.records.map((r) => ({ ...r, file: f.file })))

const offensePositions = new Set(["QB", "RB", "WR", "TE", "FB", "HB"])
const specialPositions = new Set(["K", "PK", "P", "LS"])

/** Coarse position group for name matching (DL and LB overlap: edge rushers are listed as either). */
const positionGroup = (pos: string | undefined): string | undefined => {
  if (pos === undefined) return undefined
  const p = pos.toUpperCase()
  if (["CB", "S", "SS", "FS", "DB", "SAF"].includes(p)) return "DB"
  if (["DE", "DT", "NT", "DL", "EDGE", "LB", "ILB", "OLB", "MLB"].includes(p)) return "FRONT"
  if (["RB", "FB", "HB"].includes(p)) return "RB"
  if (["K", "PK"].includes(p)) return "K"
  return p
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

/** Stat keys every line carries (null when unknown), beside the keys of its sources. */
const commonKeys = ["offense_snaps", "defense_snaps", "st_snaps", "snap_pct", "target_share", "air_yards"] as const

interface LineAcc {
  readonly person: Person
  readonly game: Game
  readonly team: string
  readonly opponent: string
  position: string | undefined
  readonly stats: Record<string, number | null>
  fromHv: boolean
  fromWeekly: boolean
}

/**
 * Ingests the nfl datasets under `dataDir` into the SportsStore (see the module doc for sources
 * and rules). Idempotent: a second run over unchanged files reports every row unchanged.
 * Fails with CsvFileError only when a file or folder cannot be read at all; malformed rows are
 * reported in the result's `skipped` and left out.
 */
export const ingestNfl = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsStore | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* nflFiles(dataDir)
    const store = yield* SportsStore
    const skippedBy: Record<Entity, Array<SkippedRow>> = {
      players: [],
      teams: [],
      games: [],
      stat_lines: [],
      injuries: [],
      depth_charts: []
    }
    const skip = (entity: Entity, row: SkippedRow) => skippedBy[entity].push(row)
    const collect = <A>(entity: Entity, parsed: ReadonlyArray<ParsedFile<A>>) => {
      for (const f of parsed) skippedBy[entity].push(...f.skipped)
      return records(parsed)
    }

    // ---------------------------------------------------------------- teams
    const teamRecords = collect("teams", [yield* readFile(files.teams, parseTeam)])
    const teamByName = new Map<string, string>()
    const current = new Map<string, (typeof teamRecords)[number]>()
    for (const r of teamRecords) {
      teamByName.set(r.fullName, r.abbr)
      if (r.division !== undefined && !current.has(r.abbr)) current.set(r.abbr, r)
    }
    for (const [abbr, name] of Object.entries(currentTeamNames)) teamByName.set(name, abbr)
    const teams: Array<Team> = canonicalTeams.flatMap((abbr) => {
      const r = current.get(abbr)
      if (r === undefined) return []
      const renamed = currentTeamNames[abbr]
      const attributes: Record<string, unknown> = {}
      const short = renamed !== undefined ? renamed.split(" ").pop() : r.shortName
      if (short !== undefined) attributes.short_name = short
      return [{
        sport: "nfl" as const,
        abbr,
        name: renamed ?? r.fullName,
        conference: r.conference ?? null,
        division: r.division ?? null,
        external_id: r.pfrId ?? null,
        attributes
      }]
    })

    // ---------------------------------------------------------------- games
    const scheduleRecords = collect("games", yield* readMany(files.schedules, parseSchedule))
    const schedule = new Map<string, ScheduleRow>()
    for (const r of scheduleRecords) schedule.set(r.gameId, r)
    const gameAttrs = new Map<string, Record<string, unknown>>()
    for (const r of schedule.values()) gameAttrs.set(r.gameId, { ...r.attributes })
    const minSeason = Math.min(...[...schedule.values()].map((r) => r.season))
    const byDateTeams = new Map<string, ScheduleRow>()
    const bySeasonTeams = new Map<string, Array<ScheduleRow>>()
    for (const r of schedule.values()) {
      const pair = [r.home, r.away].sort().join("|")
      byDateTeams.set(`${r.gameday}|${pair}`, r)
      const k = `${r.season}|${pair}`
      bySeasonTeams.set(k, [...(bySeasonTeams.get(k) ?? []), r])
    }
    // spreadspoke dates are sometimes a day off (flexed games): accept the season's one game of
    // the two teams within 3 days.
    const matchScore = (season: number, date: string, a: string, b: string): ScheduleRow | undefined => {
      const pair = [a, b].sort().join("|")
      const same = byDateTeams.get(`${date}|${pair}`)
      if (same !== undefined) return same
      const near = (bySeasonTeams.get(`${season}|${pair}`) ?? []).filter((r) =>
        Math.abs(Date.parse(r.gameday) - Date.parse(date)) <= 3 * 86_400_000
      )
      return near.length === 1 ? near[0] : undefined
    }
    const scoreRecords = collect("games", [yield* readFile(files.scores, parseScore(minSeason, teamByName))])
    for (const s of scoreRecords) {
      const g = matchScore(s.season, s.date, s.home, s.away)
      if (g === undefined) {
        if (s.season <= Math.max(...[...schedule.values()].map((r) => r.season))) {
          skip("games", {
            file: s.file,
            line: s.line,
            reason: `no nflverse game on ${s.date} between ${s.home} and ${s.away}`
          })
        }
        continue
      }
      const attrs = gameAttrs.get(g.gameId)!
      if (attrs.spread_line === undefined && s.spreadFavorite !== undefined && s.favorite !== undefined) {
        // spreadspoke: the favourite's spread (negative); nflverse: points the home team is favoured by.
        attrs.spread_line = s.favorite === g.home ? -s.spreadFavorite : s.favorite === g.away ? s.spreadFavorite : 0
        attrs.line_source = "spreadspoke"
      }
      if (attrs.total_line === undefined && s.overUnder !== undefined) {
        attrs.total_line = s.overUnder
        attrs.line_source = "spreadspoke"
      }
      for (const [k, v] of Object.entries(s.weather)) if (attrs[k] === undefined) attrs[k] = v
    }
    const games = new Map<string, Game>()
    const gameByTeamWeek = new Map<string, Game>()
    for (const r of schedule.values()) {
      const final = r.homeScore !== undefined && r.awayScore !== undefined
      const game: Game = {
        id: r.gameId,
        sport: "nfl",
        league: "nfl",
        season: r.season,
        week: r.week,
        season_type: r.gameType === "REG" ? "REG" : r.gameType === "PRE" ? "PRE" : "POST",
        game_date: r.gameday,
        start_time: r.gametime === undefined ? null : (zonedToUtc(r.gameday, r.gametime) ?? null),
        state: final ? "final" : "scheduled",
        home_team: r.home,
        away_team: r.away,
        home_score: r.homeScore ?? null,
        away_score: r.awayScore ?? null,
        venue: r.stadium ?? null,
        attributes: sortKeys(gameAttrs.get(r.gameId)!)
      }
      games.set(game.id, game)
      gameByTeamWeek.set(`${r.season}|${r.week}|${r.home}`, game)
      gameByTeamWeek.set(`${r.season}|${r.week}|${r.away}`, game)
    }

    // ---------------------------------------------------------------- identities
    const reg = new Registry()
    const dpRecords = collect("players", [yield* readFile(files.dpIds, parseDp)])
    for (const r of dpRecords) {
      const gsis = r.ids.gsis
      const existing = reg.find("gsis", gsis) ??
        (gsis === undefined ? noGsis(reg.find("pfr", r.ids.pfr)) : undefined)
      const person = existing ?? reg.create(r.ids, r.name)
      if (person === undefined) continue // every id already held: a duplicate row
      if (existing !== undefined) {
        reg.attach(existing, r.ids)
        continue
      }
      person.position = r.position
      person.crosswalkTeam = r.team
      person.birthDate = r.birthDate
      person.draftYear = r.draftYear
      person.attributes = r.attributes
    }
    const ffbRecords = collect("players", [yield* readFile(files.ffbIds, parseFfb)])
    const ffbById = (r: FfbRow): Person | undefined =>
      ffbLinkOrder.map((p) => reg.find(p, r.ids[p])).find((p) => p !== undefined)
    // rows matching no crosswalk person wait until every other source is read (see below)
    const ffbPending: Array<FfbRow> = []
    for (const r of ffbRecords) {
      const person = ffbById(r)
      if (person !== undefined) reg.attach(person, r.ids)
      else ffbPending.push(r)
    }

    const weeklyRecords = collect("stat_lines", yield* readMany(files.weekly, parseWeekly))
    const snapRecords = collect("stat_lines", yield* readMany(files.snaps, parseSnap))
    const injuryRecords = collect("injuries", [yield* readFile(files.injuries, parseInjury)])
    const depthRecords = collect("depth_charts", [yield* readFile(files.depthCharts, parseDepth)])
    const hvRecords = [
      ...collect("stat_lines", yield* readMany(files.offense, parseHv("offense"))),
      ...collect("stat_lines", yield* readMany(files.kicker, parseHv("kicker"))),
      ...collect("stat_lines", yield* readMany(files.idp, parseHv("idp")))
    ]

    const byGsis = (gsis: string, name: string, position: string | undefined): Person => {
      const p = reg.find("gsis", gsis) ?? reg.create({ gsis }, name)!
      if (p.position === undefined) p.position = position
      return p
    }
    for (const r of weeklyRecords) byGsis(r.gsis, r.name, r.position)
    for (const r of injuryRecords) {
      const p = byGsis(r.gsis, r.fullName, r.position)
      if (r.firstName !== undefined) p.firstName = r.firstName
      if (r.lastName !== undefined) p.lastName = r.lastName
    }
    const depthPerson = (r: DepthRow): Person => {
      const ids: Record<string, string> = {}
      if (r.gsis !== undefined) ids.gsis = r.gsis
      if (r.espn !== undefined) ids.espn = r.espn
      const found = reg.find("gsis", r.gsis) ?? reg.find("espn", r.espn)
      if (found !== undefined) {
        reg.attach(found, ids)
        return found
      }
      const p = reg.create(ids, r.name)!
      p.position = slotPosition(r.slot)
      return p
    }
    let depthPersons = depthRecords.map(depthPerson)

    // Evidence for hvpkod ids that no crosswalk knows: rows of gsis/pfr-keyed sources with the
    // same season, week, team and name (exact key first, then first initial + last name in the
    // same position group: Jesse Matthews, a receiver, is not the tackle Jake Matthews).
    type Candidate = Person | { readonly pfr: string }
    const exact = new Map<string, Set<Candidate>>()
    const loose = new Map<string, Set<Candidate>>()
    const pfrCandidates = new Map<string, Candidate>()
    const looseKey = (name: string, position: string | undefined) =>
      `${initialKey(name)}|${positionGroup(position) ?? ""}`
    const addEvidence = (
      season: number,
      week: number,
      team: string,
      name: string,
      position: string | undefined,
      c: Candidate
    ) => {
      for (const [index, k] of [[exact, nameKey(name)], [loose, looseKey(name, position)]] as const) {
        const key = `${season}|${week}|${team}|${k}`
        let set = index.get(key)
        if (set === undefined) index.set(key, set = new Set())
        set.add(c)
      }
    }
    for (const r of weeklyRecords) {
      addEvidence(r.season, r.week, r.team, r.name, r.position, reg.find("gsis", r.gsis)!)
    }
    for (const r of injuryRecords) {
      addEvidence(r.season, r.week, r.team, r.fullName, r.position, reg.find("gsis", r.gsis)!)
    }
    for (const r of snapRecords) {
      let c: Candidate | undefined = reg.find("pfr", r.pfr) ?? pfrCandidates.get(r.pfr)
      if (c === undefined) pfrCandidates.set(r.pfr, c = { pfr: r.pfr })
      addEvidence(r.season, r.week, r.team, r.name, r.position, c)
    }
    const byName = new Map<string, Array<Person>>()
    for (const p of reg.persons) {
      const k = nameKey(p.name)
      const list = byName.get(k)
      if (list === undefined) byName.set(k, [p])
      else list.push(p)
    }

    const hvByPlayer = new Map<string, Array<(typeof hvRecords)[number]>>()
    for (const r of hvRecords) {
      const list = hvByPlayer.get(r.nflId)
      if (list === undefined) hvByPlayer.set(r.nflId, [r])
      else list.push(r)
    }
    const hvPerson = new Map<string, Person>()
    let linkedByEvidence = 0
    let linkedByName = 0
    let createdFromHv = 0
    for (const [nflId, rows] of hvByPlayer) {
      const first = rows[0]!
      let person = reg.find("nfl", nflId) ?? reg.find("nfl_dp", nflId)
      if (person === undefined) {
        const vote = (index: Map<string, Set<Candidate>>, keyOf: (r: HvRow) => string) => {
          const votes = new Map<Candidate, number>()
          for (const r of rows) {
            if (r.team === undefined || r.opponent === undefined) continue
            const set = index.get(`${r.season}|${r.week}|${r.team}|${keyOf(r)}`)
            if (set !== undefined && set.size === 1) {
              const c = [...set][0]!
              votes.set(c, (votes.get(c) ?? 0) + 1)
            }
          }
          const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1])
          return ranked.length > 0 && (ranked.length === 1 || ranked[0]![1] > ranked[1]![1]) ? ranked[0]![0] : undefined
        }
        const c = vote(exact, (r) => nameKey(r.name)) ?? vote(loose, (r) => looseKey(r.name, r.position))
        if (c !== undefined) {
          person = "pfr" in c ? (reg.find("pfr", c.pfr) ?? reg.create({ pfr: c.pfr }, first.name)) : c
          if (person !== undefined) linkedByEvidence++
        }
      }
      if (person === undefined) {
        const group = positionGroup(first.position)
        const same = (byName.get(nameKey(first.name)) ?? []).filter((p) =>
          p.ids.get("nfl") === undefined && (p.position === undefined || positionGroup(p.position) === group)
        )
        if (same.length === 1) {
          person = same[0]!
          linkedByName++
        }
      }
      if (person === undefined) {
        person = reg.create({ nfl: nflId }, first.name)
        createdFromHv++
      }
      if (person === undefined) continue
      reg.attach(person, { nfl: nflId })
      if (person.position === undefined) person.position = first.position
      hvPerson.set(nflId, person)
    }

    // Merging (Identity.ts): persons under the same name key on the same team in the same season
    // are one player unless their ids say otherwise (then the whole group is left alone); then
    // likewise on the same team in any season of the data (a player the crosswalk lacks, in the
    // snap counts one season and on the depth chart the next).
    const sameSeason = new Map<string, Array<Person>>()
    const sameTeam = new Map<string, Array<Person>>()
    const seen = new Set<Person>()
    const sighting = (season: number, team: string | undefined, name: string, p: Person | undefined) => {
      if (p === undefined) return
      seen.add(p)
      if (team === undefined) return
      const key = nameKey(name)
      for (const [index, k] of [[sameSeason, `${season}|${team}|${key}`], [sameTeam, `${team}|${key}`]] as const) {
        const list = index.get(k)
        if (list === undefined) index.set(k, [p])
        else if (!list.includes(p)) list.push(p)
      }
    }
    for (const r of weeklyRecords) sighting(r.season, r.team, r.name, reg.find("gsis", r.gsis))
    for (const r of injuryRecords) sighting(r.season, r.team, r.fullName, reg.find("gsis", r.gsis))
    depthRecords.forEach((r, i) => sighting(r.season, r.team, r.name, depthPersons[i]))
    for (const r of snapRecords) sighting(r.season, r.team, r.name, reg.find("pfr", r.pfr))
    for (const r of hvRecords) sighting(r.season, r.team, r.name, hvPerson.get(r.nflId))
    for (const group of [...sameSeason.values(), ...sameTeam.values()]) {
      const persons = [...new Set(group.map((p) => reg.resolve(p)))]
      if (persons.length < 2) continue
      if (persons.some((a, i) => persons.slice(i + 1).some((b) => differ(a, b)))) continue
      persons.sort((a, b) => idRank(a) - idRank(b))
      const [into, ...rest] = persons
      for (const p of rest) reg.merge(into!, p)
    }
    depthPersons = depthPersons.map((p) => reg.resolve(p))
    for (const [nflId, p] of hvPerson) hvPerson.set(nflId, reg.resolve(p))

    // The ffb_ids rows no crosswalk person matched: by an id another source has since given a
    // person (ESPN from depth charts, NFL.com from hvpkod); else by name, when exactly one person
    // seen in the seasons' sources (or drafted in them) has the name key and no contradicting id,
    // and no other waiting row has that name key; else a new person.
    const pendingByName = new Map<string, number>()
    for (const r of ffbPending) pendingByName.set(nameKey(r.name), (pendingByName.get(nameKey(r.name)) ?? 0) + 1)
    const recent = new Map<string, Array<Person>>()
    for (const p of reg.persons) {
      if (!seen.has(p) && !(p.draftYear !== undefined && p.draftYear >= minSeason)) continue
      const k = nameKey(p.name)
      const list = recent.get(k)
      if (list === undefined) recent.set(k, [p])
      else list.push(p)
    }
    let ffbLinkedByName = 0
    for (const r of ffbPending) {
      const byId = ffbById(r)
      if (byId !== undefined) {
        reg.attach(byId, r.ids)
        continue
      }
      const k = nameKey(r.name)
      const same = (recent.get(k) ?? []).filter((p) => !reg.contradicts(p, r.ids))
      if (same.length === 1 && pendingByName.get(k) === 1) {
        reg.attach(same[0]!, r.ids)
        ffbLinkedByName++
      } else {
        reg.create(r.ids, r.name)
      }
    }

    // ---------------------------------------------------------------- stat lines
    const lines = new Map<Person, Map<string, LineAcc>>()
    const lineFor = (person: Person, game: Game, team: string, position: string | undefined): LineAcc => {
      let perPlayer = lines.get(person)
      if (perPlayer === undefined) lines.set(person, perPlayer = new Map())
      let line = perPlayer.get(game.id)
      if (line === undefined) {
        const opponent = game.home_team === team ? game.away_team : game.home_team
        line = { person, game, team, opponent, position, stats: {}, fromHv: false, fromWeekly: false }
        for (const k of commonKeys) line.stats[k] = null
        perPlayer.set(game.id, line)
      }
      return line
    }
    const findGame = (season: number, week: number, team: string | undefined, opponent: string | undefined) => {
      const g = team !== undefined ? gameByTeamWeek.get(`${season}|${week}|${team}`) : undefined
      if (g !== undefined || opponent === undefined) return g
      return gameByTeamWeek.get(`${season}|${week}|${opponent}`)
    }
    const hvOrder: Record<HvRow["kind"], number> = { offense: 0, kicker: 1, idp: 2 }
    for (const r of hvRecords) {
      if (r.opponent === undefined) continue // bye week: no game, no line
      const person = hvPerson.get(r.nflId)
      if (person === undefined) continue
      const game = findGame(r.season, r.week, r.team, r.opponent)
      if (game === undefined) {
        // a row of zeros for a game not in the schedule (the cancelled 2022 BUF-CIN game) is no line
        if (Object.values(r.stats).every((v) => v === 0)) continue
        skip("stat_lines", {
          file: r.file,
          line: r.line,
          reason: `no game for ${r.team ?? "FA"} v ${r.opponent} in ${r.season} week ${r.week}`
        })
        continue
      }
      const team = r.team ?? (game.home_team === r.opponent ? game.away_team : game.home_team)
      const opponent = game.home_team === team ? game.away_team : game.home_team
      if (opponent !== r.opponent || (game.home_team !== team && game.away_team !== team)) {
        skip("stat_lines", {
          file: r.file,
          line: r.line,
          reason: `opponent ${r.opponent} does not match the schedule (${game.id})`
        })
        continue
      }
      const line = lineFor(person, game, team, r.position)
      // a two-way player keeps his offensive or kicking position on the merged line
      if (!line.fromHv || line.position === undefined || hvOrder[kindOf(line.position)] > hvOrder[r.kind]) {
        line.position = r.position
      }
      line.fromHv = true
      Object.assign(line.stats, r.stats)
    }
    for (const r of weeklyRecords) {
      const person = reg.find("gsis", r.gsis)!
      const game = gameByTeamWeek.get(`${r.season}|${r.week}|${r.team}`)
      if (game === undefined) {
        skip("stat_lines", {
          file: r.file,
          line: r.line,
          reason: `no game for ${r.team} in ${r.season} week ${r.week}`
        })
        continue
      }
      const line = lineFor(person, game, r.team, r.position)
      line.fromWeekly = true
      if (line.position === undefined) line.position = r.position
      for (const [k, v] of Object.entries(r.stats)) {
        if (line.stats[k] === undefined || (line.stats[k] === null && v !== null)) line.stats[k] = v
      }
    }
    for (const r of snapRecords) {
      const person = reg.find("pfr", r.pfr)
      const line = person === undefined ? undefined : lines.get(person)?.get(r.gameId)
      if (line === undefined) continue // snaps of a player without a stat line (e.g. linemen) are not kept
      line.stats.offense_snaps = r.offenseSnaps ?? null
      line.stats.defense_snaps = r.defenseSnaps ?? null
      line.stats.st_snaps = r.stSnaps ?? null
      const pos = line.position?.toUpperCase()
      const share = pos !== undefined && specialPositions.has(pos)
        ? r.stPct
        : pos !== undefined && !offensePositions.has(pos)
        ? r.defensePct
        : r.offensePct
      line.stats.snap_pct = share === undefined ? null : Math.round(share * 100)
    }
    // hvpkod lists rostered players who did not play with blank (= 0) stats: a line with only
    // zeros, no nflverse row and no snaps is not a game played, and is dropped.
    for (const perPlayer of lines.values()) {
      for (const [gameId, l] of perPlayer) {
        if (l.fromHv && !l.fromWeekly && Object.values(l.stats).every((v) => v === null || v === 0)) {
          perPlayer.delete(gameId)
        }
      }
    }
    for (const [p, perPlayer] of lines) if (perPlayer.size === 0) lines.delete(p)
    // target share where nflverse has none: targets over the team's targets that game
    const teamTargets = new Map<string, number>()
    for (const perPlayer of lines.values()) {
      for (const l of perPlayer.values()) {
        const t = l.stats.targets
        if (typeof t === "number") {
          teamTargets.set(`${l.game.id}|${l.team}`, (teamTargets.get(`${l.game.id}|${l.team}`) ?? 0) + t)
        }
      }
    }
    for (const perPlayer of lines.values()) {
      for (const l of perPlayer.values()) {
        const t = l.stats.targets
        const total = teamTargets.get(`${l.game.id}|${l.team}`) ?? 0
        if (l.stats.target_share === null && typeof t === "number" && total > 0) {
          l.stats.target_share = round(t / total, 4)
        }
      }
    }

    // ---------------------------------------------------------------- injuries, depth charts
    const injuries = new Map<string, { readonly row: InjuryRow; readonly person: Person }>()
    for (const r of injuryRecords) {
      const person = reg.find("gsis", r.gsis)!
      injuries.set(`${localIdCached(person)}|${r.season}|${r.week}|${r.team}`, { row: r, person })
    }
    const weekEnds = new Map<number, Array<{ readonly week: number; readonly last: string }>>()
    for (const g of games.values()) {
      if (g.week === null) continue
      let list = weekEnds.get(g.season)
      if (list === undefined) weekEnds.set(g.season, list = [])
      const e = list.find((x) => x.week === g.week)
      if (e === undefined) list.push({ week: g.week, last: g.game_date })
      else if (g.game_date > e.last) list[list.indexOf(e)] = { week: g.week, last: g.game_date }
    }
    for (const list of weekEnds.values()) list.sort((a, b) => a.week - b.week)
    const weekOf = (season: number, date: string): number | null =>
      weekEnds.get(season)?.find((w) => w.last >= date)?.week ?? null
    const latestSnapshot = new Map<string, number>()
    const depthWeeks = depthRecords.map((r) => {
      const week = weekOf(r.season, r.date)
      const k = `${r.team}|${r.season}|${week}`
      latestSnapshot.set(k, Math.max(latestSnapshot.get(k) ?? 0, r.at.getTime()))
      return week
    })

    // ---------------------------------------------------------------- players: team and status
    interface Seen {
      date: string
      season: number
      team: string
    }
    const latest = new Map<Person, Seen>()
    const see = (p: Person, s: Seen) => {
      const cur = latest.get(p)
      if (cur === undefined || s.date >= cur.date) latest.set(p, s)
    }
    let newestSeason = -Infinity
    const lastPlayed = new Map<Person, number>()
    for (const [p, perPlayer] of lines) {
      for (const l of perPlayer.values()) {
        newestSeason = Math.max(newestSeason, l.game.season)
        see(p, { date: l.game.game_date, season: l.game.season, team: l.team })
        const w = l.game.season * 100 + (l.game.week ?? 0)
        lastPlayed.set(p, Math.max(lastPlayed.get(p) ?? 0, w))
      }
    }
    const lastReport = new Map<Person, InjuryRow>()
    for (const { person, row } of injuries.values()) {
      newestSeason = Math.max(newestSeason, row.season)
      const g = gameByTeamWeek.get(`${row.season}|${row.week}|${row.team}`)
      if (g !== undefined) see(person, { date: g.game_date, season: row.season, team: row.team })
      const cur = lastReport.get(person)
      if (cur === undefined || row.season * 100 + row.week >= cur.season * 100 + cur.week) lastReport.set(person, row)
    }
    depthRecords.forEach((r, i) => see(depthPersons[i]!, { date: r.date, season: r.season, team: r.team }))

    const players: Array<Player> = reg.persons.map((p) => {
      const seen = latest.get(p)
      const team = seen !== undefined && seen.season >= newestSeason
        ? seen.team
        : p.draftYear !== undefined && p.draftYear >= newestSeason
        ? (p.crosswalkTeam ?? null)
        : null
      const report = lastReport.get(p)
      const injured = report !== undefined &&
        (report.reportStatus === "Out" || report.reportStatus === "Doubtful") &&
        (lastPlayed.get(p) ?? 0) <= report.season * 100 + report.week
      const status: PlayerStatus = injured ? "injured" : team !== null ? "active" : "inactive"
      const split = splitName(p.name)
      return {
        id: canonicalPlayerId("nfl", localIdCached(p)),
        sport: "nfl",
        full_name: p.name,
        first_name: p.firstName ?? split.first,
        last_name: p.lastName ?? split.last,
        position: p.position ?? null,
        team,
        status,
        birth_date: p.birthDate ?? null,
        platform_ids: sortKeys(Object.fromEntries(p.ids)) as Record<string, string>,
        attributes: sortKeys(p.attributes)
      }
    })

    const statLines: Array<StatLine> = []
    for (const [p, perPlayer] of lines) {
      const pid = canonicalPlayerId("nfl", localIdCached(p))
      for (const l of perPlayer.values()) {
        const scored = Sports.score("nfl", l.stats, l.position)
        statLines.push({
          id: `${pid}:${l.game.id}`,
          sport: "nfl",
          player_id: pid,
          game_id: l.game.id,
          season: l.game.season,
          week: l.game.week,
          game_date: l.game.game_date,
          team: l.team,
          opponent: l.opponent,
          position: l.position ?? p.position ?? null,
          is_starter: null,
          stats: sortKeys(l.stats) as Record<string, number | null>,
          fantasy_points: scored.fantasy_points,
          fantasy_points_formats: scored.formats
        })
      }
    }

    const injuryRows: Array<InjuryReport> = [...injuries.entries()].map(([, { person, row }]) => {
      const pid = canonicalPlayerId("nfl", localIdCached(person))
      return {
        id: `${pid}:${row.season}:${row.week}:${row.team}`,
        sport: "nfl",
        player_id: pid,
        season: row.season,
        week: row.week,
        team: row.team,
        report_status: row.reportStatus ?? null,
        practice_status: row.practiceStatus ?? null,
        primary_injury: row.primaryInjury ?? null,
        secondary_injury: row.secondaryInjury ?? null,
        reported_at: null
      }
    })

    const depth = new Map<string, DepthChartEntry>()
    depthRecords.forEach((r, i) => {
      const week = depthWeeks[i]!
      if (r.at.getTime() !== latestSnapshot.get(`${r.team}|${r.season}|${week}`)) return
      const person = depthPersons[i]!
      const pid = canonicalPlayerId("nfl", localIdCached(person))
      const id = `${pid}:${r.season}:${week ?? "off"}:${r.team}:${r.formationId ?? r.formation ?? ""}:${r.slot}`
      depth.set(id, {
        id,
        sport: "nfl",
        player_id: pid,
        season: r.season,
        week,
        team: r.team,
        position: person.position ?? null,
        depth_position: r.slot,
        depth: r.rank,
        formation: r.formation ?? null
      })
    })

    yield* Effect.logInfo("nfl identities resolved").pipe(Effect.annotateLogs({
      persons: reg.persons.length,
      id_conflicts: reg.conflicts,
      hv_linked_by_evidence: linkedByEvidence,
      hv_linked_by_name: linkedByName,
      hv_new_persons: createdFromHv,
      merged_by_team_and_name: reg.merged,
      ffb_linked_by_name: ffbLinkedByName
    }))

    // ---------------------------------------------------------------- write
    const counts: Partial<Record<Entity, EntityCounts>> = {}
    const write = <A>(
      entity: Entity,
      rows: ReadonlyArray<A>,
      upsert: (batch: ReadonlyArray<A>) => Effect.Effect<UpsertResult, StoreError>
    ) =>
      upsertAll(rows, upsert).pipe(
        Effect.map((r) => {
          counts[entity] = entityCounts(rows.length, skippedBy[entity].length, r)
        })
      )
    yield* write("teams", teams, store.upsertTeams)
    yield* write("games", [...games.values()], store.upsertGames)
    yield* write("players", players, store.upsertPlayers)
    yield* write("stat_lines", statLines, store.upsertStatLines)
    yield* write("injuries", injuryRows, store.upsertInjuries)
    yield* write("depth_charts", [...depth.values()], store.upsertDepthCharts)

    const skipped = Object.values(skippedBy).flat()
    yield* Effect.logInfo("nfl ingested").pipe(Effect.annotateLogs(Object.fromEntries(
      Object.entries(counts).map((
        [k, c]
      ) => [
        k,
        `${c.read} rows: ${c.inserted} new, ${c.updated} updated, ${c.unchanged} unchanged; ${c.skipped} skipped`
      ])
    )))
    return { sport: "nfl" as const, counts, skipped, files: allFiles(files) }
  }).pipe(Effect.withSpan("Nfl.ingest", { attributes: { dataDir } }))

/** The platforms by which an ffb_ids row joins an existing person, in order. */
const ffbLinkOrder = ["sleeper", "espn", "yahoo", "fantasypros", "cbs", "nfl"]

const noGsis = (p: Person | undefined): Person | undefined => (p !== undefined && !p.ids.has("gsis") ? p : undefined)

const localIds = new WeakMap<Person, string>()
/** localId is computed once all sources are read; cached per person for the row builders. */
const localIdCached = (p: Person): string => {
  let id = localIds.get(p)
  if (id === undefined) localIds.set(p, id = localId(p))
  return id
}

/**
 * The position a depth chart slot implies (LDT -> DT, RCB -> CB, WLB -> LB, FS -> S), or
 * undefined for roles that are not positions (KR, PR, H = holder).
 */
const slotPosition = (slot: string): string | undefined => {
  const s = slot.toUpperCase()
  if (["KR", "PR", "H"].includes(s)) return undefined
  if (["WLB", "SLB", "MLB", "LILB", "RILB", "LOLB", "ROLB", "ILB", "OLB"].includes(s)) return "LB"
  if (["SS", "FS"].includes(s)) return "S"
  if (["NB", "LCB", "RCB"].includes(s)) return "CB"
  if (["LT", "RT"].includes(s)) return "T"
  if (["LG", "RG"].includes(s)) return "G"
  const m = /^[LR](DT|DE|CB|WR)$/.exec(s)
  return m !== null ? m[1] : s
}

const kindOf = (position: string): HvRow["kind"] => {
  const p = position.toUpperCase()
  return p === "K" ? "kicker" : ["DB", "DL", "LB"].includes(p) ? "idp" : "offense"
}

/** A copy of a record with its keys sorted, so equal content is equal JSON whatever the source order. */
const sortKeys = <V>(o: Readonly<Record<string, V>>): Record<string, V> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
