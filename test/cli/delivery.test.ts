/**
 * The delivery channels end to end, as the "done when" says: `sports-data serve` in a
 * child process on a copy of the nfl fixture datasets, a webhook registered to a local receiver
 * (allowed by SPORTS_DATA_WEBHOOK_ALLOW_HOSTS) and an EventSource client on the event stream;
 * a game's score is changed in the source file; the refresh (every second here) ingests it again,
 * and `game.score_updated` of that game reaches the EventSource client with its id and the
 * receiver with a valid X-Service-Signature (checked in constant time).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { EventSource } from "eventsource"
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { startServe } from "../harness/serve.js"
import { receiver } from "../http/receiver.js"

const root = fileURLToPath(new URL("../..", import.meta.url))
const fixtures = join(root, "test", "fixtures", "nfl")
const SCHEDULE = join("urwishpatel2003_nflverse_data", "schedules_2022_2026.csv")
/** The game whose score the test changes: ARI at BUF, 2024 week 1, 28-34 in the fixture. */
const GAME = "2024_01_ARI_BUF"

/**
 * Sets the home score of `game` in the nflverse schedule file at `path` (column `home_score`),
 * checking the score it replaces.
 */
const setHomeScore = (path: string, game: string, from: number, to: number) => {
  const lines = readFileSync(path, "utf8").split("\n")
  const columns = lines[0]!.split(",")
  const at = columns.indexOf("home_score")
  const row = lines.findIndex((l) => l.startsWith(`${game},`))
  const cells = lines[row]!.split(",")
  expect(cells[at]).toBe(String(from))
  cells[at] = String(to)
  lines[row] = cells.join(",")
  writeFileSync(path, lines.join("\n"))
}

interface StreamEvent {
  readonly id: string
  readonly type: string
  readonly data: any
}

describe("delivery end to end (serve)", () => {
  it.live(
    "a changed score in a source file reaches an EventSource client and a signed webhook",
    () =>
      Effect.gen(function*() {
        const dir = yield* Effect.acquireRelease(
          Effect.sync(() => mkdtempSync(join(tmpdir(), "delivery-"))),
          (d) => Effect.sync(() => rmSync(d, { recursive: true, force: true }))
        )
        const data = join(dir, "data")
        cpSync(fixtures, data, { recursive: true })
        const r = yield* receiver
        const allow = `127.0.0.1:${r.port}`
        const server = yield* Effect.acquireRelease(
          Effect.promise(() =>
            startServe(join(dir, "store"), data, {
              SPORTS_DATA_REFRESH_INTERVAL: "1 second",
              SPORTS_DATA_WEBHOOK_ALLOW_HOSTS: allow
            })
          ),
          (s) => Effect.promise(() => s.stop())
        )
        yield* Effect.promise(() => server.waitFor(/data: all sports ingested in [\d.]+ s/))
        const key = /^ {2}syndicate_alpha\s+(svc_syn_\w+)$/m.exec(server.stdout())![1]!
        const base = `http://127.0.0.1:${server.port}`

        const created = yield* Effect.promise(async () => {
          const res = await fetch(`${base}/daas/webhooks`, {
            method: "POST",
            headers: { "x-service-key": key, "content-type": "application/json" },
            body: JSON.stringify({ url: `http://${allow}/hook`, events: ["game.score_updated"] })
          })
          return { status: res.status, body: (await res.json()) as { id: string; secret: string } }
        })
        expect(created.status).toBe(201)
        r.secret.value = created.body.secret

        // an EventSource client (the eventsource package, as a browser's), sending the key header
        const received: Array<StreamEvent> = []
        const opened = yield* Effect.acquireRelease(
          Effect.async<EventSource>((resume) => {
            const source = new EventSource(`${base}/v1/events/stream?sport=nfl`, {
              fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, "x-service-key": key } })
            })
            source.addEventListener("game.score_updated", (e) => {
              received.push({ id: e.lastEventId, type: e.type, data: JSON.parse(e.data) })
            })
            source.onopen = () => resume(Effect.succeed(source))
          }),
          (source) => Effect.sync(() => source.close())
        )
        expect(opened.readyState).toBe(EventSource.OPEN)

        // the source file changes: BUF's score in that game, 34 → 37
        setHomeScore(join(data, SCHEDULE), GAME, 34, 37)
        const ofGame = (e: { readonly game_id?: string }) => e.game_id === GAME
        while (!received.some((e) => ofGame(e.data))) yield* Effect.sleep("100 millis")
        while (!r.got.some((g) => ofGame(JSON.parse(g.body).data ?? {}))) yield* Effect.sleep("100 millis")

        const streamed = received.find((e) => ofGame(e.data))!
        expect(streamed.id).toMatch(/^[1-9]\d*$/)
        expect(streamed.data).toMatchObject({
          game_id: GAME,
          home_team: "BUF",
          away_team: "ARI",
          home_score: 37,
          away_score: 28
        })
        const hook = r.got.find((g) => ofGame(JSON.parse(g.body).data ?? {}))!
        expect(hook.valid).toBe(true)
        expect(hook.headers["x-service-event"]).toBe("game.score_updated")
        expect(hook.headers["content-type"]).toBe("application/json")
        const body = JSON.parse(hook.body)
        expect(body).toMatchObject({ event: "game.score_updated", data: streamed.data })
        expect(hook.headers["x-service-delivery-id"]).toBe(body.id)
        // only the game whose score changed: no other game's score event after the change
        expect(received.filter((e) => !ofGame(e.data))).toEqual([])
      }).pipe(Effect.scoped),
    240_000
  )
})
