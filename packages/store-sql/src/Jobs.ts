/**
 * {@link JobLeases} on @effect/sql (table `job_leases`, migration 19). A claim is ONE statement:
 * an upsert whose update applies only when the lease expired or is the claimant's own, so that
 * of concurrent claims exactly one returns a row (the row lock of the conflicting insert
 * serialises them, and the loser re-checks the condition against the winner's row).
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { JobLeasesService } from "@sports-data/domain"
import { Effect } from "effect"
import { orStoreError } from "./Errors.js"

/** Makes the SQL JobLeases over the current SqlClient (migrations applied). */
export const makeJobLeases: Effect.Effect<JobLeasesService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => ({
    claim: ({ job, leaseMs, now, owner }) =>
      sql<{ readonly owner: string }>`
        INSERT INTO job_leases (name, owner, lease_until, acquired_at)
        VALUES (${job}, ${owner}, ${new Date(now.getTime() + leaseMs)}, ${now})
        ON CONFLICT (name) DO UPDATE
          SET owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until,
              acquired_at = CASE WHEN job_leases.owner = EXCLUDED.owner
                THEN job_leases.acquired_at ELSE EXCLUDED.acquired_at END
          WHERE job_leases.owner = EXCLUDED.owner OR job_leases.lease_until < ${now}
        RETURNING owner`.pipe(Effect.map((rows) => rows.length === 1), orStoreError("JobLeases.claim")),
    release: (job, owner) =>
      sql`DELETE FROM job_leases WHERE name = ${job} AND owner = ${owner}`.pipe(
        Effect.asVoid,
        orStoreError("JobLeases.release")
      )
  })
)
