/**
 * {@link DashboardStore} on @effect/sql (tables `dashboard_links`, `dashboard_sessions`,
 * migration 25). A link is claimed by one `DELETE ... RETURNING`, so of two concurrent claims
 * exactly one gets it.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { DashboardSession, DashboardStoreService, SignInLink } from "@sports-data/domain"
import { Effect, Option } from "effect"
import { orStoreError } from "./Errors.js"

type Row<A> = { readonly [K in keyof A]: A[K] extends Date ? Date | string : A[K] }

const toLink = (r: Row<SignInLink>): SignInLink => ({
  token_hash: r.token_hash,
  email: r.email,
  created_at: new Date(r.created_at),
  expires_at: new Date(r.expires_at)
})

const toSession = (r: Row<DashboardSession>): DashboardSession => ({
  id_hash: r.id_hash,
  email: r.email,
  key_hash: r.key_hash,
  created_at: new Date(r.created_at),
  expires_at: new Date(r.expires_at)
})

/** Makes the SQL DashboardStore over the current SqlClient (migrations applied). */
export const makeDashboardStore: Effect.Effect<DashboardStoreService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => ({
    createLink: (link) =>
      sql`DELETE FROM dashboard_links WHERE expires_at <= ${link.created_at}`.pipe(
        Effect.zipRight(sql`DELETE FROM dashboard_sessions WHERE expires_at <= ${link.created_at}`),
        Effect.zipRight(sql`INSERT INTO dashboard_links ${sql.insert({ ...link })}`),
        Effect.asVoid,
        orStoreError("DashboardStore.createLink")
      ),
    claimLink: (tokenHash, now) =>
      sql<Row<SignInLink>>`
        DELETE FROM dashboard_links WHERE token_hash = ${tokenHash} AND expires_at > ${now}
        RETURNING token_hash, email, created_at, expires_at`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toLink)),
        orStoreError("DashboardStore.claimLink")
      ),
    createSession: (session) =>
      sql`INSERT INTO dashboard_sessions ${sql.insert({ ...session })}`.pipe(
        Effect.asVoid,
        orStoreError("DashboardStore.createSession")
      ),
    findSession: (idHash, now) =>
      sql<Row<DashboardSession>>`
        SELECT id_hash, email, key_hash, created_at, expires_at FROM dashboard_sessions
        WHERE id_hash = ${idHash} AND expires_at > ${now}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toSession)),
        orStoreError("DashboardStore.findSession")
      ),
    deleteSession: (idHash) =>
      sql`DELETE FROM dashboard_sessions WHERE id_hash = ${idHash}`.pipe(
        Effect.asVoid,
        orStoreError("DashboardStore.deleteSession")
      )
  })
)
