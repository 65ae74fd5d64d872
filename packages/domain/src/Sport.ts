/**
 * Sport keys of the specification ("What the service does", item 1).
 * @module
 */
import { Schema } from "effect"

/** Every sport key the interface names. */
export const SportKey = Schema.Literal(
  "nfl",
  "mlb",
  "nba",
  "nhl",
  "cfb",
  "soccer",
  "tennis",
  "golf",
  "ufc",
  "f1",
  "nascar"
)
export type SportKey = typeof SportKey.Type

/** The sports whose players, teams, games and stat lines are ingested from real data today. */
export const CoreSport = Schema.Literal("nfl", "mlb", "nba")
export type CoreSport = typeof CoreSport.Type

export const coreSports: ReadonlyArray<CoreSport> = CoreSport.literals

/**
 * Canonical player id: `svc_<sport>_<id>` (specification, "Canonical player identities").
 * The `<id>` part is the most stable public id of the person (see each ingest adapter).
 */
export const canonicalPlayerId = (sport: SportKey, id: string): string => `svc_${sport}_${id}`

/** Splits a canonical id into sport and local id, or returns undefined when it is not of the form. */
export const parseCanonicalPlayerId = (
  id: string
): { readonly sport: SportKey; readonly local: string } | undefined => {
  const match = /^svc_([a-z0-9]+)_(.+)$/.exec(id)
  if (match === null) return undefined
  const sport = match[1]!
  if (!(SportKey.literals as ReadonlyArray<string>).includes(sport)) return undefined
  return { sport: sport as SportKey, local: match[2]! }
}
