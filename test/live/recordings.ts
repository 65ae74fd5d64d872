/**
 * The recorded live-feed responses of `../shared/data/live_feeds_recorded` (see its
 * PROVENANCE.md), read in place (never copied into the repository), and a local upstream that
 * replays them over HTTP on 127.0.0.1 in capture order, with faults on demand.
 * @module
 */
import { Effect } from "effect"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { join, resolve } from "node:path"

/** The folder of the recordings. */
export const recordedDir = resolve(
  process.env.SPORTS_DATA_DIR ?? join(import.meta.dirname, "..", "..", "..", "shared", "data"),
  "live_feeds_recorded"
)

/** True when the recordings are present (CI has ../shared). */
export const haveRecordings = existsSync(recordedDir)

/** The text of a recorded file, exactly as recorded. */
export const recorded = (path: string): string => readFileSync(join(recordedDir, path), "utf8")

const snapshotsDir = "nhl_api_web/scoreboard_game_snapshots_2025-26"

/** One NHL scoreboard snapshot: the game, its capture instant (from the file name) and its text. */
export interface NhlSnapshot {
  readonly gameId: string
  readonly captured: string
  readonly file: string
  readonly text: string
}

/** The snapshots of the given games, in capture order. */
export const nhlSnapshots = (gameIds: ReadonlyArray<string>): ReadonlyArray<NhlSnapshot> =>
  readdirSync(join(recordedDir, snapshotsDir))
    .flatMap((file) => {
      const m = /^(\d+)_.*_captured-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)_/.exec(file)
      return m !== null && gameIds.includes(m[1]!)
        ? [{ gameId: m[1]!, captured: m[2]!, file, text: recorded(join(snapshotsDir, file)) }]
        : []
    })
    .sort((a, b) => a.captured.localeCompare(b.captured) || a.gameId.localeCompare(b.gameId))

/**
 * The NHL `/v1/score/{date}` replay: step k answers `{"games": [...]}` holding, for each game, its
 * latest snapshot captured at or before the k-th capture instant (the snapshots' own text,
 * unchanged). Returns the bodies, one per distinct capture instant, and those instants.
 */
export const nhlReplay = (gameIds: ReadonlyArray<string>) => {
  const snaps = nhlSnapshots(gameIds)
  const instants = [...new Set(snaps.map((s) => s.captured))].sort()
  const bodies = instants.map((t) => {
    const latest = gameIds.flatMap((id) => {
      const own = snaps.filter((s) => s.gameId === id && s.captured <= t)
      return own.length === 0 ? [] : [own[own.length - 1]!.text]
    })
    return `{"games":[${latest.join(",")}]}`
  })
  return { instants, bodies }
}

/** A reply of the local upstream. `hang` never answers (until the client gives up). */
export type Reply =
  | { readonly status: number; readonly body: string; readonly headers?: Record<string, string> }
  | { readonly hang: true }

/** One request the upstream received: its path (with query) and when (epoch ms). */
export interface Seen {
  readonly path: string
  readonly at: number
}

/** The local upstream: its base URL, the requests seen, and the route table the test sets. */
export interface Upstream {
  readonly url: string
  readonly seen: Array<Seen>
  /** Answers a request path (with query); unset paths answer 404. */
  route: (path: string) => Reply
}

/** A node:http server on 127.0.0.1 (a free port) answering by `route`, closed with the scope. */
export const upstream = Effect.acquireRelease(
  Effect.async<{ readonly up: Upstream; readonly close: () => void }>((resume) => {
    const hanging = new Set<ServerResponse>()
    const up: Upstream = {
      url: "",
      seen: [],
      route: () => ({ status: 404, body: "{}" })
    }
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const path = req.url ?? "/"
      up.seen.push({ path, at: Date.now() })
      const reply = up.route(path)
      if ("hang" in reply) {
        hanging.add(res)
        return
      }
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers })
      res.end(reply.body)
    })
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port
      ;(up as { url: string }).url = `http://127.0.0.1:${port}`
      resume(Effect.succeed({
        up,
        close: () => {
          for (const r of hanging) r.destroy()
          server.closeAllConnections()
          server.close()
        }
      }))
    })
  }),
  (s) => Effect.sync(() => s.close())
).pipe(Effect.map((s) => s.up))

/** A step-by-step replay of `bodies`: each successful answer moves to the next body; the last repeats. */
export const stepper = (bodies: ReadonlyArray<string>) => {
  let step = 0
  /** Faults to answer (once each, in order) before the body of a step. */
  const faults = new Map<number, Array<Reply>>()
  /** While set, every request answers 500 and the step does not move. */
  const hold = { at: -1, reached: false }
  return {
    get step() {
      return step
    },
    faults,
    hold,
    next: (): Reply => {
      if (hold.at === step) {
        hold.reached = true
        return { status: 500, body: "upstream held by the test" }
      }
      const queued = faults.get(step)
      if (queued !== undefined && queued.length > 0) return queued.shift()!
      const body = bodies[Math.min(step, bodies.length - 1)]!
      step = Math.min(step + 1, bodies.length)
      return { status: 200, body }
    }
  }
}
