// One client connection speaking Pusher protocol 7: the handshake, ping/pong both ways, and
// subscriptions (private and presence channels need a valid signature; a presence one carries its
// member, presence.ts). Client events are refused: every change goes through the API, where it is
// checked and recorded.
import { randomInt } from "node:crypto"
import { parseChannel } from "../../src/contract/realtime.ts"
import type { Hub, Listener } from "./hub.ts"
import { isPresenceChannel, type Member, type PresenceHub } from "./presence.ts"
import { type AppCredentials, signedUser, verifyChannelAuth } from "./signature.ts"

export interface Socket {
  send(frame: string): void
  close(code: number, reason: string): void
}

export const ACTIVITY_TIMEOUT_SECONDS = 120
const PONG_TIMEOUT_MS = 30_000
/** The error code of a subscription to a channel the app does not use. */
export const INVALID_CHANNEL = 4300
/** The error code of a subscription past the connection's limit. */
export const TOO_MANY_SUBSCRIPTIONS = 4302
const MAX_SUBSCRIPTIONS = 100
/** Pusher's limit of a presence member's user_info (1 KB), with room for the user id around it. */
const MAX_CHANNEL_DATA = 2048

const frame = (event: string, data: unknown, channel?: string) =>
  JSON.stringify(channel === undefined ? { event, data } : { event, channel, data })

const newSocketId = () => `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`

interface Incoming {
  readonly event?: unknown
  readonly data?: unknown
  readonly channel?: unknown
}

const parse = (raw: string): Incoming | undefined => {
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== "object" || value === null) return undefined
    const message = value as Incoming
    // pusher-js sends data as an object; some clients send it as a JSON string.
    if (typeof message.data === "string" && message.data.startsWith("{")) {
      try {
        return { ...message, data: JSON.parse(message.data) }
      } catch {
        return message
      }
    }
    return message
  } catch {
    return undefined
  }
}

export interface Connection {
  readonly socketId: string
  receive(raw: string): void
  closed(): void
}

/** A presence subscription's member from its (signed) channel data. */
const memberOf = (channelData: unknown): Member | undefined => {
  if (typeof channelData !== "string" || channelData.length > MAX_CHANNEL_DATA) return undefined
  try {
    const value = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown }
    return typeof value.user_id === "string" && value.user_id !== ""
      ? { user_id: value.user_id, user_info: value.user_info ?? {} }
      : undefined
  } catch {
    return undefined
  }
}

export const openConnection = (
  socket: Socket,
  hub: Hub | PresenceHub,
  app: AppCredentials & { readonly maxSubscriptions?: number },
  activityTimeoutSeconds = ACTIVITY_TIMEOUT_SECONDS
): Connection => {
  const socketId = newSocketId()
  const listener: Listener = { socketId, send: (f) => socket.send(f), close: (code, reason) => socket.close(code, reason) }
  let pingTimer: NodeJS.Timeout | undefined
  /** This connection's channels, counted against `app.maxSubscriptions`. */
  const held = new Set<string>()
  let pongTimer: NodeJS.Timeout | undefined

  // After a quiet period ask the client if it is still there; close if it does not answer.
  const touch = () => {
    clearTimeout(pingTimer)
    clearTimeout(pongTimer)
    pingTimer = setTimeout(() => {
      socket.send(frame("pusher:ping", {}))
      pongTimer = setTimeout(() => socket.close(4201, "Pong reply not received"), PONG_TIMEOUT_MS)
    }, activityTimeoutSeconds * 1000)
  }

  const subscribe = (data: { channel?: unknown; auth?: unknown; channel_data?: unknown }) => {
    const channel = typeof data.channel === "string" ? data.channel : ""
    const refuse = (error: string, status: number) =>
      socket.send(frame("pusher:subscription_error", { type: "AuthError", error, status }, channel))
    // Only the app's own channels (src/contract/realtime.ts), all private: anything else would only be
    // stored for nothing (one socket could fill memory with public channels). Pusher protocol 7's error
    // event, in its 4300-4399 range ("any other error"): the connection stays.
    if (parseChannel(channel) === undefined) {
      return socket.send(frame("pusher:error", { code: INVALID_CHANNEL, message: `Channel not offered: ${channel.slice(0, 200)}` }))
    }
    const presence = isPresenceChannel(channel)
    if ((channel.startsWith("private-") || presence) && !verifyChannelAuth(app, socketId, channel, data.auth, data.channel_data)) {
      return refuse("Invalid channel signature", 401)
    }
    const member = presence ? memberOf(data.channel_data) : undefined
    // Pusher requires a presence member to name its user; so does this server (and a hub to keep them).
    if (presence && (member === undefined || !("presence" in hub))) return refuse("Presence channel data must name a user", 400)
    const limit = app.maxSubscriptions ?? MAX_SUBSCRIPTIONS
    if (!held.has(channel) && held.size >= limit) {
      return socket.send(frame("pusher:error", { code: TOO_MANY_SUBSCRIPTIONS, message: `A connection may hold ${limit} channels` }))
    }
    held.add(channel)
    hub.subscribe(
      channel,
      listener,
      presence ? member?.user_id : channel.startsWith("private-") ? signedUser(data.channel_data) : undefined
    )
    if (member !== undefined && "presence" in hub) {
      const members = hub.presence.join(channel, listener, member)
      if (members === "full") {
        held.delete(channel)
        hub.unsubscribe(channel, listener)
        return refuse("This presence channel is full", 403)
      }
      return socket.send(frame("pusher_internal:subscription_succeeded", JSON.stringify(members), channel))
    }
    socket.send(frame("pusher_internal:subscription_succeeded", "{}", channel))
  }

  socket.send(frame("pusher:connection_established", JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutSeconds })))
  touch()

  return {
    socketId,
    receive(raw) {
      touch()
      const message = parse(raw)
      const data = (typeof message?.data === "object" && message.data !== null ? message.data : {}) as Record<string, unknown>
      switch (message?.event) {
        case "pusher:ping":
          return socket.send(frame("pusher:pong", {}))
        case "pusher:pong":
          return
        case "pusher:subscribe":
          return subscribe(data)
        case "pusher:unsubscribe":
          if (typeof data.channel === "string") {
            held.delete(data.channel)
            hub.unsubscribe(data.channel, listener)
          }
          return
        default:
          return socket.send(
            frame("pusher:error", {
              code: null,
              message:
                typeof message?.event === "string" && message.event.startsWith("client-")
                  ? "Client events are not enabled"
                  : "Unknown message"
            })
          )
      }
    },
    closed() {
      clearTimeout(pingTimer)
      clearTimeout(pongTimer)
      hub.remove(listener)
    }
  }
}
