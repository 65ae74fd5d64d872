/**
 * In-memory {@link JobLeases}: the leases in one `Ref` (exact within one process).
 * @module
 */
import type { JobLeasesService } from "@sports-data/domain"
import { Effect, Ref } from "effect"

interface Lease {
  readonly owner: string
  readonly until: number
}

/** Makes an empty in-memory JobLeases. Never fails. */
export const makeJobLeases: Effect.Effect<JobLeasesService> = Effect.map(
  Ref.make<ReadonlyMap<string, Lease>>(new Map()),
  (ref) => ({
    claim: ({ job, leaseMs, now, owner }) =>
      Ref.modify(ref, (leases) => {
        const held = leases.get(job)
        if (held !== undefined && held.owner !== owner && held.until >= now.getTime()) return [false, leases]
        return [true, new Map(leases).set(job, { owner, until: now.getTime() + leaseMs })]
      }),
    release: (job, owner) =>
      Ref.update(ref, (leases) => {
        if (leases.get(job)?.owner !== owner) return leases
        const next = new Map(leases)
        next.delete(job)
        return next
      })
  })
)
