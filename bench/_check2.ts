import { Dfs } from "@sports-data/app"
import { Progress, Runner } from "@sports-data/ingest"
import * as StoreMemory from "@sports-data/store-memory"
import { HighsSolverLive } from "@sports-data/wiring"
import { Effect, Layer, Logger, LogLevel } from "effect"
const program = Effect.gen(function*() {
  yield* Runner.runIngest({ sports: ["nfl"], dataDir: "/work/shared/data" })
  const dfs = yield* Dfs
  const t = performance.now()
  const r = yield* Effect.either(dfs.optimize({ slate_id: "draftkings-nfl-2025-09-07-classic", lineups: 3, projections: "service", locks: ["39506991"], excludes: [], max_exposure: 1, min_salary: undefined }))
  console.log("service optimize s", ((performance.now() - t) / 1000).toFixed(1))
  if (r._tag === "Left") console.log("error", JSON.stringify(r.left))
  else {
    console.log("without", r.right.without_projection.length, "stopped", r.right.stopped)
    for (const l of r.right.lineups) console.log(l.points, l.salary, l.players.map((p) => `${p.slot}:${p.salary.name}:${p.projection}`).join(", "))
  }
})
program.pipe(Effect.provide(Dfs.Default.pipe(Layer.provide(HighsSolverLive), Layer.provideMerge(StoreMemory.layer))), Effect.provide(Progress.silent), Logger.withMinimumLogLevel(LogLevel.Warning), Effect.runPromise).catch((e) => { console.error(e); process.exit(1) })
