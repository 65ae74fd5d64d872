/**
 * ESLint flat config.
 *
 * - Formatting: @effect/eslint-plugin's dprint rule, set to the code's style (2 spaces, no semicolons,
 *   double quotes, no trailing commas, lines up to 120 characters). `npx eslint --fix` formats.
 * - typescript-eslint's recommended rules (syntax only, no type information, so `npm run lint` is fast).
 * - No `console` in packages/** and runtimes/** sources: logs go through `Effect.log*`. The CLI's
 *   output module is the one exception.
 * - The dependency direction of DESIGN.md ("Dependencies point inward only"):
 *   packages/domain imports `effect` and nothing else (no node:*, no @effect/*, no other package);
 *   no package under packages/ imports a runtime (@sports-data/http, @sports-data/worker,
 *   @sports-data/embedded, or a relative path into runtimes/).
 *   test/lint/dependency-rule.test.ts checks that these rules fire.
 */
import effect from "@effect/eslint-plugin"
import js from "@eslint/js"
import tseslint from "typescript-eslint"

/** Imports no package may make: the runtimes, by name or by a relative path into runtimes/. */
const runtimeImports = [
  {
    regex: "^@sports-data/(http|worker|embedded)(/.*)?$",
    message: "A package must not import a runtime: dependencies point inward (runtimes -> packages)."
  },
  {
    regex: "(^|/)runtimes(/|$)",
    message: "A package must not import a runtime: dependencies point inward (runtimes -> packages)."
  }
]

/** The domain imports `effect` (and its own relative modules) only. */
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
    rules: { "no-console": "error" }
  },
  {
    files: ["packages/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: runtimeImports }] }
  },
  {
    files: ["packages/domain/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...runtimeImports, ...domainImports] }]
    }
  }
)
