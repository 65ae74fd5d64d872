/**
 * `sports-data keys create | list | revoke` while `serve` runs on the same PGlite folder, as the
 * README tells an operator to do: the commands go through the running server's loopback admin
 * endpoint (its token file beside the folder, mode 0600), so a new key works on the server at
 * once and a revoked one stops at once; a second `serve` on the folder is refused, naming the holder.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runBin, startServe } from "../harness/serve.js"

const fixtures = fileURLToPath(new URL("../fixtures/nfl", import.meta.url))

describe("key commands beside a running serve", () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "keys-serve-"))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("keys create/list/revoke go through the server; the key works at once; a second serve is refused", async () => {
    const store = join(dir, "store")
    const server = await startServe(store, fixtures)
    try {
      const base = `http://localhost:${server.port}`
      // the token file: beside the folder, only the owner may read it
      const adminFile = `${store}.admin.json`
      expect(statSync(adminFile).mode & 0o777).toBe(0o600)
      const admin = JSON.parse(readFileSync(adminFile, "utf8")) as { pid: number; port: number; token: string }
      expect(admin.pid).toBe(server.child.pid)
      // the admin endpoint wants the token, and is not part of the public API
      const noToken = await fetch(`http://127.0.0.1:${admin.port}/admin/keys`)
      expect(noToken.status).toBe(401)
      expect((await fetch(`${base}/admin/keys`)).status).toBe(404)

      const created = await runBin(["keys", "create", "--tier", "growth"], store, fixtures)
      expect(created.code).toBe(0)
      const key = created.stdout.trim().split("\n").at(-1)!
      expect(key).toMatch(/^svc_grw_[0-9A-Za-z]{43}$/)
      await server.waitFor(/^data: nfl ingested/m) // served once in (503 with Retry-After before)
      const res = await fetch(`${base}/v1/nfl/players`, { headers: { "X-Service-Key": key } })
      expect(res.status).toBe(200)
      expect(res.headers.get("x-service-tier")).toBe("growth")

      const listed = await runBin(["keys", "list"], store, fixtures)
      expect(listed.code).toBe(0)
      expect(listed.stdout).toContain(key.slice(0, 12))
      expect(listed.stdout).not.toContain(key)

      const bad = await runBin(["keys", "create", "--tier", "platinum"], store, fixtures)
      expect(bad.code).toBe(1)
      expect(bad.stderr).toMatch(/^error: unknown tier "platinum"/m)

      const revoked = await runBin(["keys", "revoke", key.slice(0, 12)], store, fixtures)
      expect([revoked.code, revoked.stdout.trim()]).toEqual([0, `revoked 1 key(s) with prefix ${key.slice(0, 12)}`])
      const after = await fetch(`${base}/v1/nfl/players`, { headers: { "X-Service-Key": key } })
      expect(after.status).toBe(401)

      // a second serve on the same folder is refused, naming the holder
      const second = await runBin(["serve", "--port", "0"], store, fixtures)
      expect(second.code).toBe(1)
      expect(second.stderr).toContain(`in use by process ${server.child.pid}`)
    } finally {
      expect(await server.stop()).toBe(0)
    }
    // once the server stopped, its token file is gone and the commands open the folder themselves
    expect(() => statSync(`${store}.admin.json`)).toThrow()
    const direct = await runBin(["keys", "list"], store, fixtures)
    expect(direct.code).toBe(0)
    expect(direct.stdout).toMatch(/revoked/)
  }, 240_000)
})
