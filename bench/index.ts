/**
 * What the benches share (this file is not a bench: bin/bench.mjs skips index.ts).
 * @module
 */
import { Plans } from "@sports-data/domain"
import { writeFileSync } from "node:fs"
import { createServer } from "node:net"

/** A free TCP port on 127.0.0.1 (bound once and released). */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer()
    probe.once("error", fail)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      probe.close(() => done(port))
    })
  })

/**
 * Writes to `file` the plan catalog (for SPORTS_DATA_PLANS) in which syndicate_alpha's minute,
 * day and month ceilings are far above any bench's load, so every request of a bench goes through
 * exact counting and none is refused.
 */
export const writeHighLimitPlans = (file: string): void => {
  const HIGH = 1_000_000_000
  writeFileSync(
    file,
    JSON.stringify(
      Plans.defaultPlans.map((p) =>
        p.tier === "syndicate_alpha" ? { ...p, per_minute: HIGH, per_day: HIGH, per_month: HIGH } : p
      )
    )
  )
}
