// The pusher-js options for a server's realtime config (src/contract/realtime.ts). Pure, so the
// rules below are tested without a socket:
// - host, port and TLS left null mean the page's own origin (the embedded server on the same port);
// - pusher-js 8 insists on `cluster` even when `wsHost` names the server;
// - only WebSocket transports: our server speaks no HTTP fallback;
// - channel authorisation goes through `authorize` (the app's Api), not pusher-js's own ajax, so
//   an expired access token is renewed like on every other call.
import type { ClientConfig } from "../../contract/realtime.ts"

export interface PageOrigin {
  readonly protocol: string
  readonly hostname: string
  readonly port: string
}

/** The server's answer: the signature, and the user it binds the subscription to (channel_data). */
export interface ChannelGrant {
  readonly auth: string
  readonly channel_data?: string | undefined
}

export type Authorize = (socketId: string, channelName: string) => Promise<ChannelGrant>

export const pusherOptions = (config: ClientConfig, page: PageOrigin, authorize: Authorize) => {
  const tls = config.tls ?? page.protocol === "https:"
  const port = config.port ?? (page.port === "" ? (tls ? 443 : 80) : Number(page.port))
  return {
    cluster: config.cluster,
    wsHost: config.host ?? page.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ["ws", "wss"] as Array<"ws" | "wss">,
    disableStats: true,
    channelAuthorization: {
      customHandler: (
        params: { readonly socketId: string; readonly channelName: string },
        callback: (error: Error | null, data: { auth: string; channel_data?: string } | null) => void
      ) => {
        authorize(params.socketId, params.channelName).then(
          // channel_data must go back with the subscription: the signature covers it.
          (answer) =>
            callback(
              null,
              answer.channel_data === undefined ? { auth: answer.auth } : { auth: answer.auth, channel_data: answer.channel_data }
            ),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null)
        )
      }
    }
  }
}
