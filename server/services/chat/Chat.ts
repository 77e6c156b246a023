// A slide's chat: reading pages of it (whoever may look at the slide), sending (its members) and
// marking it read. A message is written with its event and, for every other member, a notif_chat
// notification, in one transaction; the publisher then sends `chat_{labId}` to the slide's channel
// and `notif_chat_{user}` to each member's own (server/domain/realtime-routing.ts). Members who have
// the slide open mark it read at once (the SPA), so only those elsewhere keep the notification.
// A member who muted the slide's chat (chat_mutes) is left out of its ordinary messages' notifications;
// a message that mentions them still notifies them, muted or not.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { CHAT_LIMITS, type ChatMessage, type SendChatPayload } from "../../../src/contract/chat.ts"
import { type BadRequest, badRequest } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import { isMember } from "../../domain/annotation-rules.ts"
import { stamp } from "../../domain/clock.ts"
import { allMembers } from "../../db/lab-members.ts"
import { requireSlide, type SlideDenied, type ViewDenied, viewSlide } from "../annotations/slide-gate.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Notifications } from "../platform/Notifications.ts"
import { markReadAt, messageById, pageBefore, readChatNotifications, toChatMessage, unreadCount } from "./chat-rows.ts"
import { isMuted, mutedOf, setMuted } from "./chat-mutes.ts"

export interface ChatPage {
  readonly results: ReadonlyArray<ChatMessage>
  readonly next_cursor: string | null
  readonly unread_count: number
  /** The reader muted the chat (always false for a visitor). */
  readonly muted: boolean
}

/** The message as stored: trimmed, not empty, not too long; the 400 names `message` otherwise. */
export const chatText = (message: string): { ok: true; value: string } | { ok: false; error: string } => {
  const trimmed = message.trim()
  if (trimmed === "") return { ok: false, error: "Write a message first." }
  if (trimmed.length > CHAT_LIMITS.message)
    return { ok: false, error: `A message has at most ${CHAT_LIMITS.message} characters (this one has ${trimmed.length}).` }
  return { ok: true, value: trimmed }
}

export class Chat extends Context.Service<
  Chat,
  {
    readonly list: (
      userId: string | undefined,
      labId: string,
      before: string | undefined,
      limit: number
    ) => Effect.Effect<ChatPage, ViewDenied>
    readonly send: (user: AuthenticatedUser, payload: SendChatPayload) => Effect.Effect<ChatMessage, SlideDenied | BadRequest>
    readonly markRead: (user: AuthenticatedUser, labId: string) => Effect.Effect<number, SlideDenied>
    readonly mute: (user: AuthenticatedUser, labId: string, muted: boolean) => Effect.Effect<boolean, SlideDenied>
  }
>()("preparat/Chat") {
  static readonly layer = Layer.effect(
    Chat,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const events = yield* EventLog
      const notifications = yield* Notifications

      const list = Effect.fn("Chat.list")(function* (userId: string | undefined, labId: string, before: string | undefined, limit: number) {
        const lab = yield* viewSlide(db, userId, labId)
        const member = isMember(lab.access.standing)
        const { rows, more } = yield* sql(() => pageBefore(db, labId, before, limit))
        const reader = member ? userId : undefined
        const [unread, muted] =
          reader === undefined ? [0, false] : yield* sql(() => Promise.all([unreadCount(db, labId, reader), isMuted(db, labId, reader)]))
        return {
          results: rows.map((row) => toChatMessage(row, member)),
          next_cursor: more ? (rows[0]?.id ?? null) : null,
          unread_count: unread,
          muted
        }
      })

      const send = Effect.fn("Chat.send")(function* (user: AuthenticatedUser, payload: SendChatPayload) {
        const text = chatText(payload.message)
        const asked = [...new Set(payload.mentions ?? [])]
        // The text's own fault is the 400's message (a BadRequest's `message` is its sentence, so it
        // cannot also be a field's list); too many mentions is the `mentions` field's.
        if (!text.ok) return yield* Effect.fail(badRequest({}, text.error))
        if (asked.length > CHAT_LIMITS.mentions)
          return yield* Effect.fail(badRequest({ mentions: [`Mention at most ${CHAT_LIMITS.mentions} members in one message.`] }))
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* requireSlide(trx, user.id, payload.lab_id, "chat.write")
            const members = yield* sql(() => allMembers(trx, payload.lab_id, lab.row.owner_id))
            const people = new Set([lab.row.owner_id, ...members.flatMap((m) => (m.user_id ? [m.user_id] : []))])
            const mentions = asked.filter((id) => people.has(id) && id !== user.id)
            const muting = new Set(yield* sql(() => mutedOf(trx, payload.lab_id)))
            const id = randomUUID()
            const now = stamp()
            yield* sql(() =>
              trx
                .insertInto("chat_messages")
                .values({
                  id,
                  lab_id: payload.lab_id,
                  sender_id: user.id,
                  message: text.value,
                  mentions: JSON.stringify(mentions),
                  created_at: now
                })
                .execute()
            )
            // The sender has read what they wrote.
            yield* sql(() => markReadAt(trx, payload.lab_id, user.id, now))
            const eventId = randomUUID()
            const told = yield* Effect.forEach(
              [...people].filter((p) => p !== user.id && (!muting.has(p) || mentions.includes(p))),
              (recipient) =>
                Effect.map(
                  notifications.create(trx, { userId: recipient, type: "notif_chat", labId: payload.lab_id, senderId: user.id, eventId }),
                  (notificationId) => ({ user_id: recipient, notification_id: notificationId })
                )
            )
            const row = yield* sql(() => messageById(trx, id))
            if (!row) return yield* Effect.die(new Error("chat message vanished in its own transaction"))
            const message = toChatMessage(row, true)
            yield* events.record(trx, {
              id: eventId,
              actorId: user.id,
              kind: "chat.message_sent",
              labId: payload.lab_id,
              payload: { message, notifications: told }
            })
            return message
          })
        )
      })

      const markRead = Effect.fn("Chat.markRead")(function* (user: AuthenticatedUser, labId: string) {
        yield* requireSlide(db, user.id, labId, "chat.write")
        yield* sql(() => markReadAt(db, labId, user.id, stamp()))
        yield* sql(() => readChatNotifications(db, labId, user.id))
        return 0
      })

      const mute = Effect.fn("Chat.mute")(function* (user: AuthenticatedUser, labId: string, muted: boolean) {
        yield* requireSlide(db, user.id, labId, "chat.write")
        yield* sql(() => setMuted(db, labId, user.id, muted, stamp()))
        return muted
      })

      return Chat.of({ list, send, markRead, mute })
    })
  )
}
