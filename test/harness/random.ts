/**
 * A seeded pseudo-random source for tests that need varied yet reproducible numbers.
 * @module
 */

/** A seeded linear congruential generator (Numerical Recipes constants), uniform in [0, 1). */
export const lcg = (seed: number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}
