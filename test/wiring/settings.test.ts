/**
 * Settings (packages/wiring/src/Settings.ts): the defaults, the environment overriding them, values
 * given in code for embedding, and the store the settings choose.
 */
import { describe, expect, it } from "@effect/vitest"
import { Settings, storeChoice } from "@sports-data/wiring"
import { ConfigProvider, Duration, Effect, Either, Option, Redacted } from "effect"
import { resolve } from "node:path"

/** Reads the settings from `env` (as if they were the only environment variables). */
const fromEnv = (env: Record<string, string>, options?: Partial<Settings.Settings>) =>
  Settings.SettingsService.pipe(
    Effect.provide(Settings.layerFromEnv(options)),
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))
  )

describe("Settings", () => {
  it.effect("without variables: PGlite under the project root, port 8080, refresh every 5 minutes", () =>
    Effect.gen(function*() {
      const settings = yield* fromEnv({})
      const root = Settings.projectRoot()
      expect(settings.storeDir).toBe(resolve(root, ".data/pglite"))
      expect(settings.dataDir).toBe(resolve(root, "../shared/data"))
      expect(settings.port).toBe(8080)
      expect(Duration.toMillis(settings.refreshInterval)).toBe(300_000)
      expect(storeChoice(settings)).toEqual({ pglite: settings.storeDir })
      expect(settings).toEqual(Settings.defaults())
    }))

  it.effect("variables override the defaults; DATABASE_URL chooses PostgreSQL and stays redacted", () =>
    Effect.gen(function*() {
      const url = "postgres://app:secret@db:5432/sports"
      const settings = yield* fromEnv({
        DATABASE_URL: url,
        SPORTS_DATA_DIR: "some/data",
        PORT: "9000",
        SPORTS_DATA_REFRESH_INTERVAL: "30 seconds"
      })
      expect(settings.dataDir).toBe(resolve("some/data"))
      expect(settings.port).toBe(9000)
      expect(Duration.toMillis(settings.refreshInterval)).toBe(30_000)
      const choice = storeChoice(settings)
      expect(typeof choice === "object" && "postgres" in choice).toBe(true)
      expect(String(Option.getOrThrow(settings.databaseUrl))).not.toContain("secret")
      expect(Redacted.value(Option.getOrThrow(settings.databaseUrl))).toBe(url)
    }))

  it.effect("options given to layerFromEnv win over the variables", () =>
    Effect.gen(function*() {
      const settings = yield* fromEnv({ PORT: "9000" }, { port: 7000 })
      expect(settings.port).toBe(7000)
    }))

  it.effect("a malformed value fails, naming the variable", () =>
    Effect.gen(function*() {
      const result = yield* Effect.either(fromEnv({ PORT: "abc" }))
      expect(Either.isLeft(result) && String(result.left)).toContain("PORT")
    }))

  it.effect("live polling: sports, upstream base URLs and intervals; a wrong sport or URL fails naming it", () =>
    Effect.gen(function*() {
      const live = (yield* fromEnv({
        SPORTS_DATA_LIVE_SPORTS: "nhl, MLB",
        SPORTS_DATA_FEED_NHL: "http://127.0.0.1:18400/nhl/",
        SPORTS_DATA_LIVE_INTERVAL: "20 seconds"
      })).live
      expect(live.sports).toEqual(["nhl", "mlb"])
      expect(live.nhl).toBe("http://127.0.0.1:18400/nhl")
      expect(live.espn).toBe("https://site.api.espn.com")
      expect(Duration.toMillis(live.liveInterval)).toBe(20_000)
      expect(Duration.toMillis(live.idleInterval)).toBe(300_000)
      expect((yield* fromEnv({ SPORTS_DATA_LIVE_SPORTS: "none" })).live.sports).toEqual([])
      const wrongSport = yield* Effect.either(fromEnv({ SPORTS_DATA_LIVE_SPORTS: "nhl,xfl" }))
      expect(Either.isLeft(wrongSport) && String(wrongSport.left)).toContain("xfl")
      const wrongUrl = yield* Effect.either(fromEnv({ SPORTS_DATA_FEED_ESPN: "site.api.espn.com" }))
      expect(Either.isLeft(wrongUrl) && String(wrongUrl.left)).toContain("SPORTS_DATA_FEED_ESPN")
    }))

  it.effect("layer(options) takes values in code and reads no variable", () =>
    Effect.gen(function*() {
      const settings = yield* Settings.SettingsService.pipe(
        Effect.provide(Settings.layer({ storeDir: "/tmp/store", port: 0 })),
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["PORT", "abc"], ["DATABASE_URL", "postgres://x"]])))
      )
      expect(settings.storeDir).toBe("/tmp/store")
      expect(settings.port).toBe(0)
      expect(Option.isNone(settings.databaseUrl)).toBe(true)
      expect(settings.dataDir).toBe(Settings.defaults().dataDir)
    }))
})
