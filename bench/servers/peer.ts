/**
 * The hand-written peer of the HTTP bench (issue 9): Fastify + node-postgres doing the work of
 * one admitted `GET /v1/nfl/players?team=<team>` in the plainest way, three round trips:
 * 1. the key's record by the SHA-256 of the X-Service-Key header (`peer_keys`);
 * 2. a per-minute counter upsert that counts only below the key's limit (`peer_counters`);
 * 3. one indexed query of the service's own `players` table (index players_sport_team_idx).
 * Answers `{ data, meta }` JSON. Settings: BENCH_PG (the database the service filled),
 * BENCH_KEYS_FILE (the keys to accept), BENCH_PEER_LIMIT (per-minute limit, default 10^9).
 * Prints `READY <port>`.
 * @module
 */
import Fastify from "fastify"
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import pg from "pg"

const url = process.env["BENCH_PG"] ?? "postgres://postgres@127.0.0.1:5432/postgres"
const limit = Number(process.env["BENCH_PEER_LIMIT"] ?? 1_000_000_000)
const keys = JSON.parse(readFileSync(process.env["BENCH_KEYS_FILE"] ?? "/tmp/bench-keys.json", "utf8")) as Array<string>
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

const pool = new pg.Pool({ connectionString: url, max: 10 })
await pool.query(`CREATE TABLE IF NOT EXISTS peer_keys (key_hash text PRIMARY KEY, tier text NOT NULL,
  per_minute integer NOT NULL)`)
await pool.query(`CREATE TABLE IF NOT EXISTS peer_counters (key_hash text NOT NULL, minute timestamptz NOT NULL,
  calls integer NOT NULL, PRIMARY KEY (key_hash, minute))`)
await pool.query(
  `INSERT INTO peer_keys SELECT h, 'syndicate_alpha', $2 FROM unnest($1::text[]) AS h ON CONFLICT DO NOTHING`,
  [keys.map(sha256), limit]
)

const app = Fastify()
app.get<{ Querystring: { team?: string } }>("/v1/nfl/players", async (request, reply) => {
  const key = request.headers["x-service-key"]
  if (typeof key !== "string" || key === "") return reply.code(401).send({ error_code: "MISSING_API_KEY" })
  const hash = sha256(key)
  const found = await pool.query<{ tier: string; per_minute: number }>(
    "SELECT tier, per_minute FROM peer_keys WHERE key_hash = $1",
    [hash]
  )
  const record = found.rows[0]
  if (record === undefined) return reply.code(401).send({ error_code: "INVALID_API_KEY" })
  const counted = await pool.query<{ calls: number }>(
    `INSERT INTO peer_counters AS c (key_hash, minute, calls) VALUES ($1, date_trunc('minute', now()), 1)
     ON CONFLICT (key_hash, minute) DO UPDATE SET calls = c.calls + 1 WHERE c.calls < $2 RETURNING calls`,
    [hash, record.per_minute]
  )
  if (counted.rows.length === 0) return reply.code(429).send({ error_code: "RATE_LIMIT_EXCEEDED" })
  const players = await pool.query(
    `SELECT id, sport, full_name, first_name, last_name, position, team, status, birth_date, platform_ids, attributes
     FROM players WHERE sport = 'nfl' AND lower(team) = lower($1) ORDER BY full_name, id LIMIT 100`,
    [request.query.team ?? ""]
  )
  reply.header("x-service-tier", record.tier)
  return { data: players.rows, meta: { tier: record.tier, count: players.rows.length } }
})
await app.listen({ port: 0, host: "127.0.0.1" })
const address = app.server.address()
console.log(`READY ${typeof address === "object" && address !== null ? address.port : 0}`)
process.on("SIGTERM", () => void app.close().then(() => pool.end()).then(() => process.exit(0)))
