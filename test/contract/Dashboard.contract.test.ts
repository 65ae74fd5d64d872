/**
 * DashboardStore contract: e-mailed sign-in links followed at most once and only before they
 * expire, sessions found only until they expire and gone after sign-out. One suite, run on every
 * adapter; each test uses its own random hashes.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { DashboardStore, SESSION_MS, SIGN_IN_LINK_MS } from "@sports-data/domain"
import { Effect, Option } from "effect"
import { storeLayers } from "../harness/stores.js"
import { randomKeyHash } from "./fixtures.js"

const entries = await storeLayers()

const at = (iso: string): Date => new Date(iso)
const plus = (d: Date, ms: number): Date => new Date(d.getTime() + ms)

describe("DashboardStore contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("a link signs in once, only before it expires; concurrent claims get it once", () =>
        Effect.gen(function*() {
          const store = yield* DashboardStore
          const t = at("2030-01-01T10:00:00Z")
          const link = {
            token_hash: randomKeyHash(),
            email: "owner@example.com",
            created_at: t,
            expires_at: plus(t, SIGN_IN_LINK_MS)
          }
          yield* store.createLink(link)
          const claims = yield* Effect.all(
            Array.from({ length: 5 }, () => store.claimLink(link.token_hash, plus(t, 60_000))),
            { concurrency: "unbounded" }
          )
          expect(claims.filter(Option.isSome)).toEqual([Option.some(link)])
          expect(yield* store.claimLink(link.token_hash, plus(t, 61_000))).toEqual(Option.none())

          const late = { ...link, token_hash: randomKeyHash() }
          yield* store.createLink(late)
          expect(yield* store.claimLink(late.token_hash, plus(t, SIGN_IN_LINK_MS))).toEqual(Option.none())
          expect(yield* store.claimLink(randomKeyHash(), t)).toEqual(Option.none())
        }))

      it.effect("a session is found until it expires and not after sign-out", () =>
        Effect.gen(function*() {
          const store = yield* DashboardStore
          const t = at("2030-01-02T10:00:00Z")
          const byEmail = {
            id_hash: randomKeyHash(),
            email: "owner@example.com",
            key_hash: null,
            created_at: t,
            expires_at: plus(t, SESSION_MS)
          }
          const byKey = {
            id_hash: randomKeyHash(),
            email: null,
            key_hash: randomKeyHash(),
            created_at: t,
            expires_at: plus(t, SESSION_MS)
          }
          yield* store.createSession(byEmail)
          yield* store.createSession(byKey)
          expect(yield* store.findSession(byEmail.id_hash, plus(t, SESSION_MS - 1))).toEqual(Option.some(byEmail))
          expect(yield* store.findSession(byKey.id_hash, t)).toEqual(Option.some(byKey))
          expect(yield* store.findSession(byEmail.id_hash, plus(t, SESSION_MS))).toEqual(Option.none())
          yield* store.deleteSession(byKey.id_hash)
          expect(yield* store.findSession(byKey.id_hash, t)).toEqual(Option.none())
          yield* store.deleteSession(byKey.id_hash)
        }))
    })
  }
})
