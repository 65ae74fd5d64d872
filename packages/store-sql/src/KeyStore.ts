/**
 * {@link KeyStore} on @effect/sql (table `api_keys`, keyed by the SHA-256 of the key).
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { ApiKey, Conflict, type KeyStoreService } from "@sports-data/domain"
import { Effect, Option, Schema } from "effect"
import { orStoreError, toStoreError } from "./Errors.js"

const COLUMNS = `key_hash, key_prefix, tier, state, email, created_at, activated_at, activation_expires_at,
  revoked_at, trial_starts_at, trial_ends_at, last_used_at`

const decodeRecords = Schema.decodeUnknown(Schema.Array(ApiKey.ApiKeyRecord))

/** Oldest first, ties by hash (as the memory adapter). */
const ORDER = `ORDER BY created_at, key_hash COLLATE "C"`

/** Makes the SQL KeyStore over the current SqlClient (migrations applied). */
export const makeKeyStore: Effect.Effect<KeyStoreService, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const create: KeyStoreService["create"] = (r) =>
    sql<{ key_hash: string }>`
      INSERT INTO api_keys (key_hash, key_prefix, tier, state, email, created_at, activated_at, activation_expires_at,
        revoked_at, trial_starts_at, trial_ends_at, last_used_at)
      VALUES (${r.key_hash}, ${r.key_prefix}, ${r.tier}, ${r.state}, ${r.email}, ${r.created_at}, ${r.activated_at},
        ${r.activation_expires_at}, ${r.revoked_at}, ${r.trial_starts_at}, ${r.trial_ends_at}, ${r.last_used_at})
      ON CONFLICT (key_hash) DO NOTHING
      RETURNING key_hash`.pipe(
      orStoreError("KeyStore.create"),
      Effect.flatMap((rows) =>
        rows.length === 1
          ? Effect.void
          : Effect.fail(new Conflict({ message: "An API key with this hash is already stored" }))
      )
    )

  const createPending: KeyStoreService["createPending"] = (r, a) =>
    sql.withTransaction(Effect.gen(function*() {
      yield* create(r)
      const rows = yield* sql<{ token_hash: string }>`
        INSERT INTO key_activations (token_hash, key_hash, sealed_key, expires_at, used_at)
        VALUES (${a.token_hash}, ${a.key_hash}, ${a.sealed_key}, ${a.expires_at}, ${a.used_at})
        ON CONFLICT (token_hash) DO NOTHING
        RETURNING token_hash`.pipe(orStoreError("KeyStore.createPending"))
      if (rows.length === 0) {
        return yield* Effect.fail(new Conflict({ message: "An activation with this token hash is already stored" }))
      }
    })).pipe(
      Effect.catchTag("SqlError", (e) => Effect.fail(toStoreError("KeyStore.createPending", e)))
    )

  const claimActivation: KeyStoreService["claimActivation"] = (tokenHash, now, activate) =>
    sql.withTransaction(Effect.gen(function*() {
      // the old row, locked, gives the sealed key that the same statement erases
      const claimed = yield* sql<{ key_hash: string; sealed_key: string }>`
        UPDATE key_activations k SET used_at = ${now}, sealed_key = NULL
        FROM (SELECT token_hash, sealed_key FROM key_activations WHERE token_hash = ${tokenHash} FOR UPDATE) old
        WHERE k.token_hash = old.token_hash AND k.used_at IS NULL AND old.sealed_key IS NOT NULL
          AND k.expires_at > ${now}
        RETURNING k.key_hash, old.sealed_key`
      const row = claimed[0]
      if (row === undefined) return Option.none()
      const stored = yield* sql.unsafe(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = $1 FOR UPDATE`, [row.key_hash])
        .pipe(Effect.flatMap(decodeRecords))
      const record = stored[0]
      if (record === undefined) return Option.none()
      const next = activate(record)
      yield* updateStatement(next)
      return Option.some({ record: next, sealed_key: row.sealed_key })
    })).pipe(orStoreError("KeyStore.claimActivation"))

  const findByHash: KeyStoreService["findByHash"] = (keyHash) =>
    sql.unsafe(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = $1`, [keyHash]).pipe(
      Effect.flatMap(decodeRecords),
      Effect.map((rows) => Option.fromNullable(rows[0])),
      orStoreError("KeyStore.findByHash")
    )

  const findByPrefix: KeyStoreService["findByPrefix"] = (prefix) =>
    sql.unsafe(`SELECT ${COLUMNS} FROM api_keys WHERE key_prefix = $1 ${ORDER}`, [prefix]).pipe(
      Effect.flatMap(decodeRecords),
      orStoreError("KeyStore.findByPrefix")
    )

  const findByEmail: KeyStoreService["findByEmail"] = (email) =>
    sql.unsafe(`SELECT ${COLUMNS} FROM api_keys WHERE lower(email) = lower($1) ${ORDER}`, [email]).pipe(
      Effect.flatMap(decodeRecords),
      orStoreError("KeyStore.findByEmail")
    )

  const updateStatement = (r: ApiKey.ApiKeyRecord) =>
    sql<{ key_hash: string }>`
      UPDATE api_keys SET state = ${r.state}, email = ${r.email}, activated_at = ${r.activated_at},
        activation_expires_at = ${r.activation_expires_at}, revoked_at = ${r.revoked_at},
        trial_starts_at = ${r.trial_starts_at}, trial_ends_at = ${r.trial_ends_at}
      WHERE key_hash = ${r.key_hash}
      RETURNING key_hash`

  const update: KeyStoreService["update"] = (r) =>
    updateStatement(r).pipe(Effect.map((rows) => rows.length > 0), orStoreError("KeyStore.update"))

  const revoke: KeyStoreService["revoke"] = (prefix, now) =>
    sql<{ key_hash: string }>`
      UPDATE api_keys SET state = 'revoked', revoked_at = ${now}
      WHERE key_prefix = ${prefix} AND state <> 'revoked'
      RETURNING key_hash`.pipe(
      Effect.map((rows) => rows.length),
      orStoreError("KeyStore.revoke")
    )

  const touch: KeyStoreService["touch"] = (uses) =>
    uses.length === 0 ? Effect.void : sql.unsafe(
      `UPDATE api_keys AS k SET last_used_at = u.at
      FROM jsonb_to_recordset($1::jsonb) AS u(key_hash text, at timestamptz) WHERE k.key_hash = u.key_hash`,
      [JSON.stringify(uses.map(([key_hash, at]) => ({ key_hash, at })))]
    ).pipe(
      Effect.asVoid,
      orStoreError("KeyStore.touch")
    )

  const list: KeyStoreService["list"] = sql.unsafe(`SELECT ${COLUMNS} FROM api_keys ${ORDER}`).pipe(
    Effect.flatMap(decodeRecords),
    orStoreError("KeyStore.list")
  )

  return { create, createPending, claimActivation, findByHash, findByPrefix, findByEmail, update, revoke, touch, list }
})
