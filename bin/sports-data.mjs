#!/usr/bin/env node
/**
 * The `sports-data` command (see README.md): runs runtimes/embedded/src/cli.ts in this process
 * through tsx's loader, so the TypeScript sources run as they are, with no build step.
 *
 * tsx turns on Node's source maps, which then keeps every loaded module's parsed source map (the
 * TypeScript text included) in each thread's heap; they are turned off again unless
 * SPORTS_DATA_SOURCE_MAPS=true (stack traces then name the transpiled lines, not the .ts lines).
 */
import { register } from "tsx/esm/api"

register()
if (process.env["SPORTS_DATA_SOURCE_MAPS"] !== "true") process.setSourceMapsEnabled(false)
const { runCli } = await import("../runtimes/embedded/src/cli.ts")
runCli(process.argv.slice(2))
