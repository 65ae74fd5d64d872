/**
 * Decoders of many rows at once, made once per row schema. `Schema.Array(schema)` (or
 * `Schema.parseJson` of it) written inside a query's function makes new schemas and a new parser
 * on every call, and Effect keeps each parser in a WeakMap under its schema, which only V8's full
 * collections empty. Sampled with V8's heap profiler (objects that only a full collection freed)
 * under bench/mixed.ts, those schemas and parsers were about a tenth of what the HTTP thread of
 * `sports-data serve` left to full collections.
 * @module
 */
import { type Effect, type ParseResult, Schema } from "effect"

type Decoder<A> = (input: unknown) => Effect.Effect<ReadonlyArray<A>, ParseResult.ParseError>

const ofRows = new WeakMap<Schema.Schema.Any, Decoder<unknown>>()
const ofJson = new WeakMap<Schema.Schema.Any, Decoder<unknown>>()

const memo = <A, I>(
  cache: WeakMap<Schema.Schema.Any, Decoder<unknown>>,
  schema: Schema.Schema<A, I>,
  make: () => Decoder<A>
): Decoder<A> => {
  const known = cache.get(schema)
  if (known !== undefined) return known as Decoder<A>
  const made = make()
  cache.set(schema, made as Decoder<unknown>)
  return made
}

/** Decodes an array of rows (driver values) with `schema`; fails with ParseError. */
export const decodeRows = <A, I>(schema: Schema.Schema<A, I>): Decoder<A> =>
  memo(ofRows, schema, () => Schema.decodeUnknown(Schema.Array(schema)))

/** Decodes one JSON array (text) of rows with `schema`; fails with ParseError (bad JSON included). */
export const decodeJsonRows = <A, I>(schema: Schema.Schema<A, I>): Decoder<A> =>
  memo(ofJson, schema, () => Schema.decodeUnknown(Schema.parseJson(Schema.Array(schema))))
