// pusher-js clients for tests, connected to a started server and authorised by its
// /v2/realtime/auth/ endpoint with a user's bearer token, exactly as the browser does.
import PusherImport from "pusher-js"
import { channelAuth } from "../../server/realtime/signature.ts"
import type { StartedServer } from "./start-server.ts"

// pusher-js's types declare an ES default export while Node loads the package as CommonJS.
type PusherClass = typeof PusherImport.default
export const Pusher = ((PusherImport as unknown as { default?: PusherClass }).default ?? PusherImport) as PusherClass
export type PusherClient = InstanceType<PusherClass>
export type PusherChannel = ReturnType<PusherClient["subscribe"]>

export const connectPusher = (server: Pick<StartedServer, "url" | "config">, token: string): PusherClient => {
  const url = new URL(server.url)
  return new Pusher(server.config.realtime.key, {
    cluster: server.config.realtime.cluster,
    wsHost: url.hostname,
    wsPort: Number(url.port),
    forceTLS: false,
    enabledTransports: ["ws"],
    channelAuthorization: {
      endpoint: `${server.url}/v2/realtime/auth/`,
      transport: "ajax",
      headers: { Authorization: `Bearer ${token}` }
    }
  })
}

/** Resolves when subscribed, rejects with the server's refusal. */
export const subscribed = (channel: PusherChannel): Promise<void> =>
  new Promise((resolve, reject) => {
    channel.bind("pusher:subscription_succeeded", () => resolve())
    channel.bind("pusher:subscription_error", (e: unknown) => reject(new Error(JSON.stringify(e))))
  })

/**
 * A client that signs its private channels with the server's own secret instead of asking
 * /v2/realtime/auth/: no HTTP request is made beside the socket (the cluster test needs its
 * sockets to be the only new connections, and the benches need many clients without accounts).
 */
export const connectSigned = (server: Pick<StartedServer, "url" | "config">): PusherClient => {
  const url = new URL(server.url)
  return new Pusher(server.config.realtime.key, {
    cluster: server.config.realtime.cluster,
    wsHost: url.hostname,
    wsPort: Number(url.port),
    forceTLS: false,
    enabledTransports: ["ws"],
    channelAuthorization: {
      endpoint: "unused",
      transport: "ajax",
      customHandler: ({ socketId, channelName }, callback) =>
        callback(null, { auth: channelAuth(server.config.realtime, socketId, channelName) })
    }
  })
}
