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
import { redisRelay } from "./cluster/redis-relay.ts"
import { attachRealtime } from "./realtime/websocket.ts"

export interface ServeOptions {
  /** Log every request. */
  readonly log?: boolean
  /** Set in a cluster worker (WORKERS > 1): the way to the other processes. */
  readonly bus?: Bus | undefined
}

export const serve = (config: Config, server: Server, options: ServeOptions = {}) => {
  // Between servers (REDIS_URL) Redis carries realtime messages to every process, this server's
  // workers included; otherwise the cluster's primary relays them between this server's workers.
  const relay = config.redisUrl ? redisRelay(config.redisUrl, config.databaseUrl ?? config.dataDir) : undefined
  const shared = relay ?? options.bus
  // Presence is kept over the shared hub, so that every process knows every process's members.
  const hub = withPresence(shared ? shareHub(makeHub(), shared) : makeHub(), `${config.serverName}.${options.bus?.index ?? 0}`)
  // Served once this process hears the others, and until Redis is let go at the end.
  const relayed = relay
    ? Layer.effectDiscard(
        Effect.acquireRelease(
          Effect.promise(() => relay.ready),
          () => Effect.promise(() => relay.close())
        )
      )
    : Layer.empty
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
    Layer.provide(relayed),
    // Provided last, so built first: the database is open and migrated before the socket listens.
    Layer.provide(makeServices(config, hub, options.bus))
  )
}
