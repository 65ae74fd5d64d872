/**
 * NBA signals from the bettormanpicks status history (`nba_player_status_history.csv`, one row
 * per new (player, status, comment), with the commit time it first appeared).
 *
 * Rule: a player's entries in order of `first_seen_commit_time`; an entry whose status code
 * differs from his previous entry's is a status change and one signal (an entry repeating the
 * code with a new comment is not):
 * - O (out), D (doubtful), Q (questionable) → `injury_update` (gravity O and D major, Q moderate);
 * - P (probable) or A (available) after O, D or Q → `return_from_injury` (moderate);
 * - P as a player's first entry → `injury_update` (minor); A as a first entry is no signal.
 * `published_at` and `reported_at` are the first-seen time, `summary` the reporter's comment.
 * Severity: Signals.severityOf of the player's role (mean minutes of his last five games before
 * the entry, Signals.nbaRole) and the gravity. Key `nba:status:<player id>:<first seen>:<code>`.
 * An entry without a player id is matched by name to exactly one player, else left out.
 * @module
 */
import { type Player, type Resources, Signals, type StatLine, type StoredSignal } from "@sports-data/domain"
import { idsByName, type StatusRow } from "../PlayerStatus.js"
import { nbaPlayerId } from "./Build.js"

const statusNames: Readonly<Record<string, string>> = {
  O: "Out",
  D: "Doubtful",
  Q: "Questionable",
  P: "Probable",
  A: "Available"
}
const injuring = new Set(["O", "D", "Q"])

/** The source name of these signals. */
export const NBA_STATUS_SOURCE = "NBA injury report (bettormanpicks status history)"

/** The signals of the status history `statuses`, given the built players and stat lines. */
export const nbaSignals = (input: {
  readonly statuses: ReadonlyArray<StatusRow>
  readonly players: ReadonlyArray<Player>
  readonly statLines: ReadonlyArray<StatLine>
}): ReadonlyArray<StoredSignal> => {
  const playerById = new Map(input.players.map((p) => [p.id, p]))
  const named = idsByName(input.players.map((p) => [p.full_name, p.id] as const))
  const linesOf = new Map<string, Array<StatLine>>()
  for (const l of input.statLines) {
    if (l.game_date === null) continue
    const list = linesOf.get(l.player_id)
    if (list === undefined) linesOf.set(l.player_id, [l])
    else list.push(l)
  }
  for (const list of linesOf.values()) list.sort((a, b) => (a.game_date! < b.game_date! ? -1 : 1))

  const byPlayer = new Map<string, Array<StatusRow & { readonly at: Date }>>()
  for (const s of input.statuses) {
    let pid = s.playerId === null ? undefined : nbaPlayerId(s.playerId)
    if (pid === undefined) {
      const ids = [...named(s.name)]
      if (ids.length !== 1) continue
      pid = ids[0]!
    }
    const at = new Date(s.firstSeen ?? `${s.lastUpdated.replace(" ", "T")}Z`)
    if (Number.isNaN(at.getTime())) continue
    const list = byPlayer.get(pid)
    if (list === undefined) byPlayer.set(pid, [{ ...s, at }])
    else list.push({ ...s, at })
  }

  const out: Array<StoredSignal> = []
  for (const [pid, entries] of byPlayer) {
    entries.sort((a, b) => a.at.getTime() - b.at.getTime() || a.line - b.line)
    const player = playerById.get(pid)
    let prev: string | undefined
    for (const e of entries) {
      const before = prev
      prev = e.code
      if (e.code === before) continue
      let type: Resources.SignalType
      let gravity: Signals.Gravity
      if (injuring.has(e.code)) {
        type = "injury_update"
        gravity = e.code === "Q" ? "moderate" : "major"
      } else if ((e.code === "P" || e.code === "A") && before !== undefined && injuring.has(before)) {
        type = "return_from_injury"
        gravity = "moderate"
      } else if (e.code === "P" && before === undefined) {
        type = "injury_update"
        gravity = "minor"
      } else continue
      const day = e.at.toISOString().slice(0, 10)
      const past = (linesOf.get(pid) ?? []).filter((l) => l.game_date! < day)
      const recent = past.slice(-5)
      const minutes = recent.flatMap((l) => {
        const m = l.stats.minutes_played
        return typeof m === "number" ? [m] : []
      })
      const role = Signals.nbaRole(
        minutes.length === 0 ? undefined : minutes.reduce((a, b) => a + b, 0) / minutes.length
      )
      const severity: Resources.Severity = Signals.severityOf(role, gravity)
      const name = player?.full_name ?? e.name
      const team = past[past.length - 1]?.team ?? player?.team ?? ""
      const status = statusNames[e.code] ?? e.code
      const key = `nba:status:${pid}:${e.at.toISOString()}:${e.code}`
      out.push({
        id: Signals.signalId(key),
        key,
        sport: "nba",
        player_id: player === undefined ? null : pid,
        player_name: name,
        team,
        position: player?.position ?? null,
        signal_type: type,
        severity,
        title: type === "return_from_injury"
          ? `${name} upgraded to ${status} (was ${statusNames[before!] ?? before})`
          : `${name} listed ${status}`,
        summary: e.comment ?? `${name} listed ${status}.`,
        source: NBA_STATUS_SOURCE,
        source_url: null,
        published_at: e.at,
        reported_at: e.at,
        effective_at: e.at,
        season: null,
        week: null,
        details: { status: e.code, previous_status: before ?? null, role, last_updated: e.lastUpdated }
      })
    }
  }
  return out
}
