// Pusher presence channels on the embedded server: who is subscribed to each `presence-` channel,
// one member per user however many sockets (tabs) they hold it with. A subscriber is sent the
// member list with its subscription; the others hear `pusher_internal:member_added` when a user's
// first socket joins and `pusher_internal:member_removed` when their last one leaves, unsubscribes,
// closes or is ended (lost access, ended sessions: both go through the hub's unsubscribe/remove,
// which this wraps).
//
// With WORKERS > 1, or several servers sharing Redis, each process holds its own sockets, so every
// join and leave is announced on the hub like a message to no channel (the path
// session-revocation.ts uses): every process hears every announcement and keeps the same book of who
// holds what, each holder named by its process (server name and worker index), its run and its
// socket. A process that starts (again, after a crash) says hello: the others forget the sockets its
// previous run held and tell it their own.
import { randomUUID } from "node:crypto"
import type { Hub, Listener } from "./hub.ts"

/** `pusher_internal:` names are the server's own; clients cannot send events at all (connection.ts). */
export const PRESENCE_CHANGED = "pusher_internal:preparat_presence"

/** Pusher's own limit of members per presence channel. */
export const MAX_MEMBERS = 100

export interface Member {
  readonly user_id: string
  readonly user_info: unknown
}

/** What Pusher sends a presence subscriber with `pusher_internal:subscription_succeeded`. */
export interface PresenceData {
  readonly presence: { readonly ids: ReadonlyArray<string>; readonly hash: Record<string, unknown>; readonly count: number }
}

type Announcement =
  | { readonly type: "join"; readonly channel: string; readonly user_id: string; readonly user_info: unknown; readonly holder: string }
  | { readonly type: "leave"; readonly channel: string; readonly user_id: string; readonly holder: string }
  | { readonly type: "hello"; readonly node: string; readonly boot: string }

export interface Presence {
  /** Joins `listener` (already subscribed on the hub) as `member`; answers the channel's members, or "full". */
  join(channel: string, listener: Listener, member: Member): PresenceData | "full"
}

export type PresenceHub = Hub & { readonly presence: Presence }

export const isPresenceChannel = (channel: string) => channel.startsWith("presence-")

const hasEmptyEmail = (info: unknown): boolean =>
  typeof info === "object" && info !== null && "email" in info && (info as { email: unknown }).email === ""

const withoutEmail = (info: unknown): unknown =>
  typeof info === "object" && info !== null && "email" in info ? { ...info, email: "" } : info

const decode = (data: string): Announcement | undefined => {
  try {
    const value = JSON.parse(data) as Partial<Announcement>
    return typeof value === "object" && value !== null && typeof value.type === "string" ? (value as Announcement) : undefined
  } catch {
    return undefined
  }
}

/**
 * `hub` with presence channels; `node` names this process among all that share the hub (no "/" in
 * it), the same again after a restart so that the others can drop what its earlier run held.
 */
export const withPresence = (hub: Hub, node = "0"): PresenceHub => {
  const boot = randomUUID()
  const me = `${node}/${boot}/`
  /** Every process's members: channel -> user -> their info and the sockets that hold them. */
  const book = new Map<string, Map<string, { info: unknown; holders: Set<string> }>>()
  /** This process's own presence subscriptions, to announce their leaving and to tell a newcomer. */
  const mine = new Map<Listener, Map<string, Member>>()

  const announce = (announcement: Announcement) => hub.publish([], PRESENCE_CHANGED, JSON.stringify(announcement))

  /** Sends to this process's subscribers of `channel`, except `userId`'s own sockets. */
  const tell = (channel: string, userId: string, event: string, data: unknown) => {
    const frame = JSON.stringify({ event, channel, data: JSON.stringify(data) })
    for (const s of hub.subscriptions(channel)) if (s.channel === channel && s.userId !== userId) s.listener.send(frame)
  }

  const add = (channel: string, userId: string, info: unknown, holder: string) => {
    const users = book.get(channel) ?? new Map<string, { info: unknown; holders: Set<string> }>()
    book.set(channel, users)
    const entry = users.get(userId) ?? { info, holders: new Set<string>() }
    users.set(userId, { info, holders: entry.holders })
    const first = entry.holders.size === 0
    entry.holders.add(holder)
    if (first) tell(channel, userId, "pusher_internal:member_added", { user_id: userId, user_info: info })
  }

  const drop = (channel: string, userId: string, holder: string) => {
    const users = book.get(channel)
    const entry = users?.get(userId)
    if (users === undefined || entry === undefined) return
    if (!entry.holders.delete(holder) || entry.holders.size > 0) return
    users.delete(userId)
    if (users.size === 0) book.delete(channel)
    tell(channel, userId, "pusher_internal:member_removed", { user_id: userId })
  }

  const greet = (node: string, newBoot: string) => {
    if (newBoot === boot) return
    // The sockets of that process's previous run closed with it.
    const stale = `${node}/`
    for (const [channel, users] of [...book]) {
      for (const [userId, entry] of [...users]) {
        for (const holder of [...entry.holders])
          if (holder.startsWith(stale) && !holder.startsWith(`${node}/${newBoot}/`)) drop(channel, userId, holder)
      }
    }
    for (const [listener, channels] of mine) {
      for (const [channel, member] of channels) announce({ type: "join", channel, ...member, holder: me + listener.socketId })
    }
  }

  hub.onPublish((channels, event, data) => {
    if (event !== PRESENCE_CHANGED || channels.length > 0) return
    const announcement = decode(data)
    if (announcement?.type === "join") add(announcement.channel, announcement.user_id, announcement.user_info, announcement.holder)
    else if (announcement?.type === "leave") drop(announcement.channel, announcement.user_id, announcement.holder)
    else if (announcement?.type === "hello") greet(announcement.node, announcement.boot)
  })

  const leave = (channel: string, listener: Listener) => {
    const member = mine.get(listener)?.get(channel)
    if (member === undefined) return
    mine.get(listener)?.delete(channel)
    if (mine.get(listener)?.size === 0) mine.delete(listener)
    announce({ type: "leave", channel, user_id: member.user_id, holder: me + listener.socketId })
  }

  const membersOf = (channel: string, withoutEmails: boolean): PresenceData => {
    const users = book.get(channel) ?? new Map()
    const hash: Record<string, unknown> = {}
    for (const [userId, entry] of users) hash[userId] = withoutEmails ? withoutEmail(entry.info) : entry.info
    return { presence: { ids: Object.keys(hash), hash, count: users.size } }
  }

  const presence: Presence = {
    join(channel, listener, member) {
      const users = book.get(channel)
      if (users !== undefined && users.size >= MAX_MEMBERS && !users.has(member.user_id)) return "full"
      // A socket that subscribes again (pusher-js after a refusal) is one holder still.
      mine.set(listener, (mine.get(listener) ?? new Map<string, Member>()).set(channel, member))
      announce({ type: "join", channel, ...member, holder: me + listener.socketId })
      // The server signs an empty email only on a slide that is public now, where the joiner may be a
      // stranger: members who joined while it was private are listed to them without theirs too.
      return membersOf(channel, hasEmptyEmail(member.user_info))
    }
  }

  // Alone, the hello reaches only this process, which ignores its own.
  announce({ type: "hello", node, boot })

  return {
    ...hub,
    presence,
    unsubscribe(channel, listener) {
      hub.unsubscribe(channel, listener)
      leave(channel, listener)
    },
    remove(listener) {
      hub.remove(listener)
      for (const channel of [...(mine.get(listener)?.keys() ?? [])]) leave(channel, listener)
    }
  }
}
