/**
 * Ultimate Fighting Championship: the event sport module (see EventSportModule.ts), with its
 * weight classes, bout outcomes and result methods as data.
 * @module
 */
import { nameKey } from "../Canonical.js"
import { canonicalPlayerId } from "../Sport.js"
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"

/**
 * A UFC weight class: its name as ufcstats writes it (without "UFC", "Title", "Interim",
 * "Bout") and its upper limit in pounds (null for catch weight and open weight; heavyweight 265,
 * Unified Rules of MMA).
 */
export interface WeightClass {
  readonly name: string
  readonly limit_lb: number | null
}

/** The weight classes, lightest first (Unified Rules of Mixed Martial Arts limits). */
export const WEIGHT_CLASSES: ReadonlyArray<WeightClass> = [
  { name: "Women's Strawweight", limit_lb: 115 },
  { name: "Strawweight", limit_lb: 115 },
  { name: "Women's Flyweight", limit_lb: 125 },
  { name: "Flyweight", limit_lb: 125 },
  { name: "Women's Bantamweight", limit_lb: 135 },
  { name: "Bantamweight", limit_lb: 135 },
  { name: "Women's Featherweight", limit_lb: 145 },
  { name: "Featherweight", limit_lb: 145 },
  { name: "Lightweight", limit_lb: 155 },
  { name: "Welterweight", limit_lb: 170 },
  { name: "Middleweight", limit_lb: 185 },
  { name: "Light Heavyweight", limit_lb: 205 },
  { name: "Heavyweight", limit_lb: 265 },
  { name: "Super Heavyweight", limit_lb: null },
  { name: "Catch Weight", limit_lb: null },
  { name: "Open Weight", limit_lb: null }
]

/**
 * The weight class named in a ufcstats WEIGHTCLASS cell ("UFC Women's Flyweight Title Bout",
 * "Interim Lightweight Title Bout", "Ultimate Fighter 28 Heavyweight Tournament Title Bout"),
 * the longest name it contains; undefined when it names none.
 */
export const weightClassOf = (cell: string): WeightClass | undefined => {
  const text = cell.toLowerCase()
  let best: WeightClass | undefined
  for (const w of WEIGHT_CLASSES) {
    if (text.includes(w.name.toLowerCase()) && (best === undefined || w.name.length > best.name.length)) best = w
  }
  return best
}

/** A fighter's result in one bout. */
export type FightResult = "win" | "loss" | "draw" | "no_contest"

/**
 * The results of the two fighters of a ufcstats OUTCOME cell (`W/L`, `L/W`, `D/D`, `NC/NC`; the
 * first is the fighter named first in the bout), or undefined for another value.
 */
export const outcomeOf = (cell: string): readonly [FightResult, FightResult] | undefined => {
  switch (cell.trim().toUpperCase()) {
    case "W/L":
      return ["win", "loss"]
    case "L/W":
      return ["loss", "win"]
    case "D/D":
      return ["draw", "draw"]
    case "NC/NC":
      return ["no_contest", "no_contest"]
    default:
      return undefined
  }
}

/**
 * The id a bout's fighter name keeps when it cannot be resolved to one fighter of the directory
 * (no fighter of that name, or namesakes the weight class does not tell apart):
 * `svc_ufc_n-<name slug>`, the slug the domain's `nameKey` with every run of other characters a
 * hyphen ("Bruno Silva" -> `svc_ufc_n-bruno-silva`). Ingest writes it; reads find those bouts by it.
 */
export const unresolvedFighterId = (name: string): string =>
  canonicalPlayerId("ufc", `n-${nameKey(name).replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`)

/** The Ultimate Fighting Championship module. */
export const ufc = {
  key: "ufc",
  name: "Ultimate Fighting Championship",
  shortName: "UFC",
  leagues: ["ufc"],
  defaultLeague: "ufc",
  eventStates: EVENT_STATES,
  participant: "fighter",
  weightClasses: WEIGHT_CLASSES,
  results: ["win", "loss", "draw", "no_contest"],
  dfs: false
} as const satisfies EventSportModule<"ufc"> & {
  readonly weightClasses: ReadonlyArray<WeightClass>
  readonly results: ReadonlyArray<FightResult>
}
