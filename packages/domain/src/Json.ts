/**
 * The canonical JSON form of a value: object keys sorted, instants by their ISO 8601 form,
 * `undefined` fields absent. The memory store compares rows by it (as the SQL adapter compares
 * jsonb and columns), and read caches key queries by it (`{ team, sport }` and
 * `{ sport, team, search: undefined }` give one text). Pure.
 * @module
 */

const canonical = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(canonical)
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>
    return Object.fromEntries(
      Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort()
        .map((key) => [key, canonical(record[key])])
    )
  }
  return value
}

/** The JSON text of `value` with object keys sorted, so equal rows give equal strings. */
export const canonicalJson = (value: unknown): string => JSON.stringify(canonical(value))

/** True when `a` and `b` have the same JSON form (deep equality, key order ignored). */
export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b)
