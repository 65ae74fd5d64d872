/**
 * ESLint flat config.
 *
 * - Formatting: @effect/eslint-plugin's dprint rule, set to the code's style (2 spaces, no semicolons,
 *   double quotes, no trailing commas, lines up to 120 characters). `npx eslint --fix` formats.
 * - typescript-eslint's recommended rules (syntax only, no type information, so `npm run lint` is fast).
 * - No `console` in packages/** and runtimes/** sources: logs go through `Effect.log*`. The CLI's
 *   output module is the one exception.
 * - No value imported from the `@effect/platform` index in those sources: each module by its own
 *   path (`import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"`; types may come from
 *   the index). The index loads every module, among them the Swagger UI and Scalar pages (some 20
 *   MB of script text in the heap of every thread that loads it: serve's RSS at start was 585
 *   MiB with it, 527 without).
 * - The dependency direction of DESIGN.md ("Dependencies point inward only"), one rule per edge
 *   (see {@link boundaries}); each is checked on static imports and re-exports
 *   (`@typescript-eslint/no-restricted-imports`) and on dynamic `import(...)` (`no-restricted-syntax`):
 *   - packages/domain imports `effect` and nothing else (no node:*, no @effect/*, no other package);
 *   - packages/app imports `effect` and `@sports-data/domain` only;
 *   - packages/api imports no adapter (store-memory, store-sql, ingest, wiring);
 *   - the adapters (store-memory, store-sql, ingest) import neither api, app nor wiring;
 *   - packages/wiring imports the domain, the adapters and ingest, never api, app or a runtime;
 *   - no package imports a runtime (@sports-data/http, @sports-data/worker, @sports-data/embedded,
 *     or a relative path into runtimes/);
 *   - a runtime imports no other runtime (one exception: embedded hosts the HTTP runtime, see
 *     {@link runtimeBoundaries});
 *   - everywhere, a workspace package is imported through its index: `@sports-data/<pkg>`, never
 *     `@sports-data/<pkg>/<module>`, and no relative path reaches into another workspace member.
 *   test/lint/dependency-rule.test.ts shows each rule failing on a bad import.
 */
import effect from "@effect/eslint-plugin"
import js from "@eslint/js"
import tseslint from "typescript-eslint"

/**
 * A restriction: an import whose specifier matches `regex` (a JavaScript regular expression, as
 * a string) is reported with `message`.
 * @typedef {{ readonly regex: string; readonly message: string }} Restriction
 */

/** The workspace packages under packages/ and the runtimes under runtimes/, by folder (= package name). */
const packageNames = ["domain", "store-memory", "store-sql", "ingest", "api", "app", "wiring", "client"]
const runtimeNames = ["http", "embedded", "worker"]

/** `^@sports-data/(a|b)(/...)?$`: the named workspace members, by index or deeper. */
const named = (names) => `^@sports-data/(${names.join("|")})(/.*)?$`

/** @type {ReadonlyArray<Restriction>} Imports no package may make: the runtimes, by name or by a relative path into runtimes/. */
const runtimeImports = [
  {
    regex: named(runtimeNames),
    message: "A package must not import a runtime: dependencies point inward (runtimes -> packages)."
  },
  {
    regex: "(^|/)runtimes(/|$)",
    message: "A package must not import a runtime: dependencies point inward (runtimes -> packages)."
  }
]

/** @type {ReadonlyArray<Restriction>} Packages are imported through their index, never a module inside them. */
const indexOnly = [
  {
    regex: "^@sports-data/[^/]+/",
    message: "Import a workspace package through its index (`@sports-data/<pkg>`), not a module inside it: " +
      "export what is needed from the package's src/index.ts."
  }
]

/** @type {ReadonlyArray<Restriction>} No relative path reaches into another workspace member (that is a deep import too). */
const noRelativeEscape = [
  {
    regex: `^(\\.\\./)+(packages/|runtimes/)?(${[...packageNames, ...runtimeNames].join("|")})/`,
    message: "A relative import must not reach into another workspace member: import it as `@sports-data/<pkg>`."
  }
]

/** @type {ReadonlyArray<Restriction>} The domain imports `effect` (and its own relative modules) only. */
const domainImports = [
  {
    regex: "^(?!effect(/|$)|\\.\\.?/)",
    message: "packages/domain imports only `effect`: no node:*, no @effect/*, no other package."
  },
  {
    regex: "(^|/)(packages|runtimes|node_modules)(/|$)",
    message: "packages/domain must not reach into other packages or runtimes by a relative path."
  }
]

/** @type {ReadonlyArray<Restriction>} The application layer imports `effect` and the domain only. */
const appImports = [
  {
    regex: "^(?!effect(/|$)|@sports-data/domain$|\\.\\.?/)",
    message: "packages/app imports only `effect` and `@sports-data/domain`: no adapter, no api, no platform."
  },
  {
    regex: "(^|/)(packages|runtimes|node_modules)(/|$)",
    message: "packages/app must not reach into other packages or runtimes by a relative path."
  }
]

/** @type {ReadonlyArray<Restriction>} The HTTP contract knows no adapter. */
const apiImports = [
  {
    regex: named(["store-memory", "store-sql", "ingest", "wiring"]),
    message: "packages/api must not import an adapter (store-memory, store-sql, ingest) or the wiring: " +
      "the contract depends on the domain only."
  }
]

/** @type {ReadonlyArray<Restriction>} Adapters implement ports of the domain; they know no edge above them. */
const adapterImports = [
  {
    regex: named(["api", "app", "wiring"]),
    message: "An adapter (store-memory, store-sql, ingest) must not import api, app or wiring: " +
      "dependencies point inward."
  }
]

/** @type {ReadonlyArray<Restriction>} The wiring composes adapters from settings; it serves no edge. */
const wiringImports = [
  {
    regex: named(["api", "app"]),
    message: "packages/wiring may import the domain, the adapters and ingest, not api or app."
  }
]

/**
 * @param {string} self the runtime being linted
 * @param {ReadonlyArray<string>} allowedByName runtimes `self` may import by name (through the index)
 * @returns {ReadonlyArray<Restriction>} a runtime imports no other runtime, by name or by a relative path
 */
const otherRuntimes = (self, allowedByName = []) => {
  const others = runtimeNames.filter((name) => name !== self)
  const byName = others.filter((name) => !allowedByName.includes(name))
  const message = `runtimes/${self} must not import another runtime: what runtimes share lives in a package ` +
    "(settings, store choice and refresh in @sports-data/wiring)."
  return [
    ...(byName.length === 0 ? [] : [{ regex: named(byName), message }]),
    { regex: `((^|/)runtimes/|^(\\.\\./){2,})(${others.join("|")})(/|$)`, message }
  ]
}

/**
 * The runtimes' rules. runtimes/embedded may import `@sports-data/http` (its index): `serve` and
 * `createEngine().webHandler` host the HTTP runtime in-process (DESIGN.md, "One process can run
 * everything"), and runtimes/http has no entry point of its own. Removing that edge means moving
 * the HTTP composition (Server, Admission, Errors, Usage, Docs) into a package.
 */
const runtimeBoundaries = [
  { files: ["runtimes/http/**"], restrictions: [...indexOnly, ...noRelativeEscape, ...otherRuntimes("http")] },
  {
    files: ["runtimes/embedded/**"],
    restrictions: [...indexOnly, ...noRelativeEscape, ...otherRuntimes("embedded", ["http"])]
  },
  { files: ["runtimes/worker/**"], restrictions: [...indexOnly, ...noRelativeEscape, ...otherRuntimes("worker")] }
]

/** The rules that apply to every package. */
const anyPackage = [...indexOnly, ...noRelativeEscape, ...runtimeImports]

/**
 * Every dependency rule, by the files it applies to. A file takes the restrictions of the LAST
 * entry whose `files` match it (ESLint replaces a rule's options; it does not merge them), so
 * each entry lists everything that applies to its files and the more specific entries come later.
 */
const boundaries = [
  { files: ["**/*.{ts,mts,cts,js,mjs,cjs}"], restrictions: indexOnly },
  { files: ["packages/**"], restrictions: anyPackage },
  { files: ["packages/domain/**"], restrictions: [...anyPackage, ...domainImports] },
  { files: ["packages/app/**"], restrictions: [...anyPackage, ...appImports] },
  { files: ["packages/api/**"], restrictions: [...anyPackage, ...apiImports] },
  { files: ["packages/{store-memory,store-sql,ingest}/**"], restrictions: [...anyPackage, ...adapterImports] },
  { files: ["packages/wiring/**"], restrictions: [...anyPackage, ...wiringImports] },
  ...runtimeBoundaries
]

/** The regex of a restriction in an esquery selector (its slashes escaped). */
const selectorRegex = (regex) => regex.replaceAll("/", "\\/")

/** The config object enforcing `restrictions` on `files`: static imports and re-exports, and dynamic `import(...)`. */
const enforce = ({ files, restrictions }) => ({
  files,
  rules: {
    "@typescript-eslint/no-restricted-imports": ["error", { patterns: restrictions.map((r) => ({ ...r })) }],
    "no-restricted-syntax": [
      "error",
      ...restrictions.map((r) => ({
        selector: `ImportExpression[source.value=/${selectorRegex(r.regex)}/]`,
        message: r.message
      }))
    ]
  }
})

/** The one module allowed to write to the console: the CLI's output. */
export const cliOutputModule = "runtimes/embedded/src/Output.ts"

export default tseslint.config(
  {
    ignores: ["**/dist/**", "**/node_modules/**", "**/.data/**", "test/fixtures/**", "coverage/**", "**/*.d.ts"]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...effect.configs.dprint,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: {
        console: "readonly",
        process: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly"
      }
    },
    rules: {
      "@effect/dprint": [
        "error",
        {
          config: {
            indentWidth: 2,
            lineWidth: 120,
            semiColons: "asi",
            quoteStyle: "alwaysDouble",
            trailingCommas: "never",
            operatorPosition: "maintain",
            "arrowFunction.useParentheses": "force"
          }
        }
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }
      ],
      "@typescript-eslint/no-namespace": "off",
      "@typescript-eslint/no-empty-object-type": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "require-yield": "off"
    }
  },
  {
    files: ["packages/**/src/**/*.ts", "runtimes/**/src/**/*.ts"],
    ignores: [cliOutputModule],
    rules: {
      "no-console": "error",
      "@effect/no-import-from-barrel-package": ["error", { packageNames: ["@effect/platform"] }]
    }
  },
  ...boundaries.map(enforce)
)
