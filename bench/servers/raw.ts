/**
 * The raw node:http reference of the HTTP bench: answers every request with the bytes of the
 * file BENCH_BODY_FILE (the service's own answer). Prints `READY <port>`.
 * @module
 */
import { readFileSync } from "node:fs"
import { createServer } from "node:http"

const body = readFileSync(process.env["BENCH_BODY_FILE"] ?? "/tmp/bench-body.json")
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": body.length })
  response.end(body)
})
server.listen(0, "127.0.0.1", () => {
  const address = server.address()
  console.log(`READY ${typeof address === "object" && address !== null ? address.port : 0}`)
})
process.on("SIGTERM", () => server.close(() => process.exit(0)))
