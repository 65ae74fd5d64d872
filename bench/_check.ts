import { DfsReader } from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import * as StoreMemory from "@sports-data/store-memory"
import { Effect, Logger, LogLevel } from "effect"
const program = Effect.gen(function*() {
  const t = performance.now()
  yield* Runner.runIngest({ sports: ["nfl", "golf"], dataDir: "/work/shared/data" })
  console.log("ingest s", ((performance.now() - t) / 1000).toFixed(1))
  const r = yield* DfsReader
  for (const sport of ["nfl", "golf"] as const) {
    for (const s of yield* r.slates({ sport })) {
      console.log(s.id, s.name, s.player_count, s.linked_count, s.start_time?.toISOString() ?? null, s.week)
      if (sport === "nfl") {
        const rows = yield* r.salaries(s.id)
        const un = rows.filter((x) => x.player_id === null && x.position !== "DST")
        console.log("unlinked non-DST", un.length, un.slice(0, 25).map((x) => `${x.name}/${x.team}/${x.position}`).join("; "))
      }
    }
  }
})
program.pipe(Effect.provide(StoreMemory.layer), Effect.provide(Progress.silent), Logger.withMinimumLogLevel(LogLevel.Warning), Effect.runPromise).catch((e) => { console.error(e); process.exit(1) })
