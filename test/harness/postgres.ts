/**
 * PostgreSQL for tests, as a scoped resource (the shape of Effect's sql-pg test utils).
 *
 * {@link testDatabaseUrl} gives the url of a FRESH, empty database:
 * 1. with `TEST_DATABASE_URL` (for example `postgres://postgres@127.0.0.1:5432/postgres`), a
 *    database with a random name is created on that server and dropped `WITH (FORCE)` when
 *    the scope closes;
 * 2. otherwise, when a Docker engine answers, a throwaway PostgreSQL 15 container
 *    (testcontainers), stopped when the scope closes;
 * 3. otherwise `Option.none()`: the caller runs on memory and PGlite only.
 * @module
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Duration, Effect, Option, Redacted, type Scope } from "effect"
import { existsSync } from "node:fs"
import * as http from "node:http"

/** Runs one statement on `url` through a short-lived single connection. */
const runOn = (url: string, statement: string) =>
  Effect.scoped(
    Effect.flatMap(
      PgClient.make({ url: Redacted.make(url), maxConnections: 1, connectTimeout: Duration.seconds(3) }),
      (sql) => sql.unsafe(statement)
    )
  ).pipe(Effect.provide(Reactivity.layer))

/** `url` with its database replaced by `database`. */
const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/** A fresh database on the server of `serverUrl`, dropped (WITH (FORCE)) when the scope closes. */
export const freshDatabase = (serverUrl: string) => {
  const name = `sports_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`
  return Effect.acquireRelease(
    Effect.as(runOn(serverUrl, `CREATE DATABASE "${name}"`), withDatabase(serverUrl, name)),
    () => runOn(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).pipe(Effect.ignore)
  )
}

/** True when a Docker engine answers `GET /_ping` within a second (socket or DOCKER_HOST tcp). */
export const dockerAnswers: Effect.Effect<boolean> = Effect.suspend(() => {
  const host = process.env["DOCKER_HOST"]
  let target: http.RequestOptions
  if (host !== undefined && host.startsWith("tcp://")) {
    const url = new URL(host.replace(/^tcp:/, "http:"))
    target = { host: url.hostname, port: url.port === "" ? 2375 : Number(url.port) }
  } else {
    const socketPath = host !== undefined && host.startsWith("unix://")
      ? host.slice("unix://".length)
      : "/var/run/docker.sock"
    if (!existsSync(socketPath)) return Effect.succeed(false)
    target = { socketPath }
  }
  return Effect.async<boolean>((resume) => {
    const request = http.get({ ...target, path: "/_ping", timeout: 1000 }, (response) => {
      response.resume()
      resume(Effect.succeed(response.statusCode === 200))
    })
    request.on("error", () => resume(Effect.succeed(false)))
    request.on("timeout", () => request.destroy(new Error("Docker ping timed out")))
    return Effect.sync(() => request.destroy())
  })
})

/** A PostgreSQL 15 container, stopped when the scope closes; its url names a fresh database. */
const containerDatabase = Effect.acquireRelease(
  Effect.tryPromise(async () => {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql")
    return new PostgreSqlContainer("postgres:15-alpine").start()
  }),
  (container) => Effect.tryPromise(() => container.stop()).pipe(Effect.ignore)
).pipe(Effect.map((container) => container.getConnectionUri()))

/**
 * The url of a fresh PostgreSQL database for this scope, or none when there is no server (see
 * the module comment). Never fails: an unreachable server logs a warning and gives none.
 */
export const testDatabaseUrl: Effect.Effect<Option.Option<string>, never, Scope.Scope> = Effect.gen(function*() {
  const server = process.env["TEST_DATABASE_URL"]
  if (server !== undefined && server !== "") {
    return yield* freshDatabase(server).pipe(
      Effect.map(Option.some),
      Effect.catchAllCause((cause) =>
        Effect.as(Effect.logWarning("TEST_DATABASE_URL does not answer", cause), Option.none<string>())
      )
    )
  }
  if (yield* dockerAnswers) {
    return yield* containerDatabase.pipe(
      Effect.map(Option.some),
      Effect.catchAllCause((cause) =>
        Effect.as(Effect.logWarning("PostgreSQL container did not start", cause), Option.none<string>())
      )
    )
  }
  return Option.none()
})

/**
 * Whether {@link testDatabaseUrl} would give a database: TEST_DATABASE_URL answers `SELECT 1`,
 * or (without it) a Docker engine answers. Cheap; used to decide which suites to declare.
 */
export const postgresAvailable: Effect.Effect<boolean> = Effect.suspend(() => {
  const server = process.env["TEST_DATABASE_URL"]
  if (server !== undefined && server !== "") {
    return runOn(server, "SELECT 1").pipe(Effect.as(true), Effect.catchAllCause(() => Effect.succeed(false)))
  }
  return dockerAnswers
})
