/**
 * SourceSyncStore contract: one suite, run on every adapter (memory, PGlite, PostgreSQL when
 * available). Each build of a layer starts with an empty store.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { SourceSyncStore, type SyncRecord } from "@sports-data/domain"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const record = (folder: string, file: string, sha: string, at: string, etag: string | null = null): SyncRecord => ({
  folder,
  file,
  etag,
  last_modified: etag === null ? "Sun, 01 Nov 2026 04:00:00 GMT" : null,
  sha256: sha.repeat(64),
  synced_at: at
})

describe("SourceSyncStore contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("keeps one record per folder and file, replaced by a later save, read back sorted and exact", () =>
        Effect.gen(function*() {
          const store = yield* SourceSyncStore
          expect(yield* store.all).toEqual([])
          yield* store.save([
            record("nflverse_data", "stats_player_week_2024.csv", "b", "2026-11-01T04:00:00.123Z", "\"v1\""),
            record("f1db", "f1db-races.csv", "a", "2026-10-31T22:15:00.000Z"),
            record("nflverse_data", "games.csv", "c", "2026-11-01T04:00:01.000Z", "W/\"g\"")
          ])
          yield* store.save([])
          // a later sync of one file replaces its record; the others stay
          yield* store.save([record("nflverse_data", "games.csv", "d", "2026-11-02T05:30:00.500Z", "\"g2\"")])
          expect(yield* store.all).toEqual([
            record("f1db", "f1db-races.csv", "a", "2026-10-31T22:15:00.000Z"),
            record("nflverse_data", "games.csv", "d", "2026-11-02T05:30:00.500Z", "\"g2\""),
            record("nflverse_data", "stats_player_week_2024.csv", "b", "2026-11-01T04:00:00.123Z", "\"v1\"")
          ])
        }))

      it.effect("never keeps the URL a caller's record carries (a mirror may be private)", () =>
        Effect.gen(function*() {
          const store = yield* SourceSyncStore
          const withUrl = {
            ...record("sackmann_tennis_atp", "atp_matches_2024.csv", "e", "2026-11-03T00:00:00.000Z"),
            url: "https://user:secret@mirror.internal/x"
          }
          yield* store.save([withUrl])
          const held = (yield* store.all).filter((r) => r.folder === "sackmann_tennis_atp")
          expect(held).toEqual([record("sackmann_tennis_atp", "atp_matches_2024.csv", "e", "2026-11-03T00:00:00.000Z")])
          expect(JSON.stringify(held)).not.toContain("mirror.internal")
        }))
    })
  }
})
