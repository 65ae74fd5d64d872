/**
 * Player name keys for matching one source's row to another's when they share no id.
 * @module
 */

const suffixes = new Set(["jr", "sr", "ii", "iii", "iv", "v"])

/** The keys {@link nameKey} has computed: an ingest asks for the same few thousand names again and again. */
const keys = new Map<string, string>()

/** How many keys {@link keys} holds before it starts over (bounds its memory in a long-running process). */
const maxKeys = 100_000

/**
 * A comparable form of a person's name: accents removed, lower case, punctuation dropped
 * (`Ja'Marr` -> `jamarr`, `A.J.` -> `aj`), generational suffixes (Jr, Sr, II-V) dropped,
 * single spaces. "Kenneth Walker III" and "Kenneth Walker" give the same key. Memoised.
 */
export const nameKey = (name: string): string => {
  const known = keys.get(name)
  if (known !== undefined) return known
  const words = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[.'`’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "")
  while (words.length > 1 && suffixes.has(words[words.length - 1]!)) words.pop()
  const key = words.join(" ")
  if (keys.size >= maxKeys) keys.clear()
  keys.set(name, key)
  return key
}

/**
 * Letters and digits only, accents removed, lower case: "O Connell" and "O'Connell" give
 * "oconnell", "St. Louis" and "st louis" give "stlouis". For names matched across sources that
 * spell punctuation and spacing differently (tennis players, odds feeds' team names).
 */
export const compactKey = (text: string): string =>
  text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]/g, "")

/** A looser key: first initial and last name (`"patrick mahomes"` -> `"p mahomes"`). */
export const initialKey = (name: string): string => {
  const words = nameKey(name).split(" ")
  if (words.length < 2) return words.join(" ")
  return `${words[0]!.slice(0, 1)} ${words[words.length - 1]}`
}

/** Splits a display name at its first space into first and last name (`"Amon-Ra St. Brown"` -> Amon-Ra / St. Brown). */
export const splitName = (name: string): { readonly first: string | null; readonly last: string | null } => {
  const t = name.trim()
  const i = t.indexOf(" ")
  return i < 0 ? { first: t === "" ? null : t, last: null } : { first: t.slice(0, i), last: t.slice(i + 1).trim() }
}
