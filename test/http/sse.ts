/**
 * Helpers of the event stream suites: open a stream and read its SSE frames, change the seeded
 * games' scores (one game.score_updated each).
 * @module
 */
import { SportsWriter } from "@sports-data/domain"
import { Effect } from "effect"
import { type HttpHarness, seedGames } from "./harness.js"

/** One parsed SSE frame (comments kept as `comment`). */
interface Frame {
  readonly id?: string
  readonly event?: string
  readonly data?: string
  readonly comment?: string
}

const parseFrames = (text: string): ReadonlyArray<Frame> =>
  text.split("\n\n").filter((block) => block.trim() !== "").map((block) => {
    const frame: Record<string, string> = {}
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) frame.comment = line.slice(1).trim()
      else {
        const at = line.indexOf(":")
        frame[line.slice(0, at)] = line.slice(at + 1).trim()
      }
    }
    return frame as Frame
  })

/** An open stream: its response, and `until(predicate)` reading frames until one matches. */
export const open = (
  h: HttpHarness,
  key: string,
  options: { readonly query?: string; readonly lastEventId?: string } = {}
) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const controller = new AbortController()
      const headers: Record<string, string> = { "x-service-key": key }
      if (options.lastEventId !== undefined) headers["last-event-id"] = options.lastEventId
      const res = await fetch(`${h.baseUrl}/v1/events/stream${options.query ?? ""}`, {
        headers,
        signal: controller.signal
      })
      const reader = res.body!.getReader()
      const decoder = new TextDecoder()
      let buffer = ""
      const frames: Array<Frame> = []
      const until = async (done: (frames: ReadonlyArray<Frame>) => boolean): Promise<ReadonlyArray<Frame>> => {
        while (!done(frames)) {
          const chunk = await reader.read()
          if (chunk.done) break
          buffer += decoder.decode(chunk.value, { stream: true })
          const end = buffer.lastIndexOf("\n\n")
          if (end >= 0) {
            frames.push(...parseFrames(buffer.slice(0, end + 2)))
            buffer = buffer.slice(end + 2)
          }
        }
        return frames
      }
      return { res, until, close: () => controller.abort() }
    }),
    (s) => Effect.sync(() => s.close())
  )

export const events = (frames: ReadonlyArray<Frame>) => frames.filter((f) => f.event !== undefined)

/** Changes the scores of the seeded nfl, nba and mlb games by `by` points: one game.score_updated each. */
export const bumpScores = (by: number) =>
  Effect.flatMap(
    SportsWriter,
    (w) =>
      w.upsertGames(
        [seedGames.nfl, seedGames.nba, seedGames.mlb].map((g) => ({ ...g, home_score: g.home_score! + by }))
      )
  )
