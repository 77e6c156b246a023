// The embedded realtime server's WebSocket side: upgrades on /app/{key} on the application's own
// HTTP server (same port as the API) become Pusher connections.
import type { IncomingMessage, Server } from "node:http"
import type { Duplex } from "node:stream"
import { WebSocketServer } from "ws"
import { openConnection } from "./connection.ts"
import type { Hub } from "./hub.ts"
import type { AppCredentials } from "./signature.ts"

const PATH = /^\/app\/([^/?]+)/

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
  app: AppCredentials & { readonly maxSubscriptions?: number },
  activityTimeoutSeconds?: number
): RealtimeSocketServer => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })

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
