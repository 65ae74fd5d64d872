/**
 * A real SMTP server in the test process (the `smtp-server` package), as a scoped resource: it
 * listens on a free loopback port, requires the login `user`/`secret` (plain auth allowed without
 * TLS, on loopback only), and hands every message it accepts to a queue, raw RFC 5322 text.
 * @module
 */
import { Effect, Queue, Redacted } from "effect"
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"

/** One message the server accepted: the envelope recipients and the raw message text. */
export interface Received {
  readonly to: ReadonlyArray<string>
  readonly raw: string
}

/** The running server: `url` (smtp://user:secret@127.0.0.1:<port>, redacted) and the messages received. */
export interface TestSmtp {
  readonly url: Redacted.Redacted<string>
  readonly received: Queue.Queue<Received>
}

/** Starts the server for the current scope; closes it when the scope closes. */
export const testSmtp = Effect.gen(function*() {
  const received = yield* Queue.unbounded<Received>()
  const server = yield* Effect.acquireRelease(
    Effect.async<SMTPServer>((resume) => {
      const s = new SMTPServer({
        secure: false,
        disabledCommands: ["STARTTLS"],
        allowInsecureAuth: true,
        logger: false,
        onAuth: (auth, _session, done) =>
          auth.username === "user" && auth.password === "secret"
            ? done(null, { user: "user" })
            : done(new Error("invalid login")),
        onData: (stream, session, done) => {
          const chunks: Array<Buffer> = []
          stream.on("data", (c: Buffer) => chunks.push(c))
          stream.on("end", () => {
            Queue.unsafeOffer(received, {
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString("utf8")
            })
            done()
          })
        }
      })
      s.listen(0, "127.0.0.1", () => resume(Effect.succeed(s)))
    }),
    (s) => Effect.async<void>((resume) => s.close(() => resume(Effect.void)))
  )
  const { port } = server.server.address() as AddressInfo
  return { url: Redacted.make(`smtp://user:secret@127.0.0.1:${port}`), received } satisfies TestSmtp
})

/**
 * The decoded body text of a raw message: quoted-printable soft line breaks joined and `=XX`
 * escapes decoded (what nodemailer uses for long ASCII lines), so links can be read back.
 */
export const decodedBody = (raw: string): string =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
