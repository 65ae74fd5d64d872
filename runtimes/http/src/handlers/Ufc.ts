/**
 * Handlers of the ufc group (`/v1/ufc`) over the Ufc application service. `/rankings` has no
 * source: it answers empty data with `meta.coverage` unavailable (Coverage.ts).
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Ufc } from "@sports-data/app"
import { Effect } from "effect"
import { mapDomainErrors } from "../Errors.js"
import { envelope, eventSportContext } from "./Common.js"

const ctx = eventSportContext("ufc")

/** The ufc handlers. Requires the Ufc service. */
export const UfcLive = HttpApiBuilder.group(Api, "ufc", (handlers) =>
  handlers
    .handle("events", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const rows = yield* (yield* Ufc).events({
          state: urlParams.state,
          limit: Params.withDefault(urlParams.limit, Params.UfcLimits.events)
        })
        return yield* envelope(ctx(request, "events"), rows)
      }).pipe(mapDomainErrors))
    .handle("fighters", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const found = yield* (yield* Ufc).fighters({
          search: urlParams.search,
          limit: Params.withDefault(urlParams.limit, Params.UfcLimits.fighters)
        })
        return yield* envelope(ctx(request, "fighters"), found.rows, { total: found.total })
      }).pipe(mapDomainErrors))
    .handle("rankings", ({ request }) => envelope(ctx(request, "rankings"), [] as Array<unknown>))
    .handle("record", ({ path, request }) =>
      Effect.gen(function*() {
        const record = yield* (yield* Ufc).record(path.name)
        return yield* envelope(ctx(request, "record"), record)
      }).pipe(mapDomainErrors)))
