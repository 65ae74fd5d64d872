/**
 * Synthesis sentences of the dossier feed: a sentence is built only from named stored figures,
 * and served only after every number written in it is checked against the figures as stored.
 * A sentence holding a number that is not one of the stored figures (as printed) is refused.
 * @module
 */

/** A named stored figure: what it is, its value as stored, and the table/field it was read from. */
export interface Figure {
  readonly name: string
  readonly value: number
  readonly source: string
}

/**
 * How a figure is printed in a sentence: up to 2 decimals, trailing zeros dropped; a signed
 * figure (`signed`) with a leading + when positive.
 */
export const formatFigure = (value: number, signed = false): string => {
  const text = String(Math.round(value * 100) / 100)
  return signed && value > 0 ? `+${text}` : text
}

/** Every number written in `text` (digits with an optional sign and decimals), in order. */
export const numbersIn = (text: string): ReadonlyArray<number> =>
  Array.from(text.matchAll(/[+-]?\d+(?:\.\d+)?/g), (m) => Number(m[0]))

/**
 * True when every number written in `sentence` equals, as printed by {@link formatFigure}, the
 * stored value of one of `stored` (the figures read again from the store), and the sentence has
 * at least one number. Compared on the printed form, so 12.3 matches a stored 12.3 and not 12.31.
 */
export const verifySentence = (sentence: string, stored: ReadonlyArray<Figure>): boolean => {
  const numbers = numbersIn(sentence)
  if (numbers.length === 0) return false
  const printed = new Set(stored.map((f) => Number(formatFigure(f.value))))
  return numbers.every((n) => printed.has(n))
}
