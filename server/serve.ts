// Puts the application on a Node HTTP server: used by main.ts and by the tests, so both run exactly
// the same thing.
import type { Server } from "node:http"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { makeRoutes, makeServices } from "./app.ts"
import type { Bus } from "./cluster/bus.ts"
import type { Config } from "./config.ts"
import { makeHub } from "./realtime/hub.ts"
import { withPresence } from "./realtime/presence.ts"
import { realtimeRestRoutes } from "./realtime/rest.ts"
import { shareHub } from "./realtime/shared-hub.ts"
import { attachRealtime } from "./realtime/websocket.ts"

export interface ServeOptions {
  /** Log every request. */
  readonly log?: boolean
  /** Set in a cluster worker (WORKERS > 1): the way to the other processes. */
  readonly bus?: Bus | undefined
}

export const serve = (config: Config, server: Server, options: ServeOptions = {}) => {
  // Presence is kept over the shared hub, so that every process knows every process's members.
  const hub = withPresence(options.bus ? shareHub(makeHub(), options.bus) : makeHub(), options.bus?.index)
  // The embedded realtime server shares the port: WebSocket upgrades on /app/{key} and the Pusher
  // REST API for publishers. With an external service configured, neither is offered here.
  const embedded = config.realtime.external === undefined
  const realtimeSockets = embedded
    ? Layer.effectDiscard(
        Effect.acquireRelease(
          Effect.sync(() => attachRealtime(server, hub, config.realtime, undefined, config.trustProxy)),
          (attached) => Effect.promise(() => attached.close())
        )
      )
    : Layer.empty
  const routes = embedded ? Layer.mergeAll(makeRoutes(config), ...realtimeRestRoutes(hub, config.realtime)) : makeRoutes(config)
  return HttpRouter.serve(routes, { disableLogger: !options.log, disableListenLog: !options.log }).pipe(
    Layer.provide(NodeHttpServer.layer(() => server, { port: config.port, host: config.host })),
    Layer.provide(realtimeSockets),
    // Provided last, so built first: the database is open and migrated before the socket listens.
    Layer.provide(makeServices(config, hub, options.bus))
  )
}
