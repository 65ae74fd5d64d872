/**
 * Headless Chromium for the dashboard's browser tests: Debian's `chromium` (CHROMIUM_PATH, else
 * /usr/bin/chromium) driven by puppeteer-core, and axe-core's check of a page.
 * @module
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Page } from "puppeteer-core"

/** The Chromium executable, when installed. */
export const chromiumPath = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium"

/** Whether the browser tests can run; they skip, saying why, when not. */
export const chromiumReady = existsSync(chromiumPath)
if (!chromiumReady) {
  console.warn(
    `dashboard browser tests skipped: no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`
  )
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

/** A violation axe reports: its rule, impact and the elements it found. */
export interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: ReadonlyArray<string>
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now.
 * axe is evaluated through the DevTools protocol, which the page's Content-Security-Policy does
 * not govern (the page itself allows no inline script).
 */
export const axeSerious = async (page: Page): Promise<ReadonlyArray<AxeViolation>> => {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as any).axe
    const result = await axe.run((globalThis as any).document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }
    })
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n: any) => n.html)
    }))
  }) as ReadonlyArray<AxeViolation>
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical")
}

/** Resolves once `check` holds (re-run every 200 ms, at most `seconds`); rejects with `what` otherwise. */
export const until = async (what: string, check: () => Promise<boolean> | boolean, seconds = 60) => {
  const end = Date.now() + seconds * 1000
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`timed out waiting for: ${what}`)
}
