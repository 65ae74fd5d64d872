/**
 * In-memory {@link DashboardStore}: links and sessions in one `Ref` each, so a claim is one
 * atomic `Ref.modify`.
 * @module
 */
import type { DashboardSession, DashboardStoreService, SignInLink } from "@sports-data/domain"
import { Effect, Option, Ref } from "effect"

/** Makes an empty in-memory DashboardStore. Never fails. */
export const makeDashboardStore: Effect.Effect<DashboardStoreService> = Effect.gen(function*() {
  const links = yield* Ref.make<ReadonlyMap<string, SignInLink>>(new Map())
  const sessions = yield* Ref.make<ReadonlyMap<string, DashboardSession>>(new Map())
  const live = <A extends { readonly expires_at: Date }>(all: ReadonlyMap<string, A>, now: Date) =>
    new Map([...all].filter(([, v]) => v.expires_at.getTime() > now.getTime()))
  return {
    createLink: (link) =>
      Effect.zipRight(
        Ref.update(sessions, (all) => live(all, link.created_at)),
        Ref.update(links, (all) => live(all, link.created_at).set(link.token_hash, link))
      ),
    claimLink: (tokenHash, now) =>
      Ref.modify(links, (all) => {
        const link = all.get(tokenHash)
        if (link === undefined || link.expires_at.getTime() <= now.getTime()) return [Option.none(), all]
        const rest = new Map(all)
        rest.delete(tokenHash)
        return [Option.some(link), rest]
      }),
    createSession: (session) => Ref.update(sessions, (all) => new Map(all).set(session.id_hash, session)),
    findSession: (idHash, now) =>
      Effect.map(
        Ref.get(sessions),
        (all) => Option.fromNullable(all.get(idHash)).pipe(Option.filter((s) => s.expires_at.getTime() > now.getTime()))
      ),
    deleteSession: (idHash) =>
      Ref.update(sessions, (all) => {
        const rest = new Map(all)
        rest.delete(idHash)
        return rest
      })
  }
})
