// A bare WebSocket speaking Pusher protocol 7 to the embedded server, for tests that watch the
// protocol itself (close codes, error events, what a socket is sent) rather than what pusher-js
// makes of it. Private channels are authorised by /v2/realtime/auth/ with a user's token, as the
// SPA does.
import WebSocket from "ws"

export interface Frame {
  readonly event: string
  readonly channel?: string
  readonly data: unknown
}

export interface RawSocket {
  readonly socketId: string
  /** Every frame received after the handshake, in order. */
  readonly frames: Frame[]
  send(event: string, data: unknown): void
  /** Resolves with the first frame (received from now on, or already among `frames` from index `from`) that matches. */
  next(match: (frame: Frame) => boolean, from?: number): Promise<Frame>
  /** Sends a ping and resolves on its pong: every frame the server sent before it has arrived by then. */
  flush(): Promise<void>
  /** Resolves when the server (or the client) closes the socket. */
  readonly closed: Promise<{ readonly code: number; readonly reason: string }>
  readonly isOpen: () => boolean
  close(): void
}

const decode = (raw: string): Frame => {
  const frame = JSON.parse(raw) as { event: string; channel?: string; data: unknown }
  let data = frame.data
  if (typeof data === "string") {
    try {
      data = JSON.parse(data)
    } catch {}
  }
  return { ...frame, data }
}

/** Opens a socket on `/app/{key}`; resolves once the server has said `pusher:connection_established`. */
export const openRawSocket = (server: { readonly url: string; readonly config: { readonly realtime: { readonly key: string } } }) =>
  new Promise<RawSocket>((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/app/${server.config.realtime.key}?protocol=7`)
    const frames: Frame[] = []
    const waiting = new Set<{ match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }>()
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on("close", (code, reason) => done({ code, reason: reason.toString() }))
    )
    ws.on("error", reject)
    // Refused before the handshake (e.g. 4100, too many connections): the close code says why.
    ws.on("close", (code, reason) => reject(new Error(`closed ${code} ${reason.toString()}`)))
    ws.on("message", (raw) => {
      const frame = decode(String(raw))
      if (frame.event === "pusher:connection_established") {
        const socketId = (frame.data as { socket_id: string }).socket_id
        const next = (match: (frame: Frame) => boolean, from = frames.length) =>
          new Promise<Frame>((found) => {
            const seen = frames.slice(from).find(match)
            if (seen) return found(seen)
            waiting.add({ match, resolve: found })
          })
        const send = (event: string, data: unknown) => ws.send(JSON.stringify({ event, data }))
        return resolve({
          socketId,
          frames,
          send,
          next,
          flush: async () => {
            const from = frames.length
            send("pusher:ping", {})
            await next((f) => f.event === "pusher:pong", from)
          },
          closed,
          isOpen: () => ws.readyState === WebSocket.OPEN,
          close: () => ws.close()
        })
      }
      frames.push(frame)
      for (const waiter of waiting) {
        if (!waiter.match(frame)) continue
        waiting.delete(waiter)
        waiter.resolve(frame)
      }
    })
  })

/** Asks /v2/realtime/auth/ for `channel` with `token`; the status, and the grant when given. */
export const authorizeRaw = async (server: { readonly url: string }, token: string, socketId: string, channel: string) => {
  const reply = await fetch(`${server.url}/v2/realtime/auth/`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString()
  })
  const body = (await reply.json().catch(() => undefined)) as { auth?: string; channel_data?: string } | undefined
  return { status: reply.status, grant: reply.ok ? body : undefined }
}

/** Authorises `channel` for `token`'s user and subscribes; resolves once the server accepted it. */
export const subscribeRaw = async (server: { readonly url: string }, socket: RawSocket, token: string, channel: string) => {
  const { status, grant } = await authorizeRaw(server, token, socket.socketId, channel)
  if (!grant) throw new Error(`authorising ${channel}: ${status}`)
  const from = socket.frames.length
  socket.send("pusher:subscribe", { channel, ...grant })
  const answer = await socket.next((f) => f.channel === channel && f.event.includes("subscription"), from)
  if (answer.event !== "pusher_internal:subscription_succeeded") throw new Error(`subscribing ${channel}: ${JSON.stringify(answer)}`)
}

/** Rejects when `promise` has not settled within `ms` (a bound on waiting, not a timing). */
export const within = <T>(promise: Promise<T>, what: string, ms = 5_000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))])
