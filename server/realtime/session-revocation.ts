// Ends the realtime sockets of a user whose sessions ended. Signing out, changing or resetting the
// password and a replayed refresh token raise the user's token generation (AccessTokens.ts), which
// ends their access tokens; but a subscription is authorised once, when it starts, so a socket
// subscribed before would go on hearing the user's labs. The process that raised the generation
// therefore publishes a "sessions ended" message on the hub. It names no channel, so no socket is
// sent it; every worker hears every publish (shared-hub.ts, the path access-revocation.ts uses too),
// forgets its cached generation of the user and closes each of its sockets that holds one of the
// user's private channels. The close code asks pusher-js to reconnect at once: a device still signed
// in gets its channels authorised again with a renewed token, one whose sessions ended is refused.
import type { Hub, Listener } from "./hub.ts"

/** `pusher_internal:` names are the server's own; clients cannot send events at all (connection.ts). */
export const SESSIONS_ENDED = "pusher_internal:preparat_sessions_ended"

/** Pusher protocol 7: 4200-4299 close a connection that the client should open again at once. */
export const SESSION_ENDED_CLOSE = { code: 4200, reason: "Session ended" } as const

/** Tells every process that `userId`'s sessions ended (after the transaction that ended them committed). */
export const announceSessionsEnded = (hub: Hub, userId: string): void => {
  hub.publish([], SESSIONS_ENDED, JSON.stringify({ user_id: userId }))
}

const endedUser = (channels: ReadonlyArray<string>, event: string, data: string): string | undefined => {
  if (event !== SESSIONS_ENDED || channels.length > 0) return undefined
  try {
    const userId = (JSON.parse(data) as { user_id?: unknown }).user_id
    return typeof userId === "string" ? userId : undefined
  } catch {
    return undefined
  }
}

/**
 * Watches the hub of this process; `forget` drops the process's cached token generation of the user
 * (AccessTokens), so that no request here takes their old token for good any more.
 */
export const endSocketsWithSessions = (hub: Hub, forget: (userId: string) => void): (() => void) =>
  hub.onPublish((channels, event, data) => {
    const userId = endedUser(channels, event, data)
    if (userId === undefined) return
    forget(userId)
    const ended = new Set<Listener>()
    for (const subscription of [...hub.subscriptions("private-"), ...hub.subscriptions("presence-")])
      if (subscription.userId === userId) ended.add(subscription.listener)
    for (const listener of ended) {
      // Out of every channel now: nothing more reaches it while the close handshake runs.
      hub.remove(listener)
      listener.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason)
    }
  })
