/**
 * Settings of the runtimes, read through Effect's `Config` (environment variables by default).
 * Three entry points, as @effect/cluster's ShardingConfig: {@link settings} (the `Config`, each
 * field with a description and a default), {@link layer} (values given in code, for embedding)
 * and {@link layerFromEnv} (values read from the environment), both providing {@link SettingsService}.
 *
 * | variable                     | meaning                                            | default                 |
 * |------------------------------|----------------------------------------------------|-------------------------|
 * | DATABASE_URL                 | PostgreSQL URL; when set, the store is PostgreSQL  | unset (PGlite)          |
 * | SPORTS_DATA_STORE            | folder of the embedded PGlite database             | `<root>/.data/pglite`   |
 * | SPORTS_DATA_DIR              | folder of the source datasets (one per dataset)    | `<root>/../shared/data` |
 * | PORT                         | TCP port of the HTTP server                        | 8080                    |
 * | HOST                         | address the HTTP server listens on (127.0.0.1: this machine only) | every interface |
 * | SPORTS_DATA_REFRESH_INTERVAL | how often changed source files are looked for      | 5 minutes               |
 * | SPORTS_DATA_MIRROR           | a data directory's layout over HTTP to sync from   | unset (the publishers)  |
 * | SPORTS_DATA_SYNC             | sync each dataset on its cadence in serve and the worker (SourceSync.ts) | true |
 * | SMTP_URL                     | SMTP server for e-mail (smtp://user:pass@host:587) | unset (.eml files)      |
 * | SPORTS_DATA_MAIL_DIR         | folder of the .eml files when SMTP_URL is unset    | `<root>/.data/mail`     |
 * | SPORTS_DATA_PUBLIC_URL       | public address of the service, used in e-mail links | `http://localhost:<PORT>` |
 * | SPORTS_DATA_SSE_HEARTBEAT    | interval of the event stream's heartbeat comment   | 30 seconds              |
 * | SPORTS_DATA_WEBHOOK_ALLOW_HOSTS | host[:port] list webhooks may target despite the address rules (http too) | empty |
 * | SPORTS_DATA_WEBHOOK_RETRY_SCHEDULE | delays of a delivery's attempts, comma list   | `0 seconds,30 seconds,5 minutes` |
 * | SPORTS_DATA_WORKER_LEASE     | how long a worker's claim of a job or delivery holds unrenewed | 60 seconds |
 * | SPORTS_DATA_LIVE_*, SPORTS_DATA_FEED_* | live game polling: sports, upstream base URLs, intervals, circuit (Live.ts) | see Live.ts |
 *
 * `<root>` is the project root: the nearest folder, upward from this module, whose package.json
 * is named `sports-data` (so the defaults do not depend on the directory a command runs from).
 * A relative value that you set is resolved against the current directory, as a shell user expects.
 * @module
 */
import { Config, Context, Duration, Effect, Layer, Option, type Redacted } from "effect"
import type { ConfigError } from "effect/ConfigError"
import { existsSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { defaultLiveSettings, type LiveSettings, liveSettings } from "./Live.js"

/** The name in the root package.json that marks the project root. */
const ROOT_PACKAGE_NAME = "sports-data"

/**
 * The project root: the nearest ancestor of `from` (default: this module's folder) holding a
 * package.json named `sports-data`; the current directory when there is none (for example when
 * the runtime is bundled into another application).
 */
export const projectRoot = (from: string = dirname(fileURLToPath(import.meta.url))): string => {
  let dir = resolve(from)
  for (;;) {
    const manifest = join(dir, "package.json")
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === ROOT_PACKAGE_NAME) return dir
      } catch {
        // an unreadable manifest is not the root; keep looking upward
      }
    }
    const parent = dirname(dir)
    if (parent === dir) return process.cwd()
    dir = parent
  }
}

/** Default of SPORTS_DATA_STORE, relative to the project root. */
const DEFAULT_STORE_DIR = ".data/pglite"
/** Default of SPORTS_DATA_DIR, relative to the project root. */
const DEFAULT_DATA_DIR = "../shared/data"
/** Default of SPORTS_DATA_MAIL_DIR, relative to the project root (beside the default store). */
const DEFAULT_MAIL_DIR = ".data/mail"
/** Default of PORT. */
const DEFAULT_PORT = 8080
/** Default of SPORTS_DATA_REFRESH_INTERVAL. */
const DEFAULT_REFRESH_INTERVAL = Duration.minutes(5)

/** A path setting: a value you set is resolved against the current directory, the default against the root. */
const pathSetting = (name: string, defaultFromRoot: string, description: string): Config.Config<string> =>
  Config.option(Config.string(name)).pipe(
    Config.map(Option.match({
      onNone: () => resolve(projectRoot(), defaultFromRoot),
      onSome: (value) => resolve(value)
    })),
    Config.withDescription(description)
  )

/** DATABASE_URL: a PostgreSQL URL (redacted: it may hold a password). When set, PostgreSQL is the store. */
export const databaseUrl: Config.Config<Option.Option<Redacted.Redacted<string>>> = Config.option(
  Config.redacted("DATABASE_URL")
).pipe(
  Config.withDescription("PostgreSQL connection URL (postgres://user:pass@host:5432/db); unset to use PGlite")
)

/** SPORTS_DATA_STORE: folder of the embedded PGlite database, absolute. Default `<root>/.data/pglite`. */
export const storeDir: Config.Config<string> = pathSetting(
  "SPORTS_DATA_STORE",
  DEFAULT_STORE_DIR,
  "Folder of the embedded PGlite database (used when DATABASE_URL is unset)"
)

/** SPORTS_DATA_DIR: folder of the source datasets, absolute. Default `<root>/../shared/data`. */
export const dataDir: Config.Config<string> = pathSetting(
  "SPORTS_DATA_DIR",
  DEFAULT_DATA_DIR,
  "Folder of the source datasets (one sub-folder per dataset, each with PROVENANCE.md)"
)

/**
 * SPORTS_DATA_MIRROR: base URL of a server laid out as a data directory (`<url>/<dataset folder>/<file>`,
 * e.g. a static file server over another installation's data directory); `sources sync` and `serve`
 * fetch every dataset from it. Unset: datasets are fetched from their publishers where the source
 * registry has a direct URL (SourceRegistry.ts `rawBase`).
 */
export const mirror: Config.Config<Option.Option<string>> = Config.string("SPORTS_DATA_MIRROR").pipe(
  Config.option,
  Config.withDescription("Base URL of a mirror of a data directory (<url>/<dataset folder>/<file>) to sync from")
)

/**
 * SPORTS_DATA_SYNC: whether `serve` and the worker sync the datasets on their cadence
 * (SourceSync.ts), when a mirror is set or the data directory was synced before. false: only
 * `sports-data sources sync` syncs. Default true.
 */
export const sourceSync: Config.Config<boolean> = Config.boolean("SPORTS_DATA_SYNC").pipe(
  Config.withDefault(true),
  Config.withDescription("Sync each dataset on its cadence inside serve and the worker (true/false)")
)

/** PORT: TCP port of the HTTP server, 1-65535. Default 8080. */
export const port: Config.Config<number> = Config.port("PORT").pipe(
  Config.withDefault(DEFAULT_PORT),
  Config.withDescription("TCP port of the HTTP server")
)

/**
 * HOST: the address the HTTP server listens on, e.g. `127.0.0.1` to accept connections from this
 * machine only (behind a reverse proxy) or `::` for every IPv6 and IPv4 interface. Unset: every
 * interface (node's default), as a container expects.
 */
export const host: Config.Config<Option.Option<string>> = Config.string("HOST").pipe(
  Config.option,
  Config.withDescription("Address the HTTP server listens on (e.g. 127.0.0.1); unset for every interface")
)

/**
 * SPORTS_DATA_REFRESH_INTERVAL: how often `serve` and the worker look for changed source files
 * (an Effect duration such as `5 minutes` or `30 seconds`). Default 5 minutes.
 */
export const refreshInterval: Config.Config<Duration.Duration> = Config.duration("SPORTS_DATA_REFRESH_INTERVAL").pipe(
  Config.withDefault(DEFAULT_REFRESH_INTERVAL),
  Config.withDescription("How often serve and the worker look for changed source files, e.g. `5 minutes`")
)

/** SMTP_URL: the SMTP server that sends e-mail (redacted: it holds a password; never logged). Unset: .eml files. */
export const smtpUrl: Config.Config<Option.Option<Redacted.Redacted<string>>> = Config.option(
  Config.redacted("SMTP_URL")
).pipe(
  Config.withDescription(
    "SMTP server URL for e-mail, e.g. smtp://user:pass@host:587 or smtps://...:465; unset to write .eml files"
  )
)

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}

/** SPORTS_DATA_MAIL_DIR: folder where e-mail is written as .eml files when SMTP_URL is unset, absolute. */
export const mailDir: Config.Config<string> = pathSetting(
  "SPORTS_DATA_MAIL_DIR",
  DEFAULT_MAIL_DIR,
  "Folder of the e-mail written as .eml files when SMTP_URL is unset"
)

/**
 * SPORTS_DATA_PUBLIC_URL: the address users reach the service at (scheme, host, optional port and
 * path, no trailing slash needed), used in the links of e-mail. Unset: `http://localhost:<PORT>`.
 */
export const publicUrl: Config.Config<Option.Option<string>> = Config.option(
  Config.string("SPORTS_DATA_PUBLIC_URL").pipe(
    Config.validate({ message: "must be an http(s) URL such as https://api.example.com", validation: isHttpUrl })
  )
).pipe(
  Config.map(Option.map((url) => url.replace(/\/+$/, ""))),
  Config.withDescription("Public address of the service used in e-mail links; default http://localhost:<PORT>")
)

/** Default of SPORTS_DATA_SSE_HEARTBEAT (specification, "Other timing": every 30 seconds). */
const DEFAULT_SSE_HEARTBEAT = Duration.seconds(30)
/** Default of SPORTS_DATA_WEBHOOK_RETRY_SCHEDULE (specification: 3 attempts, at once, after 30 s, after 5 min). */
const DEFAULT_RETRY_SCHEDULE: ReadonlyArray<Duration.Duration> = [
  Duration.zero,
  Duration.seconds(30),
  Duration.minutes(5)
]

/** SPORTS_DATA_SSE_HEARTBEAT: interval of the heartbeat comment of `GET /v1/events/stream`. Default 30 seconds. */
export const sseHeartbeat: Config.Config<Duration.Duration> = Config.duration("SPORTS_DATA_SSE_HEARTBEAT").pipe(
  Config.withDefault(DEFAULT_SSE_HEARTBEAT),
  Config.withDescription("Interval of the event stream's heartbeat comment, e.g. `30 seconds`")
)

/**
 * SPORTS_DATA_WEBHOOK_ALLOW_HOSTS: comma list of `host` or `host:port` that webhook urls may
 * target even when they resolve to a loopback, private, link-local or metadata address, and over
 * http too (tests, private deployments). Host names lower-cased. Default empty.
 */
export const webhookAllowHosts: Config.Config<ReadonlyArray<string>> = Config.array(
  Config.string(),
  "SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"
).pipe(
  Config.map((hosts) => hosts.map((h) => h.trim().toLowerCase()).filter((h) => h !== "")),
  Config.withDefault([] as ReadonlyArray<string>),
  Config.withDescription("Comma list of host[:port] webhooks may target over any address and http (tests)")
)

/**
 * SPORTS_DATA_WEBHOOK_RETRY_SCHEDULE: the delay before each attempt of one delivery, counted from
 * the previous attempt (the first from the event), a comma list of durations; its length is the
 * number of attempts. Default `0 seconds,30 seconds,5 minutes`.
 */
export const webhookRetrySchedule: Config.Config<ReadonlyArray<Duration.Duration>> = Config.array(
  Config.duration(),
  "SPORTS_DATA_WEBHOOK_RETRY_SCHEDULE"
).pipe(
  Config.validate({ message: "must list at least one duration", validation: (list) => list.length > 0 }),
  Config.withDefault(DEFAULT_RETRY_SCHEDULE),
  Config.withDescription("Delays of a webhook delivery's attempts, e.g. `0 seconds,30 seconds,5 minutes`")
)

/** Default of SPORTS_DATA_WORKER_LEASE: longer than one webhook attempt's 10 s timeout. */
export const DEFAULT_WORKER_LEASE = Duration.seconds(60)

/**
 * SPORTS_DATA_WORKER_LEASE: how long a worker's claim of a job (the refresh pass and the jobs after
 * an ingestion, renewed every third of it while they run) or of a webhook delivery holds; a worker
 * killed mid-job leaves it to another after this long. Default 60 seconds; at least 1 second.
 */
export const workerLease: Config.Config<Duration.Duration> = Config.duration("SPORTS_DATA_WORKER_LEASE").pipe(
  Config.validate({
    message: "must be at least 1 second",
    validation: (d) => Duration.greaterThanOrEqualTo(d, Duration.seconds(1))
  }),
  Config.withDefault(DEFAULT_WORKER_LEASE),
  Config.withDescription("How long a worker's claim of a job or webhook delivery holds unrenewed, e.g. `60 seconds`")
)

/** Every setting, resolved. Paths are absolute. */
export interface Settings {
  readonly databaseUrl: Option.Option<Redacted.Redacted<string>>
  readonly storeDir: string
  readonly dataDir: string
  readonly port: number
  /** The address to listen on; none for every interface. */
  readonly host: Option.Option<string>
  readonly refreshInterval: Duration.Duration
  /** SPORTS_DATA_MIRROR. */
  readonly mirror: Option.Option<string>
  /** SPORTS_DATA_SYNC. */
  readonly sourceSync: boolean
  readonly smtpUrl: Option.Option<Redacted.Redacted<string>>
  readonly mailDir: string
  readonly publicUrl: Option.Option<string>
  readonly sseHeartbeat: Duration.Duration
  readonly webhookAllowHosts: ReadonlyArray<string>
  readonly webhookRetrySchedule: ReadonlyArray<Duration.Duration>
  readonly workerLease: Duration.Duration
  /** Live game polling (Live.ts `liveSettings`: SPORTS_DATA_LIVE_*, SPORTS_DATA_FEED_*). */
  readonly live: LiveSettings
}

/** The public address of the service: SPORTS_DATA_PUBLIC_URL, else `http://localhost:<port>`. No trailing slash. */
export const publicUrlOf = (settings: Pick<Settings, "publicUrl" | "port">): string =>
  Option.getOrElse(settings.publicUrl, () => `http://localhost:${settings.port}`)

/** All settings at once. Fails with a ConfigError naming the variable when a value is malformed (e.g. PORT=abc). */
export const settings: Config.Config<Settings> = Config.all({
  databaseUrl,
  storeDir,
  dataDir,
  port,
  host,
  refreshInterval,
  mirror,
  sourceSync,
  smtpUrl,
  mailDir,
  publicUrl,
  sseHeartbeat,
  webhookAllowHosts,
  webhookRetrySchedule,
  workerLease,
  live: liveSettings
})

/** The resolved settings as a service, for layers that read them from the context. */
export class SettingsService extends Context.Tag("@sports-data/wiring/Settings")<SettingsService, Settings>() {}

/**
 * The defaults, as when no variable is set: no DATABASE_URL (PGlite), the store in
 * `<root>/.data/pglite`, the datasets in `<root>/../shared/data`, port 8080 on every interface, a refresh every 5 minutes,
 * no SMTP_URL (e-mail written to `<root>/.data/mail`), no public address (http://localhost:<port>).
 */
export const defaults = (): Settings => ({
  databaseUrl: Option.none(),
  storeDir: resolve(projectRoot(), DEFAULT_STORE_DIR),
  dataDir: resolve(projectRoot(), DEFAULT_DATA_DIR),
  port: DEFAULT_PORT,
  host: Option.none(),
  refreshInterval: DEFAULT_REFRESH_INTERVAL,
  mirror: Option.none(),
  sourceSync: true,
  smtpUrl: Option.none(),
  mailDir: resolve(projectRoot(), DEFAULT_MAIL_DIR),
  publicUrl: Option.none(),
  sseHeartbeat: DEFAULT_SSE_HEARTBEAT,
  webhookAllowHosts: [],
  webhookRetrySchedule: DEFAULT_RETRY_SCHEDULE,
  workerLease: DEFAULT_WORKER_LEASE,
  live: defaultLiveSettings
})

/**
 * The settings given in code, for embedding: {@link defaults} overridden by `options` (paths as
 * given, so pass absolute ones). Reads no environment variable.
 */
export const layer = (options?: Partial<Settings> | undefined): Layer.Layer<SettingsService> =>
  Layer.sync(SettingsService, () => ({ ...defaults(), ...options }))

/**
 * The settings read through the current ConfigProvider (the environment variables by default),
 * then overridden by `options`. Fails with a ConfigError naming the variable when a value is
 * malformed (e.g. PORT=abc).
 */
export const layerFromEnv = (options?: Partial<Settings> | undefined): Layer.Layer<SettingsService, ConfigError> =>
  Layer.effect(SettingsService, Effect.map(settings, (values) => ({ ...values, ...options })))
