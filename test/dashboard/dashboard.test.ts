/**
 * The developer dashboard in a real browser (headless Chromium through puppeteer-core), against
 * `sports-data serve` as a user starts it (a child process) on a copy of the nfl fixture
 * datasets, with the e-mail written as .eml files and a local webhook receiver allowed by
 * SPORTS_DATA_WEBHOOK_ALLOW_HOSTS. In order: sign-in by the e-mailed link (once only), the usage
 * of the calls just made, every page with its real rows and no serious or critical axe-core
 * violation (also at 375 px with no sideways scrolling), webhook registration with its signed
 * test delivery, a real delivery (a changed score in a source file) and its replay, revoking a
 * key after confirmation, a session cookie that a cross-site page cannot use, a POST without the
 * CSRF token refused, sign-out; and no request to any origin but the server's.
 * Skipped, saying so, where Chromium is not installed.
 */
import { createHmac } from "node:crypto"
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server as HttpServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import puppeteer, { type Browser, type Page } from "puppeteer-core"
import { afterAll, beforeAll, describe, expect, it, onTestFinished as onTeardown } from "vitest"
import { type Server, startServe } from "../harness/serve.js"
import { decodedBody } from "../harness/smtp.js"
import { axeSerious, chromiumPath, chromiumReady, until } from "./browser.js"

const root = fileURLToPath(new URL("../..", import.meta.url))
const SCHEDULE = join("urwishpatel2003_nflverse_data", "schedules_2022_2026.csv")
const GAME = "2024_01_ARI_BUF"
const PAGES = ["usage", "keys", "webhooks", "audit", "models", "coverage", "status"]

/** A local server playing both the webhook receiver (POST) and another site's page (GET /attack). */
const sideServer = async (attackPage: () => string) => {
  const hooks: Array<{ body: string; signature: string; event: string; id: string }> = []
  const server: HttpServer = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      if (req.method === "GET") {
        res.writeHead(200, { "content-type": "text/html" }).end(attackPage())
        return
      }
      hooks.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: String(req.headers["x-service-signature"]),
        event: String(req.headers["x-service-event"]),
        id: String(req.headers["x-service-delivery-id"])
      })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  return { server, hooks, port: (server.address() as AddressInfo).port }
}

describe.skipIf(!chromiumReady)("the developer dashboard in Chromium", () => {
  let dir: string
  let serve: Server
  let side: Awaited<ReturnType<typeof sideServer>>
  let browser: Browser
  let page: Page
  let base: string
  let key: string
  let sandboxKey: string
  const requested: Array<string> = []
  const cspViolations: Array<string> = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "dashboard-"))
    cpSync(join(root, "test", "fixtures", "nfl"), join(dir, "data"), { recursive: true })
    side = await sideServer(() =>
      `<!doctype html><html><body>
<a id="go" href="${base}/dashboard/usage">dashboard</a>
<form id="revoke" method="post" action="${base}/dashboard/keys/revoke">
<input name="key" value="${key.slice(0, 12)}"><button id="post">post</button></form>
</body></html>`
    )
    serve = await startServe(join(dir, "store"), join(dir, "data"), {
      SPORTS_DATA_MAIL_DIR: join(dir, "mail"),
      SPORTS_DATA_REFRESH_INTERVAL: "1 second",
      SPORTS_DATA_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${side.port}`
    })
    await serve.waitFor(/data: all sports ingested in [\d.]+ s/)
    base = `http://localhost:${serve.port}`
    key = /^ {2}syndicate_alpha\s+(svc_syn_\w+)$/m.exec(serve.stdout())![1]!
    sandboxKey = /^ {2}sandbox\s+(svc_sbx_\w+)$/m.exec(serve.stdout())![1]!
    browser = await puppeteer.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] })
    page = await browser.newPage()
    page.on("request", (r) => requested.push(r.url()))
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text())
    })
    await page.setViewport({ width: 1280, height: 900 })
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await serve?.stop()
    side?.server.close()
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  })

  const sessionCookie = async () => (await page.cookies()).find((c) => c.name === "sd_session")
  const text = () => page.$eval("main", (m) => (m as any).innerText)
  const submit = (selector: string) => Promise.all([page.waitForNavigation(), page.click(selector)])

  it("signs in by the e-mailed link, once; the session cookie is HttpOnly and SameSite=Strict", async () => {
    await page.goto(`${base}/dashboard`)
    expect(new URL(page.url()).pathname).toBe("/dashboard/sign-in")
    await page.type("#email", "demo@sports-data.invalid")
    await submit("form[action='/dashboard/sign-in/email'] button")
    expect(await text()).toContain("If this address owns a key, a sign-in link is on its way")

    let mail = ""
    await until("the sign-in e-mail", () => {
      const files = (() => {
        try {
          return readdirSync(join(dir, "mail"))
        } catch {
          return []
        }
      })()
      mail = files.length === 0 ? "" : readFileSync(join(dir, "mail", files[0]!), "utf8")
      return mail !== ""
    })
    expect(mail).toContain("To: demo@sports-data.invalid")
    const link = /https?:\/\/[^\s"]+(\/dashboard\/sign-in\/link\?token=[0-9A-Za-z]+)/.exec(decodedBody(mail))![1]!
    await page.goto(`${base}${link}`)
    await submit("form[action='/dashboard/sign-in/link'] button")
    expect(new URL(page.url()).pathname).toBe("/dashboard/usage")
    expect(await text()).toContain("svc_syn_")
    const cookie = await sessionCookie()
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/dashboard" })
    expect(cookie!.value).not.toContain("svc_")
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(11.9 * 3600_000)

    // the same link a second time signs nobody in
    const other = await browser.createBrowserContext()
    const second = await other.newPage()
    await second.goto(`${base}${link}`)
    await Promise.all([second.waitForNavigation(), second.click("form[action='/dashboard/sign-in/link'] button")])
    expect(await second.$eval("main", (m) => (m as any).innerText)).toContain("already used or has expired")
    expect((await second.cookies()).find((c) => c.name === "sd_session")).toBeUndefined()
    await other.close()
  })

  it("shows the usage of the calls just made: charts, gauges and the endpoint breakdown", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/v1/nfl/players?team=KC`, { headers: { "x-service-key": key } })
      expect(res.status).toBe(200)
    }
    expect((await fetch(`${base}/v1/nfl/games?season=2024`, { headers: { "x-service-key": key } })).status).toBe(200)
    // analytics are flushed about each second
    await until("the calls in the endpoint breakdown", async () => {
      await page.goto(`${base}/dashboard/usage?key=${key.slice(0, 12)}`)
      return /\/v1\/nfl\/players\s+3\b/.test(await text()) && /\/v1\/nfl\/games\s+1\b/.test(await text())
    })
    const body = await text()
    expect(body).toContain("Calls today")
    expect(body).toMatch(/Calls today\s+4 \/ unlimited/)
    // both charts drawn by uPlot (a canvas each), and their numbers in the tables beside them
    await page.waitForSelector("figure.chart canvas")
    expect(await page.$$eval("figure.chart canvas", (c) => c.length)).toBe(2)
    const perDay = await page.$$eval("figure.chart", (f) => JSON.parse(f[0]!.getAttribute("data-chart")!))
    expect(perDay.x).toHaveLength(30)
    expect(perDay.series[0].values.at(-1)).toBe(4)
    const perMinute = await page.$$eval("figure.chart", (f) => JSON.parse(f[1]!.getAttribute("data-chart")!))
    expect(perMinute.x).toHaveLength(60)
    expect(perMinute.series[0].values.reduce((a: number, b: number) => a + b, 0)).toBe(4)
  })

  it("shows every page with its real rows and no serious or critical accessibility violation, at 1280 and 375 px", async () => {
    onTeardown(() => page.setViewport({ width: 1280, height: 900 }))
    const expected: Record<string, RegExp> = {
      usage: /Endpoints, last 30 days/,
      keys: /svc_syn_\w{4}…\s+syndicate_alpha\s+active/,
      webhooks: /Register a webhook/,
      audit: /key\.created/,
      models: /nfl confidence[\s\S]*Brier score/,
      coverage: /nfl\s+Seasons 2024–2026[\s\S]*hvpkod_nfl_data[\s\S]*MIT\s+not required\s+allowed/,
      status: /nfl\s+ready\s+yes/
    }
    for (const width of [1280, 375]) {
      await page.setViewport({ width, height: 900 })
      for (const name of PAGES) {
        await page.goto(`${base}/dashboard/${name}?key=${key.slice(0, 12)}`)
        expect(new URL(page.url()).pathname).toBe(`/dashboard/${name}`)
        expect(await text()).toMatch(expected[name]!)
        expect(await axeSerious(page), `${name} at ${width} px`).toEqual([])
        const overflow = await page.evaluate(() =>
          (globalThis as any).document.documentElement.scrollWidth - (globalThis as any).innerWidth
        )
        expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0)
      }
    }
    await page.setViewport({ width: 1280, height: 900 })
    // the keyboard reaches the navigation: the skip link first, then the pages
    await page.goto(`${base}/dashboard/keys`)
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent)).toBe("Skip to content")
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute("href"))).toBe(
      "/dashboard/usage"
    )
  })

  it("registers a webhook with a signed test delivery, lists a real delivery and replays it", async () => {
    await page.goto(`${base}/dashboard/webhooks?key=${key.slice(0, 12)}`)
    await page.type("#url", `http://127.0.0.1:${side.port}/hook`)
    await submit("form[method=post][action='/dashboard/webhooks'] button")
    const shown = await text()
    expect(shown).toMatch(/Test delivery: HTTP 204 in \d+ ms/)
    const secret = /whsec_[\w-]+/.exec(shown)![0]
    const test = side.hooks.find((h) => h.event === "webhook.test")!
    expect(test.signature).toBe(`sha256=${createHmac("sha256", secret).update(test.body).digest("hex")}`)
    // the secret is shown once: not on the next view
    await page.goto(`${base}/dashboard/webhooks?key=${key.slice(0, 12)}`)
    expect(await text()).not.toContain(secret)

    // a real event: BUF's score in a 2024 game changes in the source file; the refresh ingests it
    const schedule = join(dir, "data", SCHEDULE)
    const lines = readFileSync(schedule, "utf8").split("\n")
    const at = lines[0]!.split(",").indexOf("home_score")
    const row = lines.findIndex((l) => l.startsWith(`${GAME},`))
    const cells = lines[row]!.split(",")
    cells[at] = String(Number(cells[at]) + 3)
    lines[row] = cells.join(",")
    writeFileSync(schedule, lines.join("\n"))
    await until("the score delivery on the webhooks page", async () => {
      await page.goto(`${base}/dashboard/webhooks?key=${key.slice(0, 12)}`)
      return /game\.score_updated[^\n]*succeeded\s+1\s+204\s+\d+ ms/.test(await text())
    }, 120)
    const delivered = side.hooks.filter((h) => h.event === "game.score_updated")
    const id = delivered[0]!.id
    await submit("form[action='/dashboard/webhooks/replay'] button")
    expect(await text()).toContain(`Delivery ${id} queued again`)
    await until("the replayed delivery at the receiver", () => side.hooks.filter((h) => h.id === id).length === 2)
    await page.goto(`${base}/dashboard/audit?key=${key.slice(0, 12)}`)
    expect(await text()).toMatch(/webhook\.delivery_replayed[\s\S]*webhook\.created/)
  }, 180_000)

  it("revokes a key after confirmation; it answers 401 at once", async () => {
    const prefix = sandboxKey.slice(0, 12)
    expect((await fetch(`${base}/v1/nfl/players`, { headers: { "x-service-key": sandboxKey } })).status).toBe(200)
    await page.goto(`${base}/dashboard/keys`)
    await submit(`a[href='/dashboard/keys/revoke?key=${prefix}']`)
    expect(await text()).toContain("This cannot be undone")
    await submit("form[action='/dashboard/keys/revoke'] button")
    expect(await text()).toContain(`${prefix}… revoked`)
    expect(await text()).toMatch(new RegExp(`${prefix}…\\s+sandbox\\s+revoked`))
    expect((await fetch(`${base}/v1/nfl/players`, { headers: { "x-service-key": sandboxKey } })).status).toBe(401)
  })

  it("refuses a POST without the CSRF token, and a cross-site page cannot use the session", async () => {
    const cookie = await sessionCookie()
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/dashboard/keys/revoke`, {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: `sd_session=${cookie!.value}`,
          "content-type": "application/x-www-form-urlencoded",
          ...headers
        },
        body
      })
    const prefix = key.slice(0, 12)
    expect((await post(`key=${prefix}`)).status).toBe(403)
    expect((await post(`key=${prefix}&_csrf=forged`)).status).toBe(403)
    // the right token from another origin is refused too
    const token = await page.$eval("input[name=_csrf]", (i) => (i as any).value)
    expect((await post(`key=${prefix}&_csrf=${token}`, { origin: "http://127.0.0.1:9" })).status).toBe(403)

    // another site (127.0.0.1 is another site than localhost): a link and a form post to the dashboard
    await page.goto(`http://127.0.0.1:${side.port}/attack`)
    await Promise.all([page.waitForNavigation(), page.click("#go")])
    expect(new URL(page.url()).pathname).toBe("/dashboard/sign-in")
    await page.goto(`http://127.0.0.1:${side.port}/attack`)
    await Promise.all([page.waitForNavigation(), page.click("#post")])
    expect(new URL(page.url()).pathname).toBe("/dashboard/sign-in")
    // the session is intact and the key was not revoked
    await page.goto(`${base}/dashboard/keys`)
    expect(await text()).toMatch(new RegExp(`${prefix}…\\s+syndicate_alpha\\s+active`))
    expect((await fetch(`${base}/v1/nfl/players`, { headers: { "x-service-key": key } })).status).toBe(200)
  })

  it("signs out: the old cookie opens nothing", async () => {
    const cookie = await sessionCookie()
    await page.goto(`${base}/dashboard/usage`)
    await submit("form[action='/dashboard/sign-out'] button")
    expect(new URL(page.url()).pathname).toBe("/dashboard/sign-in")
    expect(await sessionCookie()).toBeUndefined()
    const res = await fetch(`${base}/dashboard/usage`, {
      redirect: "manual",
      headers: { cookie: `sd_session=${cookie!.value}` }
    })
    expect(res.status).toBe(303)
    expect(res.headers.get("location")).toBe("/dashboard/sign-in")
  })

  it("requested nothing from any other origin, broke no Content-Security-Policy rule, and logged no secret", () => {
    const origins = new Set(requested.map((u) => new URL(u).origin))
    expect([...origins].sort()).toEqual([base, `http://127.0.0.1:${side.port}`].sort())
    expect(cspViolations).toEqual([])
    const log = serve.stdout() + serve.stderr()
    expect(log).not.toMatch(/sd_session|token=[0-9A-Za-z]{20}|whsec_/)
    expect(log.split(key).length).toBe(2) // printed once, in the demo keys list
  })
})
