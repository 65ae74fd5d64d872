/**
 * The port that sends e-mail (activation links of `/daas/trial/start`). Adapters live in
 * `@sports-data/wiring` (Mail.ts): SMTP through nodemailer when SMTP_URL is set, else `.eml`
 * files written to a folder, so that an embedded install works with no mail server.
 * @module
 */
import { Context, type Effect, Schema } from "effect"

/**
 * One message: a single recipient address, a subject line, a plain-text body and, optionally,
 * an HTML alternative of the same content. The sender is the adapter's.
 */
export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string | undefined
}

/** A message could not be handed to the mail transport (SMTP refused or unreachable, folder not writable). */
export class MailFailure extends Schema.TaggedError<MailFailure>()("MailFailure", {
  message: Schema.String
}) {}

/** Sends e-mail. */
export interface MailerService {
  /**
   * Hands `message` to the transport; succeeds once the transport accepted it (an SMTP server
   * answered 250, or the file is written). Fails with MailFailure, whose message never holds
   * the transport's credentials.
   */
  readonly send: (message: MailMessage) => Effect.Effect<void, MailFailure>
}

/** The {@link MailerService} port. */
export class Mailer extends Context.Tag("@sports-data/Mailer")<Mailer, MailerService>() {}
