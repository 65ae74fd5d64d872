/**
 * A local webhook receiver for the tests: records each POST with whether its
 * X-Service-Signature is the HMAC-SHA256 of the raw body with the secret (compared in constant
 * time), and answers the status its test chooses (0: never answers, a hung receiver).
 * @module
 */
import { Effect } from "effect"
import { createHmac, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/** One POST the receiver got. */
export interface Received {
  readonly headers: IncomingHttpHeaders
  readonly body: string
  readonly valid: boolean
}

/**
 * A receiver on 127.0.0.1 answering `status()` and recording each POST with its signature check. */
export const receiver = Effect.acquireRelease(
  Effect.promise(() =>
    new Promise<
      {
        port: number
        got: Array<Received>
        held: Array<ServerResponse>
        secret: { value: string }
        status: { next: () => number }
        close: () => void
      }
    >((resolve) => {
      const got: Array<Received> = []
      const held: Array<ServerResponse> = []
      const secret = { value: "" }
      const status = { next: () => 204 }
      const server = createServer((req, res) => {
        const chunks: Array<Buffer> = []
        req.on("data", (c: Buffer) => chunks.push(c))
        req.on("end", () => {
          const raw = Buffer.concat(chunks)
          const expected = Buffer.from(`sha256=${createHmac("sha256", secret.value).update(raw).digest("hex")}`)
          const sent = Buffer.from(String(req.headers["x-service-signature"] ?? ""))
          const valid = sent.length === expected.length && timingSafeEqual(sent, expected)
          got.push({ headers: req.headers, body: raw.toString("utf8"), valid })
          const code = status.next()
          // 0: never answer (a hung receiver; the test destroys the socket)
          if (code === 0) held.push(res)
          else res.writeHead(code).end()
        })
      })
      server.listen(
        0,
        "127.0.0.1",
        () =>
          resolve({
            port: (server.address() as AddressInfo).port,
            got,
            held,
            secret,
            status,
            close: () => server.close()
          })
      )
    })
  ),
  (r) => Effect.sync(r.close)
)
