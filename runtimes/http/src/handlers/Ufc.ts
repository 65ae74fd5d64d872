/**
 * Handlers of the ufc group (`/v1/ufc`) over the Ufc application service. `/rankings` has no
 * source: it answers empty data with `meta.coverage` unavailable (Coverage.ts).
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Ufc } from "@sports-data/app"
import { Effect } from "effect"
import { envelope, eventSportContext, listPage } from "./Common.js"
import { group } from "./Group.js"

const ctx = eventSportContext("ufc")

/** The ufc handlers. Requires the Ufc service. */
export const UfcLive = group(Api, "ufc", (handlers) =>
  handlers
    .handle("events", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const rows = yield* (yield* Ufc).events({
          state: urlParams.state,
          limit: Params.withDefault(urlParams.limit, Params.UfcLimits.events)
        })
        return yield* envelope(ctx(request, "events"), rows)
      }))
    .handle("fighters", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const found = yield* (yield* Ufc).fighters({
          search: urlParams.search,
          limit: Params.withDefault(urlParams.limit, Params.UfcLimits.fighters)
        })
        return yield* envelope(ctx(request, "fighters"), found.rows, { total: found.total })
      }))
    .handle("rankings", ({ request, urlParams }) => {
      const { paging, rows } = listPage([] as Array<unknown>, urlParams, Params.ListLimits.divisionRankings)
      return envelope(ctx(request, "rankings"), rows, paging)
    })
    .handle("record", ({ path, request }) =>
      Effect.gen(function*() {
        const record = yield* (yield* Ufc).record(path.name)
        return yield* envelope(ctx(request, "record"), record)
      })))
