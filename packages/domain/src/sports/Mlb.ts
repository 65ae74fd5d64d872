/**
 * MLB: positions, stat keys, scoring, game states and standings rules.
 *
 * Stat key units: counts; `pitching_outs` outs recorded (IP = outs / 3).
 * @module
 */
import { mlbFormats } from "../Scoring.js"
import { mlbRules } from "../Standings.js"
import type { SportModule } from "./SportModule.js"

type Stats = Readonly<Record<string, number | null | undefined>>

const finite = (stats: Stats, key: string): number | undefined => {
  const v = stats[key]
  return typeof v === "number" && Number.isFinite(v) ? v : undefined
}

/**
 * Fills singles (H - 2B - 3B - HR) and quality starts (a start of at least 18 outs with at most
 * 3 earned runs, MLB's definition) when a line lacks them and has what they derive from.
 */
export const deriveMlbStats = (stats: Stats): Stats => {
  const out: Record<string, number | null | undefined> = { ...stats }
  if (finite(stats, "batting_1b") === undefined) {
    const [h, d, t, hr] = ["batting_h", "batting_2b", "batting_3b", "batting_hr"].map((k) => finite(stats, k))
    if (h !== undefined && d !== undefined && t !== undefined && hr !== undefined) out.batting_1b = h - d - t - hr
  }
  if (finite(stats, "pitching_qs") === undefined) {
    const outs = finite(stats, "pitching_outs")
    const er = finite(stats, "pitching_er")
    const gs = finite(stats, "pitching_gs")
    if (outs !== undefined && er !== undefined && gs !== undefined) {
      out.pitching_qs = gs > 0 && outs >= 18 && er <= 3 ? 1 : 0
    }
  }
  return out
}

/** The MLB module. */
export const mlb = {
  key: "mlb",
  name: "Major League Baseball",
  shortName: "MLB",
  capabilities: {
    stats: true,
    metrics: true,
    alpha: false,
    similarity: true,
    projection: true,
    history: true,
    anomaly: true,
    models: true,
    signals: true,
    ecr: true,
    plays: true,
    schedule: true,
    dfs: false
  },
  leagues: ["mlb"],
  positions: ["SP", "RP", "C", "1B", "2B", "3B", "SS", "OF", "DH"],
  /** Sources write P for every pitcher, LF/CF/RF for outfielders and TWP for two-way players. */
  positionAliases: {
    P: ["SP", "RP"],
    PITCHER: ["SP", "RP"],
    LF: ["OF"],
    CF: ["OF"],
    RF: ["OF"],
    TWP: ["SP", "RP", "DH"]
  },
  statKeys: [
    "batting_ab",
    "batting_pa",
    "batting_h",
    "batting_1b",
    "batting_2b",
    "batting_3b",
    "batting_hr",
    "batting_r",
    "batting_rbi",
    "batting_bb",
    "batting_hbp",
    "batting_sb",
    "batting_so",
    "pitching_outs",
    "pitching_w",
    "pitching_l",
    "pitching_sv",
    "pitching_hld",
    "pitching_er",
    "pitching_k",
    "pitching_bb",
    "pitching_h",
    "pitching_qs",
    "pitching_gs"
  ],
  scoring: mlbFormats,
  deriveStats: deriveMlbStats,
  gameStates: ["pre_game", "scheduled", "in_progress", "final", "completed", "postponed"],
  standings: { mlb: mlbRules },
  teams: []
} as const satisfies SportModule<"mlb">
