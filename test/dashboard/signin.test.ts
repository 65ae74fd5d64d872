/**
 * The dashboard's sign-in rules (app Dashboard.ts) over the in-memory stores, with a mailer that
 * keeps what it is given and Effect's TestClock: a link goes only to an address that owns a key
 * (the answer is the same either way), works once and for 15 minutes, at most 10 a day per
 * address; a pasted key signs in only while active; a session lasts 12 hours; a revocation from
 * the dashboard touches only the session's own keys, even when another owner's key has the same
 * prefix. And the page template escapes every value it is given.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { Dashboard } from "@sports-data/app"
import { ApiKey, AuditStore, KeyStore, Mailer, type MailMessage, Plans } from "@sports-data/domain"
import { ApiLiveWith, DashboardHtml } from "@sports-data/http"
import { layer as memoryStores } from "@sports-data/store-memory"
import { mailLayer } from "@sports-data/wiring"
import { Effect, Layer, Option, Redacted, Ref, TestClock } from "effect"
import { Harness } from "../http/harness.js"

const sent = Ref.unsafeMake<ReadonlyArray<MailMessage>>([])
const TestLayer = Layer.merge(
  memoryStores,
  Layer.succeed(Mailer, { send: (m) => Ref.update(sent, (all) => [...all, m]) })
)

const START = new Date("2030-05-01T10:00:00Z")
const issue = (tier: Plans.Tier, email: string | null) =>
  Effect.gen(function*() {
    const issued = yield* ApiKey.issueKey({ catalog: Plans.defaultPlans, tier, now: START, email })
    yield* (yield* KeyStore).create(issued.record)
    return issued
  })
const tokenOf = (m: MailMessage) => /token=([0-9A-Za-z]+)/.exec(m.text)![1]!
const request = (email: string) =>
  Dashboard.requestSignInLink({ email, link: (t) => `https://sports.example.test/dashboard/sign-in/link?token=${t}` })

describe("dashboard sign-in", () => {
  it.effect("a link only for an owner's address, once, for 15 minutes; 10 a day at most", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START.getTime())
      yield* Ref.set(sent, [])
      yield* issue("growth", "Owner@Example.com")
      expect(yield* request("nobody@example.com")).toBe(true)
      expect(yield* request("not an address")).toBe(false)
      expect(yield* Ref.get(sent)).toEqual([])

      expect(yield* request("owner@example.com")).toBe(true)
      const [mail] = yield* Ref.get(sent)
      expect(mail!.to).toBe("owner@example.com")
      expect(mail!.text).toContain("https://sports.example.test/dashboard/sign-in/link?token=")
      const signedIn = yield* Dashboard.signInWithLink(tokenOf(mail!))
      expect(Option.map(signedIn, (s) => s.session.email)).toEqual(Option.some("owner@example.com"))
      expect(yield* Dashboard.signInWithLink(tokenOf(mail!))).toEqual(Option.none())
      const keys = yield* Dashboard.ownedKeys(Option.getOrThrow(signedIn).session)
      expect(keys.map((k) => k.tier)).toEqual(["growth"])

      yield* request("owner@example.com")
      const late = (yield* Ref.get(sent))[1]!
      yield* TestClock.adjust("15 minutes")
      expect(yield* Dashboard.signInWithLink(tokenOf(late))).toEqual(Option.none())

      for (let i = 0; i < 12; i++) yield* request("owner@example.com")
      expect((yield* Ref.get(sent)).length).toBe(10)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a pasted key signs in while active; the session ends after 12 hours or at sign-out", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START.getTime())
      const lone = yield* issue("build", null)
      const opened = Option.getOrThrow(yield* Dashboard.signInWithKey(lone.key))
      expect(opened.session).toMatchObject({ email: null, key_hash: lone.record.key_hash })
      const id = Redacted.value(opened.id)
      expect(Option.isSome(yield* Dashboard.findSession(id))).toBe(true)
      expect((yield* Dashboard.ownedKeys(opened.session)).map((k) => k.key_prefix)).toEqual([lone.record.key_prefix])
      yield* TestClock.adjust("12 hours")
      expect(yield* Dashboard.findSession(id)).toEqual(Option.none())

      const again = Option.getOrThrow(yield* Dashboard.signInWithKey(lone.key))
      yield* Dashboard.signOut(Redacted.value(again.id))
      expect(yield* Dashboard.findSession(Redacted.value(again.id))).toEqual(Option.none())

      expect(yield* Dashboard.signInWithKey(Redacted.make("svc_grw_not-a-key"))).toEqual(Option.none())
      yield* Dashboard.revokeOwnedKey(again.session, lone.record.key_prefix)
      expect(yield* Dashboard.signInWithKey(lone.key)).toEqual(Option.none())
    }).pipe(Effect.provide(TestLayer)))

  it.effect("revoking from the dashboard touches only the session's keys, with an owner audit entry", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START.getTime())
      const mine = yield* issue("growth", "me@example.com")
      // another owner's key with the same 12-character prefix
      const theirs = { ...(yield* issue("growth", "them@example.com")).record, key_prefix: mine.record.key_prefix }
      yield* (yield* KeyStore).update(theirs)
      const session = Option.getOrThrow(yield* Dashboard.signInWithKey(mine.key)).session
      expect(yield* Dashboard.revokeOwnedKey(session, mine.record.key_prefix)).toBe(1)
      const store = yield* KeyStore
      expect(Option.getOrThrow(yield* store.findByHash(mine.record.key_hash)).state).toBe("revoked")
      expect(Option.getOrThrow(yield* store.findByHash(theirs.key_hash)).state).toBe("active")
      const trail = yield* (yield* AuditStore).list({ key_hash: mine.record.key_hash, limit: 5 })
      expect(trail[0]).toMatchObject({ action: "key.revoked", actor: "owner" })
      const again = yield* Effect.flip(Dashboard.revokeOwnedKey(session, mine.record.key_prefix))
      expect(again._tag).toBe("KeyNotFound")
    }).pipe(Effect.provide(TestLayer)))
})

describe("dashboard HTML", () => {
  it("escapes every value; the page has no inline script or style", () => {
    const evil = `<script>alert("x")</script>'&`
    const out = DashboardHtml.html`<td>${evil}</td><td>${[evil, 1]}</td>`.markup
    expect(out).not.toContain("<script>")
    expect(out).toBe(
      "<td>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#39;&#38;</td>" +
        "<td>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#39;&#38;1</td>"
    )
    const page = DashboardHtml.layout(evil, DashboardHtml.html`<p>${evil}</p>`, {
      current: "usage",
      csrf: `"><script>`,
      who: evil
    })
    expect(page).not.toContain("<script>alert")
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)/)
    expect(page).not.toMatch(/<style|\sstyle=/)
  })
})

/** Signs in to the dashboard at `baseUrl` with a pasted key: the session cookie (`sd_session=...`). */
const signInByKey = async (baseUrl: string, key: string): Promise<string> => {
  const form = await fetch(`${baseUrl}/dashboard/sign-in`)
  const nonce = /^sd_signin=([\w-]+)/.exec(form.headers.get("set-cookie")!)![1]!
  const signedIn = await fetch(`${baseUrl}/dashboard/sign-in/key`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: `sd_signin=${nonce}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ _csrf: nonce, key }).toString()
  })
  return /^(sd_session=[0-9A-Za-z]+)/.exec(signedIn.headers.get("set-cookie")!)![1]!
}

describe("dashboard pages of an owner with several keys", () => {
  layer(Harness.layer({ seed: false }), { excludeTestServices: true })((it) => {
    it.effect("show first the key the session was opened with, not the owner's newest", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const older = yield* h.issueKey({
          tier: "growth",
          email: "two@example.com",
          issuedAt: new Date(Date.now() - 86_400_000)
        })
        const newer = yield* h.issueKey({ tier: "pro_insights", email: "two@example.com" })
        const prefix = (key: string) => key.slice(0, 12)
        for (const [key, other] of [[older, newer], [newer, older]] as const) {
          const cookie = yield* Effect.promise(() => signInByKey(h.baseUrl, key))
          const usage = yield* Effect.promise(() =>
            fetch(`${h.baseUrl}/dashboard/usage`, { headers: { cookie } }).then((r) => r.text())
          )
          // both keys are listed, the one signed in with is selected
          expect(usage).toContain(`<option value="${prefix(key)}" selected>`)
          expect(usage).toContain(`<option value="${prefix(other)}">`)
        }
      }))
  })
})

describe("dashboard cookies over https", () => {
  const httpsApi = ApiLiveWith({
    mail: mailLayer({
      mailer: Layer.succeed(Mailer, { send: () => Effect.void }),
      publicUrl: "https://sports.example.test"
    })
  })
  layer(Harness.layer({ apiLive: httpsApi, seed: false }), { excludeTestServices: true })((it) => {
    it.effect("are Secure when the public address is https, besides HttpOnly and SameSite=Strict", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const res = yield* Effect.promise(() => fetch(`${h.baseUrl}/dashboard/sign-in`))
        expect(res.headers.get("set-cookie")).toMatch(
          /^sd_signin=[\w-]+; Max-Age=3600; Path=\/dashboard; HttpOnly; Secure; SameSite=Strict$/
        )
        const nonce = /^sd_signin=([\w-]+)/.exec(res.headers.get("set-cookie")!)![1]!
        const signedIn = yield* Effect.promise(() =>
          fetch(`${h.baseUrl}/dashboard/sign-in/key`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie: `sd_signin=${nonce}`, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ _csrf: nonce, key: h.keys.growth }).toString()
          })
        )
        expect(signedIn.status).toBe(303)
        expect(signedIn.headers.get("location")).toBe("/dashboard/usage")
        expect(signedIn.headers.get("set-cookie")).toMatch(
          /^sd_session=[0-9A-Za-z]{43}; Max-Age=43200; Path=\/dashboard; HttpOnly; Secure; SameSite=Strict$/
        )
      }))
  })
})
