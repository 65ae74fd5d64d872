#!/usr/bin/env node
/**
 * The `sports-data` command (see README.md): runs runtimes/embedded/src/cli.ts in this process
 * through tsx's loader, so the TypeScript sources run as they are, with no build step.
 */
import { register } from "tsx/esm/api"

register()
const { runCli } = await import("../runtimes/embedded/src/cli.ts")
runCli(process.argv.slice(2))
