/**
 * The ExportReader over the in-memory state: each page filters and sorts the table's keys (code
 * units; signals by numeric id) and takes the rows after the cursor. Exact, not fast: memory is
 * the store of tests and embedding.
 * @module
 */
import type { ExportKind, ExportPage, ExportReaderService, ExportRows, SportKey } from "@sports-data/domain"
import { Effect, HashMap, Ref } from "effect"
import type { SportsData } from "./SportsData.js"

/** Rows of `kind` of `sport` with their keys (text keys; signals' numeric ids as numbers). */
const keyed = (
  data: SportsData,
  kind: ExportKind,
  sport: SportKey
): Effect.Effect<Array<readonly [string | number, unknown]>> => {
  const text = <A extends { readonly sport: string }>(
    table: Ref.Ref<HashMap.HashMap<string, A>>,
    key: (a: A) => string
  ) =>
    Effect.map(
      Ref.get(table),
      (m) => [...HashMap.values(m)].filter((a) => a.sport === sport).map((a) => [key(a), a] as const)
    )
  switch (kind) {
    case "players":
      return text(data.players, (p) => p.id)
    case "teams":
      return text(data.teams, (t) => t.abbr)
    case "games":
      return text(data.games, (g) => g.id)
    case "stat_lines":
      return text(data.statLines, (l) => l.id)
    case "events":
      return text(data.events, (e) => e.id)
    case "entries":
      return text(data.eventEntries, (e) => e.id)
    case "athletes":
      return text(data.athletes, (a) => a.id)
    case "signals":
      return Effect.map(
        Ref.get(data.signals),
        (s) => [...HashMap.values(s.signals)].filter((x) => x.sport === sport).map((x) => [x.id, x] as const)
      )
  }
}

/** Makes the ExportReader over `data`. Never fails. */
export const makeExportReader = (data: SportsData): ExportReaderService => ({
  page: <K extends ExportKind>(kind: K, sport: SportKey, after: string | null, limit: number) =>
    Effect.map(keyed(data, kind, sport), (rows): ExportPage<K> => {
      const numeric = kind === "signals"
      const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0)
      const from = after === null ? null : numeric ? Number(after) : after
      const sorted = rows
        .filter(([k]) => from === null || cmp(k, from) > 0)
        .sort(([a], [b]) => cmp(a, b))
        .slice(0, Math.max(1, Math.trunc(limit)))
      const last = sorted.at(-1)
      return {
        rows: sorted.map(([, row]) => row as ExportRows[K]),
        next: sorted.length < limit || last === undefined ? null : String(last[0])
      }
    })
})
