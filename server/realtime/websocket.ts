// The embedded realtime server's WebSocket side: upgrades on /app/{key} on the application's own
// HTTP server (same port as the API) become Pusher connections.
import type { IncomingMessage, Server } from "node:http"
import type { Duplex } from "node:stream"
import { WebSocketServer } from "ws"
import { forwardedHop } from "../domain/forwarded.ts"
import { rateLimitAddress as addressKey } from "../domain/rate-limit-address.ts"
import { openConnection } from "./connection.ts"
import type { Hub } from "./hub.ts"
import type { AppCredentials } from "./signature.ts"

const PATH = /^\/app\/([^/?]+)/
const MAX_CONNECTIONS_PER_ADDRESS = 500

const headerOf = (value: string | ReadonlyArray<string> | undefined) => (typeof value === "string" ? value : value?.join(","))

export interface RealtimeSocketServer {
  readonly connections: () => number
  readonly close: () => Promise<void>
}

/**
 * Effect's Node server handles every `upgrade` event itself (for its own WebSocket routes), so
 * upgrades for /app/ are taken before it sees them: `emit` is wrapped for that one event.
 */
export const attachRealtime = (
  server: Server,
  hub: Hub,
  app: AppCredentials & { readonly maxSubscriptions?: number; readonly maxConnectionsPerAddress?: number },
  activityTimeoutSeconds?: number,
  trustProxy = 0
): RealtimeSocketServer => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })
  /** Open sockets per address key (server/domain/rate-limit-address.ts: an IPv6 client by its /64). */
  const perAddress = new Map<string, number>()

  const accept = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? "/", "http://localhost")
    const key = PATH.exec(url.pathname)?.[1]
    wss.handleUpgrade(request, socket, head, (ws) => {
      const send = (frame: string) => ws.readyState === ws.OPEN && ws.send(frame)
      if (key !== app.key) {
        send(JSON.stringify({ event: "pusher:error", data: { code: 4001, message: `App key ${key} not in use` } }))
        return ws.close(4001, "App key not in use")
      }
      if (Number(url.searchParams.get("protocol") ?? 7) < 7) {
        send(JSON.stringify({ event: "pusher:error", data: { code: 4007, message: "Unsupported protocol version" } }))
        return ws.close(4007, "Unsupported protocol version")
      }
      const forwarded = forwardedHop(headerOf(request.headers["x-forwarded-for"]), trustProxy)
      const address = addressKey(forwarded ?? request.socket.remoteAddress ?? "unknown")
      const open = perAddress.get(address) ?? 0
      if (open >= (app.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS)) {
        // 4100-4199: the client tries again after a back-off (another tab may have closed by then).
        send(JSON.stringify({ event: "pusher:error", data: { code: 4100, message: "Too many connections from this address" } }))
        return ws.close(4100, "Too many connections from this address")
      }
      perAddress.set(address, open + 1)
      ws.on("close", () => {
        const left = (perAddress.get(address) ?? 1) - 1
        if (left > 0) perAddress.set(address, left)
        else perAddress.delete(address)
      })
      const connection = openConnection({ send, close: (code, reason) => ws.close(code, reason) }, hub, app, activityTimeoutSeconds)
      ws.on("message", (data) => connection.receive(String(data)))
      ws.on("close", () => connection.closed())
      ws.on("error", () => ws.terminate())
    })
  }

  const originalEmit = server.emit.bind(server)
  server.emit = ((event: string, ...args: unknown[]) => {
    if (event === "upgrade") {
      const [request, socket, head] = args as [IncomingMessage, Duplex, Buffer]
      if (PATH.test(request.url ?? "")) {
        accept(request, socket, head)
        return true
      }
    }
    return originalEmit(event, ...args)
  }) as Server["emit"]

  return {
    connections: () => wss.clients.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.emit = originalEmit
        for (const client of wss.clients) client.close(4200, "Server shutting down")
        wss.close(() => resolve())
      })
  }
}
