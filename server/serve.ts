// Puts the application on a Node HTTP server: used by main.ts and by the tests, so both run exactly
// the same thing.
import type { Server } from "node:http"
import { NodeHttpServer } from "@effect/platform-node"
import { Layer } from "effect"
import { HttpRouter } from "effect/http"
import { makeRoutes, makeServices } from "./app.ts"
import type { Config } from "./config.ts"

export interface ServeOptions {
  /** Log every request. */
  readonly log?: boolean
}

export const serve = (config: Config, server: Server, options: ServeOptions = {}) =>
  HttpRouter.serve(makeRoutes(config), { disableLogger: !options.log, disableListenLog: !options.log }).pipe(
    Layer.provide(NodeHttpServer.layer(() => server, { port: config.port, host: config.host })),
    // Provided last, so built first: the database is open and migrated before the socket listens.
    Layer.provide(makeServices(config))
  )
