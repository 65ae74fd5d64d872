/**
 * A trained model's version record and the names every training job shares (ingest Models.ts for
 * the confidence, heat, pitcher form and nfl projection models; ProjectionNba.ts for nba's), kept
 * apart so that those modules import it without importing each other.
 * @module
 */
import type { Models, TeamSport } from "@sports-data/domain"

/** FNV-1a 32-bit of a string, 8 hex digits: the content part of a version. */
export const fnv = (text: string): string => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h.toString(16).padStart(8, "0")
}

/** What one training run produced: the version record and its predictions (empty unless ACTIVE). */
export interface Trained {
  readonly version: Models.ModelVersion
  readonly predictions: ReadonlyArray<Models.ModelPrediction>
}

/**
 * The version record of a card: version `<major>.<hash of the card>` (major 1, or 2 for a refit
 * with the pre-kickoff features; the same data and fit give the same version), status by default
 * ACTIVE when the card's result passed, else REJECTED.
 */
export const versionOf = (
  sport: TeamSport,
  model_type: Models.ModelType,
  card: Models.ModelCard,
  trainedAt: string,
  major = 1,
  status: Models.ModelStatus = card.result?.passed === true ? "ACTIVE" : "REJECTED"
): Models.ModelVersion => {
  const version = `${major}.${fnv(JSON.stringify(card))}`
  return {
    id: `${sport}.${model_type}.${version}`,
    sport,
    model_type,
    version,
    status,
    trained_at: trainedAt,
    card
  }
}

/** The note of a card whose model failed its pass rule. */
export const failedNote = "did not pass its rule on the held-out window: its fields stay null"
