/**
 * `sports-data serve` in a child process, as an operator runs it: the real bin with
 * `--port 0` on a PGlite folder and a data folder, for the CLI tests.
 * @module
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../..", import.meta.url))
/** The bin the root package.json declares. */
export const bin = join(root, "bin", "sports-data.mjs")

/** The environment of a child: this one without DATABASE_URL, with the store and data folders. */
const envOf = (store: string, dataDir: string) => {
  const { DATABASE_URL: _ignored, ...env } = process.env
  return { ...env, SPORTS_DATA_STORE: store, SPORTS_DATA_DIR: dataDir }
}

/** A running `serve`. */
export interface Server {
  readonly child: ChildProcess
  readonly stdout: () => string
  readonly stderr: () => string
  readonly port: number
  /** Resolves once stdout matches `pattern` (checked every 50 ms; rejects if the process exits first). */
  readonly waitFor: (pattern: RegExp) => Promise<void>
  /** Sends SIGINT and resolves with the exit code. */
  readonly stop: () => Promise<number | null>
}

/**
 * Starts `serve --port 0` and resolves once it prints its address (rejects if it exits first).
 * `env`: more settings for the child (e.g. SPORTS_DATA_REFRESH_INTERVAL).
 */
export const startServe = (store: string, dataDir: string, env: Record<string, string> = {}): Promise<Server> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "serve", "--port", "0"], {
      cwd: root,
      env: { ...envOf(store, dataDir), ...env }
    })
    let out = ""
    let err = ""
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)))
    child.stderr.on("data", (d) => (err += String(d)))
    child.stdout.on("data", (d) => {
      out += String(d)
      const match = /listening on http:\/\/(?:\[[^\]]+\]|[^\s:/]+):(\d+)/.exec(out)
      if (match !== null) {
        resolve({
          child,
          stdout: () => out,
          stderr: () => err,
          port: Number(match[1]),
          waitFor: (pattern) =>
            new Promise<void>((done, fail) => {
              const timer = setInterval(() => {
                if (pattern.test(out)) {
                  clearInterval(timer)
                  done()
                } else if (child.exitCode !== null) {
                  clearInterval(timer)
                  fail(new Error(`serve exited before printing ${String(pattern)}:\n${out}\n${err}`))
                }
              }, 50)
            }),
          stop: () => {
            child.kill("SIGINT")
            return exited
          }
        })
      }
    })
    void exited.then((code) => reject(new Error(`serve exited (${code}) before listening:\n${out}\n${err}`)))
  })

/** Runs the bin with `args` on the store folder to completion: exit code, stdout and stderr. */
export const runBin = (
  args: ReadonlyArray<string>,
  store: string,
  dataDir: string
): Promise<{ readonly code: number | null; readonly stdout: string; readonly stderr: string }> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: root, env: envOf(store, dataDir) },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : (error as { code?: number }).code ?? 1, stdout, stderr })
    )
  })

/** A running `sports-data worker`. */
export interface Worker {
  readonly child: ChildProcess
  readonly output: () => string
  /** Resolves with the exit code (or the signal's name when killed by one). */
  readonly exited: Promise<number | string | null>
}

/**
 * Starts `sports-data worker` with `env` added to this environment (DATABASE_URL removed unless
 * `env` sets it) and resolves once it prints its first line (rejects if it exits first).
 */
export const startWorker = (env: Record<string, string>): Promise<Worker> =>
  new Promise((resolve, reject) => {
    const { DATABASE_URL: _ignored, ...base } = process.env
    const child = spawn(process.execPath, [bin, "worker"], { cwd: root, env: { ...base, ...env } })
    let out = ""
    const exited = new Promise<number | string | null>((done) =>
      child.on("exit", (code, signal) => done(code ?? signal))
    )
    child.stderr.on("data", (d) => (out += String(d)))
    child.stdout.on("data", (d) => {
      out += String(d)
      if (/^worker: /m.test(out)) resolve({ child, output: () => out, exited })
    })
    void exited.then((code) => reject(new Error(`worker exited (${code}) before starting:\n${out}`)))
  })
