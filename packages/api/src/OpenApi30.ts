/**
 * The OpenAPI 3.0.3 rendering of the contract (the specification, "Versioning", names OpenAPI
 * 3.0.3), for client generators that do not read 3.1 yet. The document `OpenApi.fromApi` builds is
 * OpenAPI 3.1.0 (JSON Schema 2020-12); {@link toOpenApi30} converts it with the
 * `@apiture/openapi-down-convert` library (version field, `const`, `type: [T, "null"]`, examples,
 * `$comment`, unsupported keywords), then rewrites what that library leaves as is: a
 * `{type: "null"}` member of `anyOf` / `oneOf`, which is how an Effect `Schema.NullOr(X)` appears
 * in the document, an empty `required` list, which 3.0 does not allow, and numeric
 * `exclusiveMinimum` / `exclusiveMaximum` (booleans beside `minimum` / `maximum` in 3.0) (see
 * {@link schemaIn30}).
 *
 * ```ts
 * const doc30 = toOpenApi30(OpenApi.fromApi(Api))   // served at GET /openapi-3.0.json
 * ```
 * @module
 */
import { Converter } from "@apiture/openapi-down-convert"

/** A JSON value of an OpenAPI document. */
type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }
type JsonObject = { [key: string]: Json }

const isObject = (u: unknown): u is JsonObject => typeof u === "object" && u !== null && !Array.isArray(u)

/** `{type: "null"}` (with at most annotations beside it): the JSON Schema of the null value. */
const isNullSchema = (u: Json): boolean => isObject(u) && u.type === "null"

/**
 * One schema object in OpenAPI 3.0 terms (the 3.0.3 "Schema Object": `nullable` instead of a null
 * type; `required` has at least one name), applied to `schema` itself and not to its children:
 * - `required: []`: removed (the same meaning: no property is required).
 * - `exclusiveMinimum: n` (a number, JSON Schema 2020-12): `minimum: n, exclusiveMinimum: true`,
 *   unless a `minimum` at least as strict is there already; the same for the maximum.
 * - `anyOf` / `oneOf` with `{type: "null"}` members: the members are dropped and `nullable: true`
 *   is set; when one member remains, it replaces the union (a `$ref` as `allOf: [$ref]`, since
 *   3.0.3 ignores siblings of `$ref`), keeping the union's own annotations (description...).
 * - `{type: "null"}` alone (a field that is always null): `{nullable: true, enum: [null]}`, the
 *   3.0 way of saying "only null" (3.0 has no null type; with `enum`, null is allowed only when
 *   listed in it).
 * Returns a new object; other schemas are returned as they are.
 */
export const schemaIn30 = (input: JsonObject): JsonObject => {
  const schema = withoutNullType(input)
  const required = Array.isArray(schema.required) && schema.required.length === 0
    ? withoutKey(schema, "required")
    : schema
  return exclusiveBound(
    exclusiveBound(required, "exclusiveMinimum", "minimum", (a, b) => a >= b),
    "exclusiveMaximum",
    "maximum",
    (a, b) => a <= b
  )
}

/** The null type rules of {@link schemaIn30} (unions with null, null alone). */
const withoutNullType = (schema: JsonObject): JsonObject => {
  for (const key of ["anyOf", "oneOf"] as const) {
    const members = schema[key]
    if (!Array.isArray(members) || !members.some(isNullSchema)) continue
    const rest = (members as ReadonlyArray<Json>).filter((m) => !isNullSchema(m))
    const annotations = withoutKey(schema, key)
    if (rest.length === 0) return { ...annotations, nullable: true, enum: [null] }
    if (rest.length > 1) return { ...annotations, [key]: rest, nullable: true }
    const only = rest[0]!
    if (isObject(only) && typeof only.$ref === "string") return { ...annotations, allOf: [only], nullable: true }
    return isObject(only) ? { ...only, ...annotations, nullable: true } : { ...annotations, nullable: true }
  }
  if (schema.type === "null") return { ...withoutKey(schema, "type"), nullable: true, enum: [null] }
  return schema
}

/**
 * A numeric exclusive bound as 3.0 writes it (see {@link schemaIn30}); `stricter(a, b)` tells
 * whether the inclusive bound `a` already excludes everything the exclusive bound `b` does.
 */
const exclusiveBound = (
  schema: JsonObject,
  exclusive: "exclusiveMinimum" | "exclusiveMaximum",
  inclusive: "minimum" | "maximum",
  stricter: (inclusiveBound: number, exclusiveBound: number) => boolean
): JsonObject => {
  const bound = schema[exclusive]
  if (typeof bound !== "number") return schema
  const current = schema[inclusive]
  if (typeof current === "number" && current !== bound && stricter(current, bound)) {
    return withoutKey(schema, exclusive)
  }
  return { ...schema, [inclusive]: bound, [exclusive]: true }
}

/** `o` without `key`. */
const withoutKey = (o: JsonObject, key: string): JsonObject => {
  const { [key]: _dropped, ...rest } = o
  return rest
}

/**
 * Applies {@link schemaIn30} to every object of `node`, parents first (a union must see its
 * `{type: "null"}` members before they are rewritten on their own).
 */
const rewrite = (node: Json): Json => {
  if (Array.isArray(node)) return node.map(rewrite)
  if (!isObject(node)) return node
  const out: JsonObject = {}
  for (const [k, v] of Object.entries(schemaIn30(node))) out[k] = rewrite(v)
  return out
}

/**
 * The OpenAPI 3.0.3 rendering of an OpenAPI 3.1 document (see the module description). Pure: the
 * input is not modified. Same paths, operations, operation ids, parameters, responses, security
 * and `x-required-tier` extensions; only the schema dialect changes.
 */
export const toOpenApi30 = (spec31: object): Record<string, unknown> => {
  const converted = new Converter(spec31, { convertSchemaComments: true }).convert() as Json
  const out = rewrite(converted) as Record<string, unknown>
  return { ...out, openapi: "3.0.3" }
}
