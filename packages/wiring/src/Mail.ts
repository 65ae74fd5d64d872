/**
 * The two adapters of the domain's {@link Mailer} port, chosen by the settings:
 * - {@link smtpMailer}: SMTP through nodemailer, when SMTP_URL is set (`smtp://user:pass@host:587`,
 *   STARTTLS when the server offers it; `smtps://` for implicit TLS on 465). The URL holds a
 *   password: it is never logged and never part of an error message.
 * - {@link fileMailer}: the default without SMTP_URL: each message is built by nodemailer (the same
 *   RFC 5322 text an SMTP server would receive) and written as `<UTC instant>-<random>.eml` to the
 *   mail folder (SPORTS_DATA_MAIL_DIR, `<root>/.data/mail`), and the file's path is logged, so that
 *   an embedded install works with no mail server.
 * The sender is `Sports Data <no-reply@<host of the public address>>`.
 * @module
 */
import { Mailer, type MailerService, MailFailure, type MailMessage } from "@sports-data/domain"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import type { ConfigError } from "effect/ConfigError"
import { randomBytes } from "node:crypto"
import { mkdir, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { createTransport, type Transporter } from "nodemailer"
import type { Settings } from "./Settings.js"
import { mailDir, port, publicUrl, publicUrlOf, smtpUrl } from "./Settings.js"

/**
 * The public address of the service (SPORTS_DATA_PUBLIC_URL, else `http://localhost:<PORT>`),
 * without a trailing slash: the base of the links that e-mail carries.
 */
export class PublicUrl extends Context.Tag("@sports-data/wiring/PublicUrl")<PublicUrl, string>() {}

/** `Sports Data <no-reply@host>` for the host of `publicUrl` (`localhost` when it has no dot, as RFC 5321 allows). */
export const senderOf = (publicUrl: string): string => {
  let host = "localhost"
  try {
    host = new URL(publicUrl).hostname || host
  } catch {
    // keep localhost
  }
  return `Sports Data <no-reply@${host}>`
}

/** `text` with every e-mail address replaced by `<address>`. */
export const maskAddresses = (text: string): string => text.replace(/[^\s<>"'@,;:]+@[^\s<>"'@,;:]+/g, "<address>")

const sendWith = (transport: Transporter, from: string, message: MailMessage) =>
  Effect.tryPromise({
    try: () =>
      transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html })
      }),
    // nodemailer's errors name the server and the SMTP reply, never the URL's password; a reply
    // may quote the recipient, so addresses are masked (no e-mail address in a log line)
    catch: (error) =>
      new MailFailure({
        message: `the mail could not be sent: ${maskAddresses(error instanceof Error ? error.message : String(error))}`
      })
  })

/**
 * The SMTP adapter over the server of `url` (redacted; never logged). One pooled transport per
 * layer, closed with it. Fails a send with MailFailure when the server refuses or cannot be reached.
 */
export const smtpMailer = (options: {
  readonly url: Redacted.Redacted<string>
  readonly from: string
}): Layer.Layer<Mailer> =>
  Layer.scoped(
    Mailer,
    Effect.gen(function*() {
      const transport = yield* Effect.acquireRelease(
        Effect.sync(() => createTransport(Redacted.value(options.url))),
        (t) => Effect.sync(() => t.close())
      )
      yield* Effect.logInfo("e-mail is sent through the SMTP server of SMTP_URL")
      return Mailer.of(
        {
          send: (message) =>
            sendWith(transport, options.from, message).pipe(Effect.asVoid, Effect.withSpan("Mailer.smtp.send"))
        } satisfies MailerService
      )
    })
  )

/**
 * The file adapter: every message written as an `.eml` file (RFC 5322, openable by any mail
 * program) to `dir`, created when the first message is written; logs the file's path. Fails a
 * send with MailFailure when the folder cannot be written.
 */
export const fileMailer = (options: { readonly dir: string; readonly from: string }): Layer.Layer<Mailer> =>
  Layer.sync(Mailer, () => {
    const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    return Mailer.of(
      {
        send: (message) =>
          Effect.gen(function*() {
            const info = yield* sendWith(transport, options.from, message)
            const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`
            const file = join(options.dir, name)
            yield* Effect.tryPromise({
              try: async () => {
                await mkdir(options.dir, { recursive: true })
                await writeFile(file, info.message as Buffer, { mode: 0o600 })
              },
              catch: (error) =>
                new MailFailure({
                  message: `the mail could not be written to ${options.dir}: ${
                    error instanceof Error ? error.message : String(error)
                  }`
                })
            })
            yield* Effect.logInfo("e-mail written (no SMTP_URL set)").pipe(Effect.annotateLogs({ file }))
          }).pipe(Effect.withSpan("Mailer.file.send"))
      } satisfies MailerService
    )
  })

/** The mailer the settings choose: SMTP when SMTP_URL is set, else .eml files in SPORTS_DATA_MAIL_DIR. */
export const mailerLayer = (
  settings: Pick<Settings, "smtpUrl" | "mailDir" | "publicUrl" | "port">
): Layer.Layer<Mailer> => {
  const from = senderOf(publicUrlOf(settings))
  return Option.match(settings.smtpUrl, {
    onNone: () => fileMailer({ dir: settings.mailDir, from }),
    onSome: (url) => smtpMailer({ url, from })
  })
}

/** The mailer and the public address given in code (for embedding and tests). */
export const mailLayer = (options: {
  readonly mailer: Layer.Layer<Mailer>
  readonly publicUrl: string
}): Layer.Layer<Mailer | PublicUrl> =>
  Layer.merge(options.mailer, Layer.succeed(PublicUrl, options.publicUrl.replace(/\/+$/, "")))

/** The mailer ({@link mailerLayer}) and the public address (`publicUrlOf`) of resolved settings. */
export const mailFromSettings = (
  settings: Pick<Settings, "smtpUrl" | "mailDir" | "publicUrl" | "port">
): Layer.Layer<Mailer | PublicUrl> => mailLayer({ mailer: mailerLayer(settings), publicUrl: publicUrlOf(settings) })

/**
 * The mailer and the public address the settings choose (SMTP_URL, SPORTS_DATA_MAIL_DIR,
 * SPORTS_DATA_PUBLIC_URL, PORT), read through the current ConfigProvider. Fails with a ConfigError
 * naming the variable when one is malformed.
 */
export const MailFromEnv: Layer.Layer<Mailer | PublicUrl, ConfigError> = Layer.unwrapEffect(
  Effect.map(Effect.all({ smtpUrl, mailDir, publicUrl, port }), mailFromSettings)
)
