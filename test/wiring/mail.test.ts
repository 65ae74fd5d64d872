/**
 * The two adapters of the Mailer port: SMTP (nodemailer) delivering to a real SMTP server in the
 * process, with login; and the .eml files written when SMTP_URL is unset. The mailer the settings
 * choose, and the sender taken from the public address.
 */
import { describe, expect, it } from "@effect/vitest"
import { Mailer } from "@sports-data/domain"
import { fileMailer, mailerLayer, maskAddresses, senderOf, Settings, smtpMailer } from "@sports-data/wiring"
import { Effect, Option, Queue, Redacted } from "effect"
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { decodedBody, testSmtp } from "../harness/smtp.js"

const message = {
  to: "fan@example.com",
  subject: "Activate your key",
  text: "Follow https://api.example.com/daas/trial/activate?token=abc123 within 24 hours.",
  html: "<p>Follow the link</p>"
}

describe("Mailer", () => {
  it.scoped("SMTP: the server receives the message for the recipient, with subject, text and html", () =>
    Effect.gen(function*() {
      const smtp = yield* testSmtp
      const mailer = yield* Mailer.pipe(
        Effect.provide(smtpMailer({ url: smtp.url, from: senderOf("https://api.example.com") }))
      )
      yield* mailer.send(message)
      const got = yield* Queue.take(smtp.received)
      expect(got.to).toEqual(["fan@example.com"])
      expect(got.raw).toContain("Subject: Activate your key")
      expect(got.raw).toMatch(/From: Sports Data <no-reply@api\.example\.com>/)
      expect(decodedBody(got.raw)).toContain("https://api.example.com/daas/trial/activate?token=abc123")
      expect(got.raw).toContain("text/html")
    }))

  it.scoped("SMTP: a wrong password fails with MailFailure that does not contain the password", () =>
    Effect.gen(function*() {
      const smtp = yield* testSmtp
      const url = Redacted.value(smtp.url).replace("secret", "wrong-pass-123")
      const failure = yield* Effect.flip(
        Effect.flatMap(Mailer, (m) => m.send(message)).pipe(
          Effect.provide(smtpMailer({ url: Redacted.make(url), from: senderOf("http://localhost:8080") }))
        )
      )
      expect(failure._tag).toBe("MailFailure")
      expect(failure.message).not.toContain("wrong-pass-123")
    }))

  it("a failure's message never quotes an address", () => {
    expect(maskAddresses("550 <fan@example.com> rejected; also x.y@z.org")).toBe(
      "550 <<address>> rejected; also <address>"
    )
  })

  it.effect("file: without SMTP_URL each message is an .eml file, readable only by its owner", () =>
    Effect.gen(function*() {
      const dir = join(mkdtempSync(join(tmpdir(), "mail-")), "mail")
      try {
        const mailer = yield* Mailer.pipe(Effect.provide(fileMailer({ dir, from: senderOf("http://localhost:8080") })))
        yield* mailer.send(message)
        yield* mailer.send({ ...message, subject: "Second" })
        const files = readdirSync(dir).sort()
        expect(files).toHaveLength(2)
        expect(files.every((f) => f.endsWith(".eml"))).toBe(true)
        const text = files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n")
        expect(text).toContain("To: fan@example.com")
        expect(text).toContain("Subject: Second")
        expect(decodedBody(text)).toContain("token=abc123")
        expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }))

  it.scoped("the settings choose: SMTP when SMTP_URL is set, else files in SPORTS_DATA_MAIL_DIR", () =>
    Effect.gen(function*() {
      const smtp = yield* testSmtp
      const base = { ...Settings.defaults(), publicUrl: Option.some("https://sports.example.org") }
      yield* Effect.flatMap(Mailer, (m) => m.send(message)).pipe(
        Effect.provide(mailerLayer({ ...base, smtpUrl: Option.some(smtp.url) }))
      )
      expect((yield* Queue.take(smtp.received)).raw).toContain("no-reply@sports.example.org")
      const dir = mkdtempSync(join(tmpdir(), "mail-"))
      yield* Effect.flatMap(Mailer, (m) => m.send(message)).pipe(Effect.provide(mailerLayer({ ...base, mailDir: dir })))
      expect(readdirSync(dir)).toHaveLength(1)
      rmSync(dir, { recursive: true, force: true })
      expect(Settings.publicUrlOf({ publicUrl: Option.none(), port: 9090 })).toBe("http://localhost:9090")
    }))
})
