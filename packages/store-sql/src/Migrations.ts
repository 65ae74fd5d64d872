/**
 * Schema of the SQL store (PostgreSQL dialect; runs on a server and on PGlite) and the
 * migration runner, on the generic `Migrator.make({})` of @effect/sql (PgMigrator would need
 * pg_dump and a filesystem).
 *
 * Player search is a plain `name_key LIKE` (pg_trgm is not available on PGlite); orders use
 * `COLLATE "C"` so every server sorts like the memory adapter.
 * @module
 */
import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Effect } from "effect"
import {
  latestLinesMigration,
  listedLinesMigration,
  oddsMigration,
  outrightsMigration,
  storedNoVigMigration
} from "./Odds.js"
import { sourceSyncsMigration } from "./SourceSync.js"

const statements = (list: ReadonlyArray<string>): Effect.Effect<void, SqlError, SqlClient.SqlClient> =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => Effect.forEach(list, (text) => sql.unsafe(text), { discard: true }))

/** 0001: API keys, usage counters and analytics, canonical sports rows, ingest state. */
const initial = statements([
  // --- keys: only the SHA-256 of a key is stored ---
  `CREATE TABLE api_keys (
    key_hash text PRIMARY KEY,
    key_prefix text NOT NULL,
    tier text NOT NULL,
    state text NOT NULL,
    email text,
    created_at timestamptz NOT NULL,
    activated_at timestamptz,
    activation_expires_at timestamptz,
    revoked_at timestamptz,
    trial_starts_at timestamptz,
    trial_ends_at timestamptz,
    last_used_at timestamptz
  )`,
  `CREATE INDEX api_keys_prefix_idx ON api_keys (key_prefix, created_at)`,
  `CREATE INDEX api_keys_created_idx ON api_keys (created_at, key_hash COLLATE "C")`,
  // --- usage: one counter row per key; minute_log = admitted call instants in the window ---
  `CREATE TABLE usage_counters (
    key_hash text PRIMARY KEY,
    minute_log timestamptz[] NOT NULL,
    day date NOT NULL,
    day_count integer NOT NULL,
    month date NOT NULL,
    month_count integer NOT NULL
  )`,
  `CREATE TABLE usage_analytics (
    key_hash text NOT NULL,
    day date NOT NULL,
    endpoint text NOT NULL,
    calls bigint NOT NULL,
    total_ms double precision NOT NULL,
    last_call timestamptz NOT NULL,
    PRIMARY KEY (key_hash, day, endpoint)
  )`,
  // --- sports ---
  `CREATE TABLE players (
    id text PRIMARY KEY,
    sport text NOT NULL,
    full_name text NOT NULL,
    first_name text,
    last_name text,
    position text,
    team text,
    status text NOT NULL,
    birth_date text,
    platform_ids jsonb NOT NULL,
    attributes jsonb NOT NULL
  )`,
  `CREATE INDEX players_sport_name_idx ON players (sport, full_name COLLATE "C", id COLLATE "C")`,
  `CREATE INDEX players_sport_team_idx ON players (sport, lower(team))`,
  `CREATE INDEX players_sport_position_idx ON players (sport, lower(position))`,
  `CREATE INDEX players_lower_name_idx ON players (lower(full_name) text_pattern_ops)`,
  `CREATE INDEX players_platform_ids_idx ON players USING gin (platform_ids jsonb_path_ops)`,
  `CREATE TABLE teams (
    sport text NOT NULL,
    abbr text NOT NULL,
    name text NOT NULL,
    conference text,
    division text,
    external_id text,
    attributes jsonb NOT NULL,
    PRIMARY KEY (sport, abbr)
  )`,
  `CREATE TABLE games (
    id text PRIMARY KEY,
    sport text NOT NULL,
    season integer NOT NULL,
    week integer,
    season_type text,
    game_date date NOT NULL,
    start_time timestamptz,
    state text NOT NULL,
    home_team text NOT NULL,
    away_team text NOT NULL,
    home_score integer,
    away_score integer,
    venue text,
    attributes jsonb NOT NULL
  )`,
  `CREATE INDEX games_sport_date_idx ON games (sport, game_date, id COLLATE "C")`,
  `CREATE INDEX games_sport_season_week_idx ON games (sport, season, week)`,
  `CREATE INDEX games_sport_home_idx ON games (sport, lower(home_team))`,
  `CREATE INDEX games_sport_away_idx ON games (sport, lower(away_team))`,
  `CREATE TABLE stat_lines (
    id text PRIMARY KEY,
    sport text NOT NULL,
    player_id text NOT NULL,
    game_id text,
    season integer NOT NULL,
    week integer,
    game_date date,
    team text,
    opponent text,
    position text,
    is_starter boolean,
    stats jsonb NOT NULL,
    fantasy_points double precision,
    fantasy_points_formats jsonb NOT NULL
  )`,
  `CREATE INDEX stat_lines_player_idx ON stat_lines (player_id, season, week, game_date)`,
  `CREATE INDEX stat_lines_sport_season_week_idx ON stat_lines (sport, season, week)`,
  `CREATE INDEX stat_lines_sport_date_idx ON stat_lines (sport, game_date)`,
  `CREATE INDEX stat_lines_sport_team_idx ON stat_lines (sport, lower(team))`,
  `CREATE INDEX stat_lines_sport_position_idx ON stat_lines (sport, lower(position))`,
  `CREATE INDEX stat_lines_sport_points_idx ON stat_lines (sport, fantasy_points DESC NULLS LAST)`,
  `CREATE TABLE injuries (
    id text PRIMARY KEY,
    sport text NOT NULL,
    player_id text NOT NULL,
    season integer NOT NULL,
    week integer,
    team text,
    report_status text,
    practice_status text,
    primary_injury text,
    secondary_injury text,
    reported_at timestamptz
  )`,
  `CREATE INDEX injuries_player_idx ON injuries (player_id, season, week)`,
  `CREATE INDEX injuries_sport_season_week_idx ON injuries (sport, season, week)`,
  `CREATE INDEX injuries_sport_team_idx ON injuries (sport, lower(team))`,
  `CREATE TABLE depth_charts (
    id text PRIMARY KEY,
    sport text NOT NULL,
    player_id text NOT NULL,
    season integer NOT NULL,
    week integer,
    team text NOT NULL,
    position text,
    depth_position text,
    depth integer,
    formation text
  )`,
  `CREATE INDEX depth_charts_player_idx ON depth_charts (player_id, season, week)`,
  `CREATE INDEX depth_charts_sport_season_week_idx ON depth_charts (sport, season, week)`,
  `CREATE INDEX depth_charts_sport_team_idx ON depth_charts (sport, lower(team))`,
  `CREATE TABLE ingest_state (
    sport text PRIMARY KEY,
    finished_at timestamptz NOT NULL,
    source_mtime_ms double precision NOT NULL
  )`
])

/** The three statement-level triggers (migration 0002's `bump_data_version`) that make `table` move the data version. */
const versionTriggers = (table: string): ReadonlyArray<string> => [
  `CREATE TRIGGER ${table}_version_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()`,
  `CREATE TRIGGER ${table}_version_update AFTER UPDATE ON ${table}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()`,
  `CREATE TRIGGER ${table}_version_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()`
]

/** The tables whose rows make up the data version (every canonical sports table). */
const versionedTables = ["players", "teams", "games", "stat_lines", "injuries", "depth_charts"] as const

/**
 * 0002: the data version (CatalogReader.dataVersion), one counter row. Statement-level triggers
 * with transition tables add 1 after each INSERT, UPDATE or DELETE statement on a sports table
 * that touched at least one row, in the same transaction as the rows. An upsert whose rows are
 * all unchanged touches no row (its `DO UPDATE ... WHERE ... IS DISTINCT FROM`), so it leaves the
 * version. The trigger runs once per statement, not per row, whatever the upsert's batch size.
 */
const dataVersion = statements([
  `CREATE TABLE data_version (
    id integer PRIMARY KEY CHECK (id = 1),
    version bigint NOT NULL
  )`,
  `INSERT INTO data_version (id, version) VALUES (1, 0)`,
  `CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM changed) THEN
      UPDATE data_version SET version = version + 1 WHERE id = 1;
    END IF;
    RETURN NULL;
  END
  $$`,
  ...versionedTables.flatMap(versionTriggers)
])

/**
 * 0003: `players.name_key`, the domain's `nameKey` of `full_name` (Canonical.ts: NFD, combining
 * marks U+0300–U+036F removed, lowercased), stored so that player search and order do not
 * recompute it per row and query. `normalize` needs a UTF8 database; `lower()` lowercases every
 * letter, not only A–Z, under a UTF-8 LC_CTYPE (C.UTF-8 on PGlite and the usual initdb). The
 * sport/name index now follows the players order (name key, full name, id); the
 * `lower(full_name)` index served only the former search and goes.
 */
const playerNameKey = statements([
  `ALTER TABLE players ADD COLUMN name_key text NOT NULL
    GENERATED ALWAYS AS (lower(regexp_replace(normalize(full_name, NFD), '[\u0300-\u036f]', '', 'g'))) STORED`,
  `DROP INDEX players_sport_name_idx`,
  `DROP INDEX players_lower_name_idx`,
  `CREATE INDEX players_sport_name_key_idx ON players (sport, name_key COLLATE "C", full_name COLLATE "C", id COLLATE "C")`
])

/**
 * 0004: sports beyond the first three. `games.league` (the league key: soccer's six, the sport
 * key elsewhere; existing rows take their sport), cfb poll rankings, and the events and entries
 * of individual and event sports (Canonical.ts `SportEvent`, `EventEntry`). The new tables are
 * part of the data version like the other sports tables.
 */
const moreSports = statements([
  `ALTER TABLE games ADD COLUMN league text`,
  `UPDATE games SET league = sport`,
  `ALTER TABLE games ALTER COLUMN league SET NOT NULL`,
  `CREATE INDEX games_sport_league_date_idx ON games (sport, league, game_date, id COLLATE "C")`,
  `CREATE TABLE poll_rankings (
    id text PRIMARY KEY,
    sport text NOT NULL,
    season integer NOT NULL,
    poll text NOT NULL,
    week integer NOT NULL,
    rank integer NOT NULL,
    team text NOT NULL,
    team_name text NOT NULL,
    points integer,
    first_place_votes integer,
    record text,
    prev_rank integer
  )`,
  `CREATE INDEX poll_rankings_lookup_idx ON poll_rankings (sport, season, poll, week, rank)`,
  `CREATE TABLE events (
    id text PRIMARY KEY,
    sport text NOT NULL,
    league text NOT NULL,
    season integer NOT NULL,
    name text NOT NULL,
    start_date date NOT NULL,
    end_date date,
    state text NOT NULL,
    venue text,
    attributes jsonb NOT NULL
  )`,
  `CREATE INDEX events_sport_date_idx ON events (sport, start_date, id COLLATE "C")`,
  `CREATE TABLE event_entries (
    id text PRIMARY KEY,
    sport text NOT NULL,
    event_id text NOT NULL,
    participant_id text NOT NULL,
    participant_name text NOT NULL,
    team text,
    position integer,
    status text,
    score double precision,
    stats jsonb NOT NULL
  )`,
  `CREATE INDEX event_entries_event_idx ON event_entries (event_id, position)`,
  `CREATE INDEX event_entries_participant_idx ON event_entries (participant_id, event_id)`,
  ...["poll_rankings", "events", "event_entries"].flatMap(versionTriggers)
])

/**
 * 0005: `games.game_date` may be null: a game whose date no source has (cfb 2022 results). Reads
 * order undated games last in either direction.
 */
const undatedGames = statements([`ALTER TABLE games ALTER COLUMN game_date DROP NOT NULL`])

/**
 * 0006: activations of keys signed up by e-mail (`/daas/trial/start`): the SHA-256 of the link's
 * token, the key it activates, the key sealed for the token (null once used), expiry and use;
 * and the audit trail of each key (`/v1/audit/events`), newest first by (occurred_at, id).
 */
const keyActivation = statements([
  `CREATE TABLE key_activations (
    token_hash text PRIMARY KEY,
    key_hash text NOT NULL REFERENCES api_keys (key_hash) ON DELETE CASCADE,
    sealed_key text,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX key_activations_key_idx ON key_activations (key_hash)`,
  `CREATE TABLE audit_events (
    id text PRIMARY KEY,
    key_hash text NOT NULL,
    action text NOT NULL,
    occurred_at timestamptz NOT NULL,
    actor text NOT NULL,
    details jsonb NOT NULL
  )`,
  `CREATE INDEX audit_events_key_idx ON audit_events (key_hash, occurred_at DESC, id COLLATE "C" DESC)`
])

/**
 * 0007: signals (domain Signals.ts `StoredSignal`, keyed by their stable integer id; part of the
 * data version like the sports tables) and `service_events`, the outbox of service events
 * (player.injured, signal.created, game.score_updated...): a monotonically increasing bigserial
 * id, name, sport, JSON payload and created_at. It is named `service_events` because `events`
 * (migration 4) holds the sport events of individual sports. Does not depend on migration 6.
 */
const signals = statements([
  `CREATE TABLE signals (
    id bigint PRIMARY KEY,
    key text NOT NULL UNIQUE,
    sport text NOT NULL,
    player_id text,
    player_name text NOT NULL,
    team text NOT NULL,
    position text,
    signal_type text NOT NULL,
    severity text NOT NULL,
    title text NOT NULL,
    summary text NOT NULL,
    source text NOT NULL,
    source_url text,
    published_at timestamptz,
    reported_at timestamptz,
    effective_at timestamptz NOT NULL,
    season integer,
    week integer,
    details jsonb NOT NULL
  )`,
  `CREATE INDEX signals_effective_idx ON signals (effective_at DESC, id)`,
  `CREATE INDEX signals_sport_type_idx ON signals (sport, signal_type, effective_at DESC)`,
  `CREATE INDEX signals_player_idx ON signals (player_id, effective_at DESC)`,
  `CREATE INDEX signals_team_idx ON signals (sport, lower(team))`,
  `CREATE TABLE service_events (
    id bigserial PRIMARY KEY,
    name text NOT NULL,
    sport text NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `CREATE TRIGGER signals_version_insert AFTER INSERT ON signals
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()`,
  `CREATE TRIGGER signals_version_update AFTER UPDATE ON signals
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()`,
  `CREATE TRIGGER signals_version_delete AFTER DELETE ON signals
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()`
])

/**
 * 0008: the athlete directory of the individual and event sports (Canonical.ts `Athlete`) with
 * its generated `name_key` (the domain's `nameKey`, as `players.name_key` of migration 3), and
 * their ranking lists (`AthleteRanking`). Both are part of the data version. Depends on nothing
 * after migration 4 (`bump_data_version`).
 */
const athletes = statements([
  `CREATE TABLE athletes (
    id text PRIMARY KEY,
    sport text NOT NULL,
    league text NOT NULL,
    name text NOT NULL,
    first_name text,
    last_name text,
    country text,
    birth_date text,
    attributes jsonb NOT NULL,
    name_key text NOT NULL
      GENERATED ALWAYS AS (lower(regexp_replace(normalize(name, NFD), '[\u0300-\u036f]', '', 'g'))) STORED
  )`,
  `CREATE INDEX athletes_sport_name_key_idx ON athletes (sport, name_key COLLATE "C", name COLLATE "C", id COLLATE "C")`,
  `CREATE TABLE athlete_rankings (
    id text PRIMARY KEY,
    sport text NOT NULL,
    league text NOT NULL,
    ranking_date date NOT NULL,
    rank integer NOT NULL,
    athlete_id text NOT NULL,
    points double precision
  )`,
  `CREATE INDEX athlete_rankings_list_idx ON athlete_rankings (sport, league, ranking_date DESC, rank)`,
  `CREATE INDEX athlete_rankings_athlete_idx ON athlete_rankings (athlete_id, ranking_date DESC)`,
  ...["athletes", "athlete_rankings"].flatMap(versionTriggers)
])

/**
 * 0009: stored player metrics (alpha metrics and similarity vectors, domain Analytics.ts), one
 * row per player, replaced per sport by the metrics job after each ingest. Derived rows: no
 * data-version trigger (the canonical rows they come from already moved it).
 */
const playerMetrics = statements([
  `CREATE TABLE player_metrics (
    player_id text PRIMARY KEY,
    sport text NOT NULL,
    season integer NOT NULL,
    last_game_date date,
    avg_fantasy_points double precision,
    consistency_score double precision,
    momentum_delta double precision,
    opportunity_ceiling double precision,
    sample_size integer NOT NULL,
    vector jsonb,
    week_computed text NOT NULL,
    computed_at timestamptz NOT NULL
  )`,
  `CREATE INDEX player_metrics_sport_idx ON player_metrics (sport, season)`
])

/** Channel of the NOTIFY sent after each statement that inserts into `service_events`. */
export const SERVICE_EVENTS_CHANNEL = "service_events"

/**
 * 0010: delivery. A statement-level trigger NOTIFYs {@link SERVICE_EVENTS_CHANNEL} after every
 * insert into `service_events` (empty payload: listeners read the outbox after their last id),
 * so that every instance on one PostgreSQL wakes its event streams and delivery loop. Webhooks
 * (`secret` stored as issued: it must sign every delivery, so it cannot be hashed), their
 * deliveries (jobs claimed with FOR UPDATE SKIP LOCKED under a lease), each attempt, and the
 * fan-out cursor (the last outbox id turned into deliveries; one row).
 */
const delivery = statements([
  `CREATE FUNCTION service_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('service_events', '');
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER service_events_notify AFTER INSERT ON service_events
    FOR EACH STATEMENT EXECUTE FUNCTION service_events_notify()`,
  `CREATE TABLE webhooks (
    id text PRIMARY KEY,
    key_hash text NOT NULL,
    url text NOT NULL,
    events jsonb NOT NULL,
    secret text NOT NULL,
    active boolean NOT NULL DEFAULT true,
    consecutive_failures integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    deactivated_at timestamptz,
    deactivation_reason text
  )`,
  `CREATE INDEX webhooks_key_idx ON webhooks (key_hash)`,
  `CREATE TABLE webhook_deliveries (
    id text PRIMARY KEY,
    webhook_id text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id bigint,
    event_name text NOT NULL,
    body text NOT NULL,
    state text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    run_at timestamptz NOT NULL,
    lease_until timestamptz,
    created_at timestamptz NOT NULL,
    completed_at timestamptz
  )`,
  `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (run_at) WHERE state = 'pending'`,
  `CREATE INDEX webhook_deliveries_hook_idx ON webhook_deliveries (webhook_id, created_at)`,
  `CREATE TABLE webhook_attempts (
    delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt integer NOT NULL,
    attempted_at timestamptz NOT NULL,
    status_code integer,
    error text,
    duration_ms integer NOT NULL,
    PRIMARY KEY (delivery_id, attempt)
  )`,
  `CREATE TABLE webhook_cursor (id integer PRIMARY KEY CHECK (id = 1), last_event_id bigint NOT NULL)`,
  `INSERT INTO webhook_cursor (id, last_event_id) SELECT 1, coalesce(max(id), 0) FROM service_events`
])

/**
 * 0011: the model registry (domain Models.ts): `model_versions` (one row per trained version with
 * its card as jsonb) and `model_predictions` (per player-game predictions of a version). Derived
 * rows: no data-version trigger. Depends on no migration after 1.
 */
const modelRegistry = statements([
  `CREATE TABLE model_versions (
    id text PRIMARY KEY,
    sport text NOT NULL,
    model_type text NOT NULL,
    version text NOT NULL,
    status text NOT NULL CHECK (status IN ('ACTIVE', 'REJECTED', 'RETIRED')),
    trained_at timestamptz NOT NULL,
    card jsonb NOT NULL
  )`,
  `CREATE INDEX model_versions_sport_idx ON model_versions (sport, model_type, status)`,
  `CREATE TABLE model_predictions (
    model_id text NOT NULL REFERENCES model_versions (id) ON DELETE CASCADE,
    sport text NOT NULL,
    model_type text NOT NULL,
    player_id text NOT NULL,
    season integer NOT NULL,
    game_id text NOT NULL,
    game_date date,
    model_version text NOT NULL,
    as_of date,
    probability double precision,
    confidence_score integer,
    heat_signal text,
    expected double precision,
    threshold double precision,
    actual double precision,
    PRIMARY KEY (model_id, player_id, game_id)
  )`,
  `CREATE INDEX model_predictions_player_idx ON model_predictions (player_id, game_date DESC NULLS LAST)`,
  `CREATE INDEX model_predictions_type_idx ON model_predictions (sport, model_type)`
])

/**
 * 0012: an event's start date may be unknown (NASCAR races: the source has no dates); it is null
 * then, never a stand-in date.
 */
const undatedEvents = statements([`ALTER TABLE events ALTER COLUMN start_date DROP NOT NULL`])

/**
 * 0019: jobs. (1) The outbox trigger of migration 10 NOTIFYs with a non-empty payload: the
 * @effect/sql-pg listener (0.53) drops notifications whose payload is empty, so with `''` no
 * instance was ever woken by another's write (only by its own writes and the slow poll).
 * (2) `job_leases`: one row per named job a worker holds (the refresh pass and the jobs after an
 * ingestion), claimed by one conditional upsert so that several workers on one server never run
 * one job at once; a lease that is not renewed expires (a killed worker), then another claims it.
 */
const jobs = statements([
  `CREATE OR REPLACE FUNCTION service_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('service_events', 'inserted');
    RETURN NULL;
  END $$`,
  `CREATE TABLE job_leases (
    name text PRIMARY KEY,
    owner text NOT NULL,
    lease_until timestamptz NOT NULL,
    acquired_at timestamptz NOT NULL
  )`
])

/**
 * 0018: compact usage counters (domain UsageCounter.ts). The per-call minute log becomes 61
 * per-second slots (`minute_head`: epoch second of the newest slot; slot `s % 61` holds second
 * `s`), so an admission costs the same however many calls the window holds, and
 * `usage_consume(key, now, per_minute, per_day, per_month)` admits in ONE statement: it locks
 * the key's row, decides as `UsageCounter.decide` and counts only an admitted call. Rows keep
 * their day and month counts; the minute windows in flight at the upgrade start empty.
 * The admission commits asynchronously (`synchronous_commit = off` for its transaction only), so
 * the row lock is not held through a WAL flush: a crash of the PostgreSQL server (not of an
 * instance) may forget the admissions of its last moments (wal_writer_delay, 200 ms by
 * default, times three at most); limits stay exact across instances.
 */
const counters = statements([
  `ALTER TABLE usage_counters DROP COLUMN minute_log,
    ADD COLUMN minute_head bigint NOT NULL DEFAULT 0,
    ADD COLUMN minute_slots integer[] NOT NULL DEFAULT array_fill(0, ARRAY[61])`,
  `CREATE FUNCTION usage_consume(p_key text, p_now timestamptz, p_minute integer, p_day integer, p_month integer)
  RETURNS TABLE (admitted boolean, blocked_by text, minute integer, minute_oldest timestamptz, day integer,
    month integer)
  LANGUAGE plpgsql AS $fn$
  DECLARE
    n_ms bigint := floor(extract(epoch FROM p_now) * 1000);
    call_s bigint := ceil(n_ms / 1000.0);
    low_s bigint := floor((n_ms - 60000) / 1000.0) + 1;
    d date := (p_now AT TIME ZONE 'UTC')::date;
    m date := date_trunc('month', p_now AT TIME ZONE 'UTC')::date;
    r record;
    slots integer[];
    head bigint;
    next_head bigint;
    s bigint;
    mins integer := 0;
    oldest bigint := NULL;
    dc integer;
    mc integer;
    blocked text := NULL;
  BEGIN
    -- the row lock is held until commit: an admission does not wait for the WAL flush
    PERFORM set_config('synchronous_commit', 'off', true);
    INSERT INTO usage_counters (key_hash, minute_head, minute_slots, day, day_count, month, month_count)
    VALUES (p_key, 0, array_fill(0, ARRAY[61]), d, 0, m, 0)
    ON CONFLICT (key_hash) DO NOTHING;
    SELECT * INTO r FROM usage_counters WHERE key_hash = p_key FOR UPDATE;
    slots := r.minute_slots;
    head := r.minute_head;
    SELECT coalesce(sum(u.v), 0)::integer, min(u.sec) INTO mins, oldest
    FROM (SELECT v, head - (((head - (i - 1)) % 61) + 61) % 61 AS sec
      FROM unnest(slots) WITH ORDINALITY AS t(v, i) WHERE v > 0) u
    WHERE u.sec >= low_s;
    dc := CASE WHEN r.day >= d THEN r.day_count ELSE 0 END;
    mc := CASE WHEN r.month >= m THEN r.month_count ELSE 0 END;
    IF p_minute IS NOT NULL AND mins >= p_minute THEN blocked := 'minute';
    ELSIF p_day IS NOT NULL AND dc >= p_day THEN blocked := 'day';
    ELSIF p_month IS NOT NULL AND mc >= p_month THEN blocked := 'month';
    END IF;
    IF blocked IS NOT NULL THEN
      RETURN QUERY SELECT false, blocked, mins, to_timestamp(oldest),
        CASE WHEN r.day = d THEN r.day_count ELSE 0 END, CASE WHEN r.month = m THEN r.month_count ELSE 0 END;
      RETURN;
    END IF;
    next_head := GREATEST(head, call_s);
    IF next_head - head >= 61 THEN
      slots := array_fill(0, ARRAY[61]);
    ELSE
      FOR t IN head + 1 .. next_head LOOP slots[(t % 61) + 1] := 0; END LOOP;
    END IF;
    s := GREATEST(call_s, next_head - 60);
    slots[(s % 61) + 1] := slots[(s % 61) + 1] + 1;
    oldest := LEAST(coalesce(oldest, s), s);
    UPDATE usage_counters SET minute_head = next_head, minute_slots = slots,
      day = GREATEST(r.day, d), day_count = dc + 1, month = GREATEST(r.month, m), month_count = mc + 1
    WHERE key_hash = p_key;
    RETURN QUERY SELECT true, NULL::text, mins + 1, to_timestamp(oldest), dc + 1, mc + 1;
  END
  $fn$`
])

/**
 * 0021: `usage_consume_many(keys, nows, per_minute, per_day, per_month)`, the admissions of
 * several concurrent calls in ONE statement (group commit; UsageStore.ts batches them). The five
 * arrays are parallel, one element per call; it returns one row per element, `ord` its 1-based
 * position, with the columns of `usage_consume`. Each element has its own `now`: the same call
 * decides as it would alone.
 *
 * Elements are processed in (key COLLATE "C", ordinal) order, and a key's row is created if
 * missing and locked on its first element: every batch takes its row locks in one global key
 * order, so two batches sharing keys wait for each other but never deadlock. The elements of
 * one key are decided one after another on the locked row, each seeing the calls admitted before
 * it (as `UsageCounter.decide` in a loop; the minute sum is re-read from the slots only when the
 * window's low second changes), and the row is written once per key.
 * As in 0018, the transaction commits asynchronously (`synchronous_commit = off` for it only),
 * so the row locks are not held through a WAL flush: a crash of the PostgreSQL server (not of an
 * instance) may forget the admissions of its last moments (wal_writer_delay, 200 ms by default,
 * times three at most); limits stay exact across instances.
 */
const consumeMany = statements([
  `CREATE FUNCTION usage_consume_many(p_keys text[], p_now timestamptz[], p_minute integer[], p_day integer[],
    p_month integer[])
  RETURNS TABLE (ord integer, admitted boolean, blocked_by text, minute integer, minute_oldest timestamptz,
    day integer, month integer)
  LANGUAGE plpgsql AS $fn$
  DECLARE
    e record;
    r record;
    cur text := NULL;
    dirty boolean := false;
    slots integer[];
    head bigint;
    c_day date;
    c_day_count integer;
    c_month date;
    c_month_count integer;
    win_low bigint := NULL;
    mins integer;
    oldest bigint;
    dc integer;
    mc integer;
    blocked text;
    next_head bigint;
    s bigint;
  BEGIN
    -- the row locks are held until commit: a batch does not wait for the WAL flush
    PERFORM set_config('synchronous_commit', 'off', true);
    FOR e IN SELECT t.k, t.i::integer AS i, t.pm, t.pd, t.po,
        ceil(t.ms / 1000.0)::bigint AS call_s, (floor((t.ms - 60000) / 1000.0) + 1)::bigint AS low_s,
        (t.n AT TIME ZONE 'UTC')::date AS d, date_trunc('month', t.n AT TIME ZONE 'UTC')::date AS m
      FROM (SELECT u.*, floor(extract(epoch FROM u.n) * 1000)::bigint AS ms
        FROM unnest(p_keys, p_now, p_minute, p_day, p_month) WITH ORDINALITY AS u(k, n, pm, pd, po, i)) t
      ORDER BY t.k COLLATE "C", t.i
    LOOP
      IF cur IS DISTINCT FROM e.k THEN
        IF dirty THEN
          UPDATE usage_counters SET minute_head = head, minute_slots = slots, day = c_day, day_count = c_day_count,
            month = c_month, month_count = c_month_count
          WHERE key_hash = cur;
        END IF;
        cur := e.k;
        dirty := false;
        win_low := NULL;
        SELECT * INTO r FROM usage_counters WHERE key_hash = cur FOR UPDATE;
        IF NOT FOUND THEN
          INSERT INTO usage_counters (key_hash, minute_head, minute_slots, day, day_count, month, month_count)
          VALUES (cur, 0, array_fill(0, ARRAY[61]), e.d, 0, e.m, 0)
          ON CONFLICT (key_hash) DO NOTHING;
          SELECT * INTO r FROM usage_counters WHERE key_hash = cur FOR UPDATE;
        END IF;
        slots := r.minute_slots;
        head := r.minute_head;
        c_day := r.day;
        c_day_count := r.day_count;
        c_month := r.month;
        c_month_count := r.month_count;
      END IF;
      -- the minute sum and oldest second depend on the slots and the low second only, and an
      -- admission below updates them; so they are re-read only when the low second changes
      IF win_low IS DISTINCT FROM e.low_s THEN
        SELECT coalesce(sum(u.v), 0)::integer, min(u.sec) INTO mins, oldest
        FROM (SELECT v, head - (((head - (i - 1)) % 61) + 61) % 61 AS sec
          FROM unnest(slots) WITH ORDINALITY AS t(v, i) WHERE v > 0) u
        WHERE u.sec >= e.low_s;
        win_low := e.low_s;
      END IF;
      dc := CASE WHEN c_day >= e.d THEN c_day_count ELSE 0 END;
      mc := CASE WHEN c_month >= e.m THEN c_month_count ELSE 0 END;
      blocked := CASE
        WHEN e.pm IS NOT NULL AND mins >= e.pm THEN 'minute'
        WHEN e.pd IS NOT NULL AND dc >= e.pd THEN 'day'
        WHEN e.po IS NOT NULL AND mc >= e.po THEN 'month'
      END;
      ord := e.i;
      IF blocked IS NOT NULL THEN
        admitted := false;
        blocked_by := blocked;
        minute := mins;
        minute_oldest := to_timestamp(oldest);
        day := CASE WHEN c_day = e.d THEN c_day_count ELSE 0 END;
        month := CASE WHEN c_month = e.m THEN c_month_count ELSE 0 END;
        RETURN NEXT;
        CONTINUE;
      END IF;
      next_head := GREATEST(head, e.call_s);
      IF next_head - head >= 61 THEN
        slots := array_fill(0, ARRAY[61]);
      ELSE
        FOR j IN 1 .. next_head - head LOOP slots[((head + j) % 61) + 1] := 0; END LOOP;
      END IF;
      head := next_head;
      s := GREATEST(e.call_s, next_head - 60);
      slots[(s % 61) + 1] := slots[(s % 61) + 1] + 1;
      mins := mins + 1;
      oldest := LEAST(coalesce(oldest, s), s);
      c_day := GREATEST(c_day, e.d);
      c_day_count := dc + 1;
      c_month := GREATEST(c_month, e.m);
      c_month_count := mc + 1;
      dirty := true;
      admitted := true;
      blocked_by := NULL;
      minute := mins;
      minute_oldest := to_timestamp(oldest);
      day := c_day_count;
      month := c_month_count;
      RETURN NEXT;
    END LOOP;
    IF dirty THEN
      UPDATE usage_counters SET minute_head = head, minute_slots = slots, day = c_day, day_count = c_day_count,
        month = c_month, month_count = c_month_count
      WHERE key_hash = cur;
    END IF;
  END
  $fn$`
])

/**
 * 0022: reservations, so a busy key is admitted in process memory most of the time while limits
 * stay exact across instances (UsageStore.ts keeps the instance's side).
 *
 * `usage_consume_reserve(keys, nows, per_minute, per_day, per_month, reserve)` decides each call as
 * `usage_consume_many` does (same order, locks and outcome columns), and after an admitted call
 * with `reserve[i] > 0` it also counts up to that many more calls in the same second, day and
 * month: a reservation the calling instance then admits from without a round trip. It grants at
 * most half of what is left under each ceiling (so reservations shrink near a ceiling), and none when the call's second, day or month is not the row's current
 * one (clock skew between instances). `reserved` is the number granted (0 if none); the call's
 * own counts exclude them.
 * Outstanding reservations are listed on the row (`reserved_seconds[i]`: the second they are
 * counted in; `reserved_calls[i]`: how many). A refused call reports `pending` when a reservation
 * counted in its second or the 3 before is still outstanding: an instance may not have used those
 * calls, so the instance deciding should ask again after they are released rather than refuse.
 * Older entries are ignored (the instance holding them stopped without releasing them: their
 * calls stay counted, which can only refuse early, never admit over a ceiling).
 *
 * `usage_release(keys, seconds, days, granted, unused)` ends reservations: the unused calls are
 * taken off the second's slot (while it is in the minute ring), the day (while it is the row's
 * day) and the month, and the reservation leaves the row's list. Both lock rows in key order.
 */
const reservations = statements([
  `ALTER TABLE usage_counters ADD COLUMN reserved_seconds bigint[] NOT NULL DEFAULT '{}',
    ADD COLUMN reserved_calls integer[] NOT NULL DEFAULT '{}'`,
  `CREATE FUNCTION usage_consume_reserve(p_keys text[], p_now timestamptz[], p_minute integer[], p_day integer[],
    p_month integer[], p_reserve integer[])
  RETURNS TABLE (ord integer, admitted boolean, blocked_by text, minute integer, minute_oldest timestamptz,
    day integer, month integer, pending boolean, reserved integer)
  LANGUAGE plpgsql AS $fn$
  DECLARE
    e record;
    r record;
    cur text := NULL;
    dirty boolean := false;
    slots integer[];
    head bigint;
    c_day date;
    c_day_count integer;
    c_month date;
    c_month_count integer;
    rs bigint[];
    rc integer[];
    win_low bigint := NULL;
    mins integer;
    oldest bigint;
    dc integer;
    mc integer;
    blocked text;
    next_head bigint;
    s bigint;
    g integer;
    j integer;
  BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    FOR e IN SELECT t.k, t.i::integer AS i, t.pm, t.pd, t.po, t.want,
        ceil(t.ms / 1000.0)::bigint AS call_s, (floor((t.ms - 60000) / 1000.0) + 1)::bigint AS low_s,
        (t.n AT TIME ZONE 'UTC')::date AS d, date_trunc('month', t.n AT TIME ZONE 'UTC')::date AS m
      FROM (SELECT u.*, floor(extract(epoch FROM u.n) * 1000)::bigint AS ms
        FROM unnest(p_keys, p_now, p_minute, p_day, p_month, p_reserve) WITH ORDINALITY AS u(k, n, pm, pd, po, want, i)) t
      ORDER BY t.k COLLATE "C", t.i
    LOOP
      IF cur IS DISTINCT FROM e.k THEN
        IF dirty THEN
          UPDATE usage_counters SET minute_head = head, minute_slots = slots, day = c_day, day_count = c_day_count,
            month = c_month, month_count = c_month_count, reserved_seconds = rs, reserved_calls = rc
          WHERE key_hash = cur;
        END IF;
        cur := e.k;
        dirty := false;
        win_low := NULL;
        SELECT * INTO r FROM usage_counters WHERE key_hash = cur FOR UPDATE;
        IF NOT FOUND THEN
          INSERT INTO usage_counters (key_hash, minute_head, minute_slots, day, day_count, month, month_count)
          VALUES (cur, 0, array_fill(0, ARRAY[61]), e.d, 0, e.m, 0)
          ON CONFLICT (key_hash) DO NOTHING;
          SELECT * INTO r FROM usage_counters WHERE key_hash = cur FOR UPDATE;
        END IF;
        slots := r.minute_slots;
        head := r.minute_head;
        c_day := r.day;
        c_day_count := r.day_count;
        c_month := r.month;
        c_month_count := r.month_count;
        rs := r.reserved_seconds;
        rc := r.reserved_calls;
      END IF;
      IF win_low IS DISTINCT FROM e.low_s THEN
        SELECT coalesce(sum(u.v), 0)::integer, min(u.sec) INTO mins, oldest
        FROM (SELECT v, head - (((head - (i - 1)) % 61) + 61) % 61 AS sec
          FROM unnest(slots) WITH ORDINALITY AS t(v, i) WHERE v > 0) u
        WHERE u.sec >= e.low_s;
        win_low := e.low_s;
      END IF;
      dc := CASE WHEN c_day >= e.d THEN c_day_count ELSE 0 END;
      mc := CASE WHEN c_month >= e.m THEN c_month_count ELSE 0 END;
      blocked := CASE
        WHEN e.pm IS NOT NULL AND mins >= e.pm THEN 'minute'
        WHEN e.pd IS NOT NULL AND dc >= e.pd THEN 'day'
        WHEN e.po IS NOT NULL AND mc >= e.po THEN 'month'
      END;
      ord := e.i;
      reserved := 0;
      IF blocked IS NOT NULL THEN
        admitted := false;
        blocked_by := blocked;
        minute := mins;
        minute_oldest := to_timestamp(oldest);
        day := CASE WHEN c_day = e.d THEN c_day_count ELSE 0 END;
        month := CASE WHEN c_month = e.m THEN c_month_count ELSE 0 END;
        SELECT coalesce(sum(t.c), 0) > 0 INTO pending FROM unnest(rs, rc) AS t(sec, c) WHERE t.sec >= e.call_s - 3;
        RETURN NEXT;
        CONTINUE;
      END IF;
      next_head := GREATEST(head, e.call_s);
      IF next_head - head >= 61 THEN
        slots := array_fill(0, ARRAY[61]);
      ELSE
        FOR j IN 1 .. next_head - head LOOP slots[((head + j) % 61) + 1] := 0; END LOOP;
      END IF;
      head := next_head;
      s := GREATEST(e.call_s, next_head - 60);
      slots[(s % 61) + 1] := slots[(s % 61) + 1] + 1;
      mins := mins + 1;
      oldest := LEAST(coalesce(oldest, s), s);
      c_day := GREATEST(c_day, e.d);
      c_day_count := dc + 1;
      c_month := GREATEST(c_month, e.m);
      c_month_count := mc + 1;
      dirty := true;
      admitted := true;
      blocked_by := NULL;
      pending := false;
      minute := mins;
      minute_oldest := to_timestamp(oldest);
      day := c_day_count;
      month := c_month_count;
      g := coalesce(e.want, 0);
      IF g > 0 AND s = e.call_s AND c_day = e.d AND c_month = e.m THEN
        IF e.pm IS NOT NULL THEN g := LEAST(g, (e.pm - mins) / 2); END IF;
        IF e.pd IS NOT NULL THEN g := LEAST(g, (e.pd - c_day_count) / 2); END IF;
        IF e.po IS NOT NULL THEN g := LEAST(g, (e.po - c_month_count) / 2); END IF;
        IF g > 0 THEN
          slots[(s % 61) + 1] := slots[(s % 61) + 1] + g;
          mins := mins + g;
          c_day_count := c_day_count + g;
          c_month_count := c_month_count + g;
          j := array_position(rs, s);
          IF j IS NULL THEN
            SELECT coalesce(array_agg(t.sec ORDER BY t.n), '{}'), coalesce(array_agg(t.c ORDER BY t.n), '{}')
              INTO rs, rc
            FROM unnest(rs, rc) WITH ORDINALITY AS t(sec, c, n) WHERE t.sec >= head - 60;
            rs := rs || s;
            rc := rc || g;
          ELSE
            rc[j] := rc[j] + g;
          END IF;
          reserved := g;
        END IF;
      END IF;
      RETURN NEXT;
    END LOOP;
    IF dirty THEN
      UPDATE usage_counters SET minute_head = head, minute_slots = slots, day = c_day, day_count = c_day_count,
        month = c_month, month_count = c_month_count, reserved_seconds = rs, reserved_calls = rc
      WHERE key_hash = cur;
    END IF;
  END
  $fn$`,
  `CREATE FUNCTION usage_release(p_keys text[], p_second bigint[], p_day date[], p_granted integer[],
    p_unused integer[])
  RETURNS void
  LANGUAGE plpgsql AS $fn$
  DECLARE
    e record;
    r record;
    slots integer[];
    rs bigint[];
    rc integer[];
  BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    FOR e IN SELECT t.k, t.sec, t.d, t.g, t.u
      FROM unnest(p_keys, p_second, p_day, p_granted, p_unused) WITH ORDINALITY AS t(k, sec, d, g, u, i)
      ORDER BY t.k COLLATE "C", t.i
    LOOP
      SELECT * INTO r FROM usage_counters WHERE key_hash = e.k FOR UPDATE;
      CONTINUE WHEN NOT FOUND;
      slots := r.minute_slots;
      IF e.u > 0 AND e.sec BETWEEN r.minute_head - 60 AND r.minute_head THEN
        slots[(e.sec % 61) + 1] := GREATEST(0, slots[(e.sec % 61) + 1] - e.u);
      END IF;
      SELECT coalesce(array_agg(t.sec ORDER BY t.n), '{}'),
          coalesce(array_agg(CASE WHEN t.sec = e.sec THEN t.c - e.g ELSE t.c END ORDER BY t.n), '{}')
        INTO rs, rc
      FROM unnest(r.reserved_seconds, r.reserved_calls) WITH ORDINALITY AS t(sec, c, n)
      WHERE t.sec >= r.minute_head - 60 AND (t.sec <> e.sec OR t.c > e.g);
      UPDATE usage_counters SET minute_slots = slots,
        day_count = CASE WHEN day = e.d THEN GREATEST(0, day_count - e.u) ELSE day_count END,
        month_count = CASE WHEN month = date_trunc('month', e.d)::date THEN GREATEST(0, month_count - e.u)
          ELSE month_count END,
        reserved_seconds = rs, reserved_calls = rc
      WHERE key_hash = e.k;
    END LOOP;
  END
  $fn$`
])

/**
 * 0016: anomaly scores (domain Anomaly.ts): `anomaly_scores` (one row per player, of his newest
 * game) and `anomaly_alerts` (the stat line ids that already wrote `anomaly.detected`, so a
 * player-game alerts once). Derived rows: no data-version trigger. Depends on no migration after 7.
 */
const anomaly = statements([
  `CREATE TABLE anomaly_scores (
    player_id text PRIMARY KEY,
    sport text NOT NULL,
    season integer NOT NULL,
    line_id text NOT NULL,
    game_id text,
    game_date date,
    week integer,
    team text,
    fantasy_points double precision NOT NULL,
    baseline_median double precision NOT NULL,
    mad double precision NOT NULL,
    scale double precision NOT NULL,
    scale_method text NOT NULL,
    robust_z double precision NOT NULL,
    anomaly_score double precision NOT NULL,
    direction text NOT NULL,
    games_used integer NOT NULL,
    computed_at timestamptz NOT NULL
  )`,
  `CREATE INDEX anomaly_scores_score_idx ON anomaly_scores (sport, anomaly_score DESC)`,
  `CREATE TABLE anomaly_alerts (line_id text PRIMARY KEY, created_at timestamptz NOT NULL)`
])

/**
 * 0014: DFS slates and their salary rows (domain Dfs.ts), replaced per sport by the DFS ingest.
 * The writer moves the data version itself when a sport's batch changed (no trigger: a replace
 * that changes nothing must not move it).
 */
const dfs = statements([
  `CREATE TABLE dfs_slates (
    id text PRIMARY KEY,
    sport text NOT NULL,
    platform text NOT NULL,
    name text NOT NULL,
    game_type text NOT NULL,
    start_date date NOT NULL,
    start_time timestamptz,
    season integer NOT NULL,
    week integer,
    salary_cap integer,
    player_count integer NOT NULL,
    linked_count integer NOT NULL,
    source text NOT NULL
  )`,
  `CREATE INDEX dfs_slates_sport_idx ON dfs_slates (sport, start_date DESC)`,
  `CREATE TABLE dfs_salaries (
    slate_id text NOT NULL REFERENCES dfs_slates (id) ON DELETE CASCADE,
    platform_player_id text NOT NULL,
    player_id text,
    name text NOT NULL,
    position text NOT NULL,
    roster_positions jsonb NOT NULL,
    salary integer NOT NULL,
    team text,
    game text,
    avg_points_per_game double precision,
    PRIMARY KEY (slate_id, platform_player_id)
  )`
])

/**
 * 0024: live games. `live_feeds`: the health of each sport's live feed (domain Live.ts
 * `FeedHealth`, one jsonb row per sport: status, failures in a row, backoff and circuit, last
 * success and error, unmatched upstream games), written by the poller holding the sport's lease
 * and read by every instance for `/v1/data/status`. The live state of a game itself is in
 * `games.attributes.live` (no column). Derived rows: no data-version trigger.
 */
const liveFeeds = statements([
  `CREATE TABLE live_feeds (
    sport text PRIMARY KEY,
    health jsonb NOT NULL,
    updated_at timestamptz NOT NULL
  )`
])

/**
 * 0025: the developer dashboard: per-minute usage analytics (kept two hours), e-mailed sign-in
 * links and sessions, each stored by the SHA-256 of its secret; keys found by owner address.
 */
const dashboard = statements([
  `CREATE TABLE usage_minutes (
    key_hash text NOT NULL,
    minute timestamptz NOT NULL,
    calls bigint NOT NULL,
    PRIMARY KEY (key_hash, minute)
  )`,
  `CREATE INDEX usage_minutes_minute_idx ON usage_minutes (minute)`,
  `CREATE TABLE dashboard_links (
    token_hash text PRIMARY KEY,
    email text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  )`,
  `CREATE TABLE dashboard_sessions (
    id_hash text PRIMARY KEY,
    email text,
    key_hash text,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  )`,
  `CREATE INDEX dashboard_sessions_expires_idx ON dashboard_sessions (expires_at)`,
  `CREATE INDEX api_keys_email_idx ON api_keys (lower(email))`
])

/**
 * 0026: the derived tables the response caches serve (odds lines, DFS slates and salaries, player
 * metrics, the model registry and its predictions) move the data version too, so that a cached
 * answer built on them is dropped as soon as they change (ingestion rewrites the first ones when
 * their sources change; a training run registers a model version and its predictions).
 */
const moreVersionedTables = statements(
  ["odds_lines", "dfs_slates", "dfs_salaries", "player_metrics", "model_versions", "model_predictions"].flatMap(
    versionTriggers
  )
)

/**
 * 0027: projection predictions (domain Models `ModelPrediction`, model_type "projection"): the
 * game's `week` and the `projection` (points per scoring format, 80% intervals and actual points
 * per format) as jsonb; both null for the other model types.
 */
const projectionPredictions = statements([
  `ALTER TABLE model_predictions ADD COLUMN week integer`,
  `ALTER TABLE model_predictions ADD COLUMN projection jsonb`
])

/**
 * 0028 (first part): the anomaly scores move the data version too, so that the read cache can keep the
 * anomaly, player metrics and model registry reads by version (the feed's dossier reads all three).
 */
const anomalyVersioned = statements(["anomaly_scores"].flatMap(versionTriggers))

/**
 * 0028: anomaly scores move the data version ({@link anomalyVersioned}); the odds lines carry the
 * marks of the lines a games list shows (Odds.ts `latestLinesMigration`).
 */
const readModels = Effect.zipRight(anomalyVersioned, latestLinesMigration)

/**
 * 0030: the stored nfl stacks (domain ports/Stacks.ts), the read model of `/v1/nfl/stacks` that the
 * stacks job rewrites after each nfl ingest. `nfl_stack_sets`: the (season, positions key) sets
 * held; `nfl_stacks`: their rows, `rank` from 0 in the domain's order (Stacks.ts `stacksOf`), read
 * by (season, positions) in rank order. Both move the data version, as the other derived tables.
 * `line_groups`, `line_group_seasons`: the groups of each season's stat lines, kept current by
 * triggers that mark a season stale and Readers.ts `refreshLineGroups` (after each ingest, at open).
 */
const storedStacks = statements([
  `CREATE TABLE nfl_stack_sets (
    season integer NOT NULL,
    positions text NOT NULL,
    PRIMARY KEY (season, positions)
  )`,
  `CREATE TABLE nfl_stacks (
    season integer NOT NULL,
    positions text NOT NULL,
    rank integer NOT NULL,
    team text NOT NULL,
    qb_id text NOT NULL,
    pass_catcher_id text NOT NULL,
    pass_catcher_position text NOT NULL,
    games integer NOT NULL,
    correlation double precision,
    qb_fantasy_points_avg double precision NOT NULL,
    pass_catcher_fantasy_points_avg double precision NOT NULL,
    PRIMARY KEY (season, positions, rank)
  )`,
  ...["nfl_stack_sets", "nfl_stacks"].flatMap(versionTriggers),
  // the groups of a season's stat lines (StatLineReader `groups` without week, team or players),
  // kept by Readers.ts `refreshLineGroups`; a write to a season's lines (or to a sport's players,
  // whose names and positions the groups carry) marks it stale in the same transaction, and a
  // stale season is read from the lines
  `CREATE TABLE line_groups (
    sport text NOT NULL,
    season integer NOT NULL,
    player_id text NOT NULL,
    player_name text,
    position text,
    lines integer NOT NULL,
    fantasy_points numeric NOT NULL,
    first integer NOT NULL
  )`,
  `CREATE INDEX line_groups_season_idx ON line_groups (sport, season, first)`,
  `CREATE TABLE line_group_seasons (
    sport text NOT NULL,
    season integer NOT NULL,
    fresh boolean NOT NULL,
    PRIMARY KEY (sport, season)
  )`,
  `CREATE FUNCTION stale_line_groups() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO line_group_seasons (sport, season, fresh)
      SELECT DISTINCT sport, season, false FROM changed
      ON CONFLICT (sport, season) DO UPDATE SET fresh = false WHERE line_group_seasons.fresh;
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION stale_player_line_groups() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE line_group_seasons SET fresh = false WHERE fresh AND sport IN (SELECT DISTINCT sport FROM changed);
    RETURN NULL;
  END $$`,
  ...(["INSERT", "UPDATE", "DELETE"] as const).flatMap((op) => [
    `CREATE TRIGGER stat_lines_groups_${op.toLowerCase()} AFTER ${op} ON stat_lines
      REFERENCING ${
      op === "DELETE" ? "OLD" : "NEW"
    } TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stale_line_groups()`,
    `CREATE TRIGGER players_groups_${op.toLowerCase()} AFTER ${op} ON players
      REFERENCING ${op === "DELETE" ? "OLD" : "NEW"} TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION stale_player_line_groups()`
  ]),
  `INSERT INTO line_group_seasons (sport, season, fresh) SELECT DISTINCT sport, season, false FROM stat_lines`
])

/**
 * 0037: indexes matching the event lists' order (Readers.ts `makeEventReader.events`: `season,
 * start_date, id COLLATE "C"`, ascending or descending), within a sport and within a sport's
 * league (tennis tours, f1 and nascar series), so that the first page of `/v1/tennis/matches`
 * and the other event lists is an index scan instead of a sort of every event of the sport. And
 * games by (sport, league, state) newest first (`game_date DESC NULLS LAST, id COLLATE "C" DESC`,
 * the GameReader's descending order, which a backward scan of the ascending index does not give:
 * NULLS FIRST), so the latest season with a result (app Reads.ts `latestResultSeason`, read by
 * every standings table without a season) is the first row of an index scan. And each model
 * version's predictions by player, newest first (Models.ts `latest`, the confidence lists: a skip
 * scan of players, one probe each, instead of sorting every prediction of the sport). And a
 * sport's entries by participant in the entries' order (`event_id COLLATE "C", position`), so a
 * player's matches (tennis game log, head to head) count by an index-only scan and read without
 * a recheck of the sport on the heap. And signals in the severity order (Signals.ts
 * `makeSignalReader.find`, `order: "severity"`: high, medium, then the rest, newest first, id; the
 * expression must stay the query's), so the first page of `/intelligence/news` and
 * `/intelligence/injuries` is an index scan instead of a sort of every signal.
 */
const eventOrderIndexes = statements([
  `CREATE INDEX events_sport_league_order_idx ON events (sport, league, season, start_date, id COLLATE "C")`,
  `CREATE INDEX events_sport_order_idx ON events (sport, season, start_date, id COLLATE "C")`,
  `CREATE INDEX games_sport_league_state_desc_idx
    ON games (sport, league, state, game_date DESC NULLS LAST, id COLLATE "C" DESC)`,
  `CREATE INDEX model_predictions_latest_idx
    ON model_predictions (model_id, player_id COLLATE "C", game_date DESC NULLS LAST, game_id COLLATE "C" DESC)`,
  `CREATE INDEX event_entries_sport_participant_idx
    ON event_entries (sport, participant_id, event_id COLLATE "C", position)`,
  `CREATE INDEX signals_severity_order_idx
    ON signals ((CASE severity WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END), effective_at DESC, id)`
])

/**
 * 0038: the stored standings tables (GameReader `standings`, Standings.ts): one row per (sport,
 * league, season) held in `games`, its table as JSON text (`json`, not `jsonb`: the text is kept
 * as written, so the rows decode with their keys in the order the domain built them). `version`
 * counts the writes that may change the table: statement-level triggers add 1 in the writing
 * transaction for every (sport, league, season) a games statement inserts, updates (before and
 * after) or deletes, and for every table of a sport whose teams a statement touches (a table
 * carries its teams). `fresh_version` is the version `rows` was computed at; a row is read only
 * while the two are equal, else the reader computes the table from the games. Refreshed by
 * Standings.ts `refreshStandings` (after each sport's ingest, after each live poll, at open).
 * No data version trigger: the table only follows the games and teams, which move it. And polls
 * by (sport, poll) newest week first, so RankingReader `latestWeek` (the default week of
 * `/v1/cfb/rankings`) is the first entry of an index scan.
 */
const standingsTables = statements([
  `CREATE TABLE standings_tables (
    sport text NOT NULL,
    league text NOT NULL,
    season integer NOT NULL,
    version bigint NOT NULL DEFAULT 1,
    fresh_version bigint,
    rows json,
    PRIMARY KEY (sport, league, season)
  )`,
  `CREATE FUNCTION stale_standings() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO standings_tables (sport, league, season)
      SELECT DISTINCT sport, league, season FROM changed
      ON CONFLICT (sport, league, season) DO UPDATE SET version = standings_tables.version + 1;
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION stale_team_standings() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE standings_tables SET version = version + 1 WHERE sport IN (SELECT DISTINCT sport FROM changed);
    RETURN NULL;
  END $$`,
  ...([["insert", "INSERT", "NEW"], ["update", "UPDATE", "NEW"], ["update_old", "UPDATE", "OLD"], [
    "delete",
    "DELETE",
    "OLD"
  ]] as const).flatMap(([name, op, table]) => [
    `CREATE TRIGGER games_standings_${name} AFTER ${op} ON games
      REFERENCING ${table} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stale_standings()`,
    `CREATE TRIGGER teams_standings_${name} AFTER ${op} ON teams
      REFERENCING ${table} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stale_team_standings()`
  ]),
  `INSERT INTO standings_tables (sport, league, season) SELECT DISTINCT sport, league, season FROM games`,
  // RankingReader.latestWeek: the newest week of a poll is the first entry
  `CREATE INDEX poll_rankings_latest_idx ON poll_rankings (sport, poll, season DESC, week DESC)`
])

/**
 * 0040: the "recent" order of stat lines (season, week, game date descending, undated last, then id
 * descending) as indexes, per sport, per player and per team: StatLineReader `newest` (trends,
 * game history, the latest season or date) walks them and stops at the lines it answers, instead
 * of sorting a sport's lines, and a team's season is one range. They replace the (sport, season,
 * week), (player_id, season, week, game_date) and (sport, lower(team)) indexes, whose filters they
 * answer too. Signals by sport, newest first: SignalReader `lastUpdate` probes it per sport
 * instead of grouping every signal.
 */
const recentOrderIndexes = statements([
  `CREATE INDEX stat_lines_sport_recent_idx
    ON stat_lines (sport, season DESC, week DESC NULLS LAST, game_date DESC NULLS LAST, id COLLATE "C" DESC)`,
  `CREATE INDEX stat_lines_player_recent_idx
    ON stat_lines (player_id, season DESC, week DESC NULLS LAST, game_date DESC NULLS LAST, id COLLATE "C" DESC)`,
  `CREATE INDEX stat_lines_team_recent_idx ON stat_lines
    (sport, lower(team), season DESC, week DESC NULLS LAST, game_date DESC NULLS LAST, id COLLATE "C" DESC)`,
  `DROP INDEX IF EXISTS stat_lines_sport_season_week_idx`,
  `DROP INDEX IF EXISTS stat_lines_player_idx`,
  `DROP INDEX IF EXISTS stat_lines_sport_team_idx`,
  `CREATE INDEX signals_sport_effective_idx ON signals (sport, effective_at DESC)`
])

/**
 * 0041: read models of the intelligence and public reads, kept current where their data change.
 * - `model_latest`: per (model version, player) the newest stored prediction (game_date
 *   descending, nulls last, then game_id descending in code units), the columns of
 *   `model_predictions`; Models.ts `record` recomputes a sport and model type's rows in the
 *   transaction that replaces its predictions, so the confidence list (`latest`) and the
 *   confidence_score of a list of players (`newest`) are indexed reads instead of a walk over
 *   every prediction.
 * - `player_platforms`: per platform name, how many players' `platform_ids` hold it, and
 *   `signal_counts`: signals per (sport, signal_type, severity); both kept by statement
 *   triggers on `players` and `signals` (each changed row's old values counted out, its new
 *   ones counted in), so `/api/public/stats` and a signal total filtered only by sport, type
 *   and severity read a few counter rows instead of every player and signal.
 * Both tables are filled from the stored rows here.
 */
const intelReadModels = statements([
  // the columns of model_predictions (one definition): LIKE copies them, their types and NOT NULLs
  `CREATE TABLE model_latest (
    LIKE model_predictions,
    PRIMARY KEY (model_id, player_id),
    FOREIGN KEY (model_id) REFERENCES model_versions (id) ON DELETE CASCADE
  )`,
  `CREATE INDEX model_latest_sport_idx ON model_latest (sport, model_type, player_id COLLATE "C")`,
  `CREATE INDEX model_latest_player_idx ON model_latest (model_type, player_id)`,
  `INSERT INTO model_latest (model_id, sport, model_type, player_id, season, game_id, game_date, model_version,
      as_of, probability, confidence_score, heat_signal, expected, threshold, actual, week, projection)
    SELECT DISTINCT ON (model_id, player_id) model_id, sport, model_type, player_id, season, game_id, game_date,
      model_version, as_of, probability, confidence_score, heat_signal, expected, threshold, actual, week, projection
    FROM model_predictions
    ORDER BY model_id, player_id, game_date DESC NULLS LAST, game_id COLLATE "C" DESC`,
  `CREATE TABLE player_platforms (
    name text PRIMARY KEY,
    players integer NOT NULL
  )`,
  `CREATE TABLE signal_counts (
    sport text NOT NULL,
    signal_type text NOT NULL,
    severity text NOT NULL,
    signals integer NOT NULL,
    PRIMARY KEY (sport, signal_type, severity)
  )`,
  // TG_ARGV[0]: +1 for rows coming in (NEW TABLE), -1 for rows going out (OLD TABLE)
  `CREATE FUNCTION count_player_platforms() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO player_platforms (name, players)
      SELECT k.name, TG_ARGV[0]::integer * count(*) FROM changed, jsonb_object_keys(changed.platform_ids) AS k (name)
      GROUP BY k.name
      ON CONFLICT (name) DO UPDATE SET players = player_platforms.players + EXCLUDED.players;
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION count_signals() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO signal_counts (sport, signal_type, severity, signals)
      SELECT sport, signal_type, severity, TG_ARGV[0]::integer * count(*) FROM changed
      GROUP BY sport, signal_type, severity
      ON CONFLICT (sport, signal_type, severity) DO UPDATE SET signals = signal_counts.signals + EXCLUDED.signals;
    RETURN NULL;
  END $$`,
  ...([["players", "count_player_platforms"], ["signals", "count_signals"]] as const).flatMap(([table, fn]) => [
    `CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('1')`,
    `CREATE TRIGGER ${table}_count_update_out AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('-1')`,
    `CREATE TRIGGER ${table}_count_update_in AFTER UPDATE ON ${table}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('1')`,
    `CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('-1')`
  ]),
  `INSERT INTO player_platforms (name, players)
    SELECT k.name, count(*) FROM players, jsonb_object_keys(players.platform_ids) AS k (name) GROUP BY k.name`,
  `INSERT INTO signal_counts (sport, signal_type, severity, signals)
    SELECT sport, signal_type, severity, count(*) FROM signals GROUP BY sport, signal_type, severity`
])

/**
 * 0042: the ranked players of each stored season (`line_leaders`), the read model of trends and
 * game history without a week, team, player or position filter. LineGroups.ts
 * `refreshLineGroups` writes a season's players in StatLineReader `leaders` order (`rank` from 0)
 * beside its groups, and its line count and positions on `line_group_seasons` (`total`,
 * `positions`: a JSON array text), so such a read is the first `limit` rows of an index instead
 * of ranking every group of the season (nfl 2025, 1,674 groups: 26-35 ms on PGlite, under 1 ms
 * read by rank). Every season is marked stale here, so the next refresh fills them.
 */
const rankedLineLeaders = statements([
  `CREATE TABLE line_leaders (
    sport text NOT NULL,
    season integer NOT NULL,
    rank integer NOT NULL,
    player_id text NOT NULL,
    player_name text,
    lines integer NOT NULL,
    fantasy_points numeric NOT NULL,
    first integer NOT NULL,
    PRIMARY KEY (sport, season, rank)
  )`,
  `ALTER TABLE line_group_seasons ADD COLUMN total integer, ADD COLUMN positions text`,
  `UPDATE line_group_seasons SET fresh = false`
])

/**
 * 0043: games of a sport newest first (`game_date DESC NULLS LAST, id COLLATE "C" DESC`, the
 * GameReader's descending order, which a backward scan of `games_sport_date_idx` does not give:
 * NULLS FIRST), so the first page of `/v1/{sport}/games` is an index scan instead of a sort of
 * every game of the sport (mlb, 11,582 games: 11-22 ms on PGlite).
 */
const gameOrderIndex = statements([
  `CREATE INDEX games_sport_date_desc_idx ON games (sport, game_date DESC NULLS LAST, id COLLATE "C" DESC)`
])

/**
 * The counted tables of `sport_summaries` (Summaries.ts) and the columns whose change moves a
 * sport's summary beside its rows coming and going: the sport and what the summary reads of a row.
 */
const summarized: ReadonlyArray<readonly [table: string, columns: string]> = [
  ["players", "sport"],
  ["teams", "sport"],
  ["games", "sport, season, game_date"],
  ["stat_lines", "sport, season"],
  ["events", "sport, season, start_date"],
  ["event_entries", "sport, participant_id, team"]
]

/**
 * 0044: the summary of each sport (Summaries.ts), the read model of CatalogReader `summary`.
 * `version` moves with every statement that adds or removes a sport's rows, or changes what the
 * summary reads of them (an update compares the changed rows' columns before and after, so a
 * live score update leaves it); `fresh_version` is the version the stored columns were computed
 * at. Rows are added by the triggers and by Summaries.ts `refreshSummaries`.
 */
const sportSummaries = statements([
  `CREATE TABLE sport_summaries (
    sport text PRIMARY KEY,
    version bigint NOT NULL DEFAULT 1,
    fresh_version bigint,
    players integer,
    teams integer,
    games integer,
    stat_lines integer,
    first_game_date text,
    last_game_date text,
    seasons jsonb
  )`,
  `CREATE FUNCTION stale_sport_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO sport_summaries (sport) SELECT DISTINCT sport FROM changed
      ON CONFLICT (sport) DO UPDATE SET version = sport_summaries.version + 1;
    RETURN NULL;
  END $$`,
  ...summarized.flatMap(([table, columns]) => [
    `CREATE TRIGGER ${table}_summary_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stale_sport_summaries()`,
    `CREATE TRIGGER ${table}_summary_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION stale_sport_summaries()`,
    `CREATE FUNCTION stale_sport_summaries_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO sport_summaries (sport)
        SELECT DISTINCT sport FROM (
          (SELECT ${columns} FROM after_rows EXCEPT SELECT ${columns} FROM before_rows)
          UNION ALL (SELECT ${columns} FROM before_rows EXCEPT SELECT ${columns} FROM after_rows)
        ) moved
        ON CONFLICT (sport) DO UPDATE SET version = sport_summaries.version + 1;
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER ${table}_summary_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
      FOR EACH STATEMENT EXECUTE FUNCTION stale_sport_summaries_${table}()`
  ])
])

/**
 * 0045: the stored line groups split by team (`team_key`, the lines' `lower(team)`; `team_first`,
 * the rank of a group's newest line among its team's lines), so that trends and game history of
 * one team's season read that team's groups by index instead of grouping its lines per request
 * (nba 2024, TOR: 862 lines, a heap page each, 10-30 ms on PGlite). Every season is marked stale
 * here, so the next refresh (at open) fills the new columns.
 */
const lineGroupsByTeam = statements([
  `ALTER TABLE line_groups ADD COLUMN team_key text, ADD COLUMN team_first integer`,
  `CREATE INDEX line_groups_team_idx ON line_groups (sport, season, team_key)`,
  `UPDATE line_group_seasons SET fresh = false`
])

/**
 * 0046: each team's roster summed up (`team_roster_counts`), the read model of PlayerReader
 * `teamRosters` (the team lists' `player_count`): per (sport, lower-cased team, position) the
 * players and the active ones, a player without a position counted under `has_position` false
 * (`position` '' there). Kept by statement triggers on `players` (each changed row's old values
 * counted out, its new ones counted in, as `player_platforms`), so `/v1/<sport>/teams` reads a
 * few hundred counter rows instead of grouping every player of the sport (cfb: 12,550 players,
 * 13 ms on PostgreSQL per request). Filled from the stored players here.
 */
const teamRosterCounts = statements([
  `CREATE TABLE team_roster_counts (
    sport text NOT NULL,
    team_key text NOT NULL,
    has_position boolean NOT NULL,
    position text NOT NULL,
    players integer NOT NULL,
    active integer NOT NULL,
    PRIMARY KEY (sport, team_key, has_position, position)
  )`,
  // TG_ARGV[0]: +1 for rows coming in (NEW TABLE), -1 for rows going out (OLD TABLE)
  `CREATE FUNCTION count_team_rosters() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO team_roster_counts (sport, team_key, has_position, position, players, active)
      SELECT sport, lower(team), position IS NOT NULL, coalesce(position, ''), TG_ARGV[0]::integer * count(*),
        TG_ARGV[0]::integer * count(*) FILTER (WHERE status = 'active')
      FROM changed WHERE team IS NOT NULL
      GROUP BY sport, lower(team), position IS NOT NULL, coalesce(position, '')
      ON CONFLICT (sport, team_key, has_position, position) DO UPDATE
        SET players = team_roster_counts.players + EXCLUDED.players,
          active = team_roster_counts.active + EXCLUDED.active;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER players_rosters_insert AFTER INSERT ON players
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_team_rosters('1')`,
  `CREATE TRIGGER players_rosters_update_out AFTER UPDATE ON players
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_team_rosters('-1')`,
  `CREATE TRIGGER players_rosters_update_in AFTER UPDATE ON players
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_team_rosters('1')`,
  `CREATE TRIGGER players_rosters_delete AFTER DELETE ON players
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION count_team_rosters('-1')`,
  `INSERT INTO team_roster_counts (sport, team_key, has_position, position, players, active)
    SELECT sport, lower(team), position IS NOT NULL, coalesce(position, ''), count(*),
      count(*) FILTER (WHERE status = 'active')
    FROM players WHERE team IS NOT NULL
    GROUP BY sport, lower(team), position IS NOT NULL, coalesce(position, '')`
])

/** Every migration, by `<id>_<name>`. Append new ones; never edit an applied one. */
export const migrations: Record<string, Effect.Effect<void, SqlError, SqlClient.SqlClient>> = {
  "1_initial": initial,
  "2_data_version": dataVersion,
  "3_player_name_key": playerNameKey,
  "4_more_sports": moreSports,
  "5_undated_games": undatedGames,
  "6_key_activation": keyActivation,
  "7_signals": signals,
  "8_athletes": athletes,
  "9_player_metrics": playerMetrics,
  "10_delivery": delivery,
  "11_model_registry": modelRegistry,
  "12_undated_events": undatedEvents,
  "13_odds": oddsMigration,
  "14_dfs": dfs,
  "16_anomaly": anomaly,
  "18_counters": counters,
  "19_jobs": jobs,
  "20_outrights": outrightsMigration,
  "21_consume_many": consumeMany,
  "22_reservations": reservations,
  "24_live_feeds": liveFeeds,
  "25_dashboard": dashboard,
  "26_more_versioned_tables": moreVersionedTables,
  "27_projection_predictions": projectionPredictions,
  "28_read_models": readModels,
  "29_source_syncs": sourceSyncsMigration,
  "30_stored_stacks_and_line_groups": storedStacks,
  "36_stored_no_vig": storedNoVigMigration,
  "37_event_and_game_order_indexes": eventOrderIndexes,
  "38_standings_tables": standingsTables,
  "39_listed_odds_lines": listedLinesMigration,
  "40_recent_order_indexes": recentOrderIndexes,
  "41_intel_read_models": intelReadModels,
  "42_ranked_line_leaders": rankedLineLeaders,
  "43_game_order_index": gameOrderIndex,
  "44_sport_summaries": sportSummaries,
  "45_line_groups_by_team": lineGroupsByTeam,
  "46_team_roster_counts": teamRosterCounts
}

/** Name of the table recording applied migrations (the @effect/sql default). */
const MIGRATIONS_TABLE = "effect_sql_migrations"

/**
 * Arbitrary 64-bit key of the transaction-scoped advisory lock that serialises migrations when
 * several instances start at once on one server.
 */
const MIGRATION_LOCK_KEY = 7_364_210_951

const run = Migrator.make({})({ loader: Migrator.fromRecord(migrations), table: MIGRATIONS_TABLE })

/**
 * Applies every pending migration; returns the `[id, name]` of those applied now (empty when the
 * schema was current). Safe when several processes migrate one server at once: the whole run
 * is one transaction holding an advisory lock, and the migrations table is created inside it.
 * Fails with SqlError or MigrationError.
 */
export const migrate: Effect.Effect<
  ReadonlyArray<readonly [id: number, name: string]>,
  SqlError | Migrator.MigrationError,
  SqlClient.SqlClient
> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* sql.withTransaction(Effect.gen(function*() {
    yield* sql.unsafe(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
    yield* sql.unsafe(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
      migration_id integer PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      name text NOT NULL
    )`)
    return yield* run
  }))
}).pipe(Effect.withSpan("SqlStore.migrate"))
