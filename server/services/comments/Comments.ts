// Comment threads: a comment pin's first comment and its replies. Reading is for whoever may look at
// the slide (a public slide's visitors without emails); replying and resolving for its members;
// editing a reply for its author; deleting one for its author, the owner or an admin
// (src/contract/permissions.ts, "comment.*"). Each change is written with its event in one
// transaction; a new reply also leaves every other member a `notif_chats` notification naming the
// thread. The publisher then sends `comment_{labId}` to the slide's channel and `notif_chat_{user}` to
// each member's own (server/domain/realtime-routing.ts); the SPA marks read at once what arrives for
// a slide the member has open, so only those elsewhere keep it. A member a reply mentions (newly, for
// an edit) also gets a mail, sent after the commit.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { Locale } from "../../../src/contract/auth.ts"
import {
  COMMENT_LIMITS,
  type CommentReply,
  type CommentThread,
  type ReplyPayload,
  type ThreadWithReplies
} from "../../../src/contract/comments.ts"
import { badRequest, NotFound } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import { isMember } from "../../domain/annotation-rules.ts"
import { stamp } from "../../domain/clock.ts"
import { allMembers } from "../../db/lab-members.ts"
import { commentMentionMail, threadLink } from "../../mail/comment-mention.ts"
import { allowed, hidden, type SlideDenied, type ViewDenied, viewSlide } from "../annotations/slide-gate.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mailer } from "../platform/Mailer.ts"
import { Notifications } from "../platform/Notifications.ts"
import { mailablePeople, pinById, repliesOf, replyById, threadById, threadsOf, toReply, toThread } from "./comment-rows.ts"

export const NOT_A_COMMENT = "This annotation has no comment; only a comment pin has a thread."
export const REPLY_NOT_FOUND = "Reply not found."

/** The reply as stored: trimmed, not empty, not too long; the 400's message otherwise. */
export const replyText = (message: string): { ok: true; value: string } | { ok: false; error: string } => {
  const trimmed = message.trim()
  if (trimmed === "") return { ok: false, error: "Write a reply first." }
  if (trimmed.length > COMMENT_LIMITS.reply)
    return { ok: false, error: `A reply has at most ${COMMENT_LIMITS.reply} characters (this one has ${trimmed.length}).` }
  return { ok: true, value: trimmed }
}

const checked = (payload: ReplyPayload) => {
  const text = replyText(payload.message)
  const asked = [...new Set(payload.mentions ?? [])]
  if (!text.ok) return Effect.fail(badRequest({}, text.error))
  if (asked.length > COMMENT_LIMITS.mentions)
    return Effect.fail(badRequest({ mentions: [`Mention at most ${COMMENT_LIMITS.mentions} members in one reply.`] }))
  return Effect.succeed({ text: text.value, asked })
}

/** The slide's people with an account: its owner and every member who joined. */
const peopleOf = (trx: Trx, labId: string, ownerId: string) =>
  Effect.map(
    sql(() => allMembers(trx, labId, ownerId)),
    (members) => new Set([ownerId, ...members.flatMap((m) => (m.user_id ? [m.user_id] : []))])
  )

interface Mention {
  readonly labId: string
  readonly slide: string
  readonly annotationId: string
  readonly sender: string
  readonly message: string
  readonly to: ReadonlyArray<string>
}

export class Comments extends Context.Service<
  Comments,
  {
    readonly threads: (
      userId: string | undefined,
      labId: string,
      unresolved: boolean
    ) => Effect.Effect<ReadonlyArray<CommentThread>, ViewDenied>
    readonly thread: (userId: string | undefined, annotationId: string) => Effect.Effect<ThreadWithReplies, ViewDenied>
    readonly reply: (user: AuthenticatedUser, annotationId: string, payload: ReplyPayload) => Effect.Effect<CommentReply, SlideDenied>
    readonly edit: (user: AuthenticatedUser, replyId: string, payload: ReplyPayload) => Effect.Effect<CommentReply, SlideDenied>
    readonly remove: (user: AuthenticatedUser, replyId: string) => Effect.Effect<void, SlideDenied>
    readonly resolve: (user: AuthenticatedUser, annotationId: string, resolved: boolean) => Effect.Effect<CommentThread, SlideDenied>
  }
>()("preparat/Comments") {
  static readonly layer = Layer.effect(
    Comments,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const events = yield* EventLog
      const notifications = yield* Notifications
      const mailer = yield* Mailer
      const config = yield* AppConfig

      /** The pin, if the asker may see its slide; a missing pin is answered as a missing slide. */
      const pinFor = (trx: Trx, userId: string | undefined, annotationId: string) =>
        Effect.gen(function* () {
          const pin = yield* sql(() => pinById(trx, annotationId))
          if (pin === undefined) return yield* Effect.fail(hidden(userId))
          const lab = yield* viewSlide(trx, userId, pin.lab_id)
          if (pin.comments === null) return yield* Effect.fail(badRequest({ annotation_id: [NOT_A_COMMENT] }))
          return { pin, lab }
        })

      /** The reply and its slide, if the asker may see it; a reply of a slide they may not see is missing. */
      const replyFor = (trx: Trx, userId: string, replyId: string) =>
        Effect.gen(function* () {
          const row = yield* sql(() => replyById(trx, replyId))
          if (row === undefined) return yield* Effect.fail(new NotFound({ message: REPLY_NOT_FOUND }))
          const lab = yield* viewSlide(trx, userId, row.lab_id)
          return { row, lab }
        })

      const recordThread = (trx: Trx, annotationId: string) =>
        Effect.flatMap(
          sql(() => threadById(trx, annotationId)),
          (row) =>
            row === undefined ? Effect.die(new Error("comment pin vanished in its own transaction")) : Effect.succeed(toThread(row, true))
        )

      const mail = Effect.fn("Comments.mail")(function* (mention: Mention) {
        const people = yield* sql(() => mailablePeople(db, mention.to))
        for (const person of people) {
          const locale: Locale = person.locale === "id" ? "id" : "en"
          yield* mailer.sendInBackground({
            to: person.email,
            ...commentMentionMail(locale, {
              sender: mention.sender,
              slide: mention.slide,
              message: mention.message,
              link: threadLink(config.publicUrl, locale, mention.labId, mention.annotationId)
            })
          })
        }
      })

      const threads = Effect.fn("Comments.threads")(function* (userId: string | undefined, labId: string, unresolved: boolean) {
        const lab = yield* viewSlide(db, userId, labId)
        const rows = yield* sql(() => threadsOf(db, labId, unresolved, COMMENT_LIMITS.threads))
        return rows.map((row) => toThread(row, isMember(lab.access.standing)))
      })

      const thread = Effect.fn("Comments.thread")(function* (userId: string | undefined, annotationId: string) {
        const { lab } = yield* pinFor(db, userId, annotationId)
        const member = isMember(lab.access.standing)
        const [row, rows] = yield* sql(() => Promise.all([threadById(db, annotationId), repliesOf(db, annotationId)]))
        if (row === undefined) return yield* Effect.fail(hidden(userId))
        return { thread: toThread(row, member), replies: rows.map((r) => toReply(r, member)) }
      })

      const reply = Effect.fn("Comments.reply")(function* (user: AuthenticatedUser, annotationId: string, payload: ReplyPayload) {
        const { text, asked } = yield* checked(payload)
        const made = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const { pin, lab } = yield* pinFor(trx, user.id, annotationId)
            yield* allowed(lab, user.id, "comment.write")
            const people = yield* peopleOf(trx, pin.lab_id, lab.row.owner_id)
            const mentions = asked.filter((id) => people.has(id) && id !== user.id)
            const id = randomUUID()
            yield* sql(() =>
              trx
                .insertInto("comment_replies")
                .values({
                  id,
                  annotation_id: annotationId,
                  lab_id: pin.lab_id,
                  author_id: user.id,
                  message: text,
                  mentions: JSON.stringify(mentions),
                  created_at: stamp(),
                  edited_at: null
                })
                .execute()
            )
            const eventId = randomUUID()
            const told = yield* Effect.forEach(
              [...people].filter((p) => p !== user.id),
              (recipient) =>
                Effect.map(
                  notifications.create(trx, {
                    userId: recipient,
                    type: "notif_chats",
                    labId: pin.lab_id,
                    senderId: user.id,
                    eventId,
                    annotationId
                  }),
                  (notificationId) => ({ user_id: recipient, notification_id: notificationId })
                )
            )
            const row = yield* sql(() => replyById(trx, id))
            if (!row) return yield* Effect.die(new Error("comment reply vanished in its own transaction"))
            const written = toReply(row, true)
            yield* events.record(trx, {
              id: eventId,
              actorId: user.id,
              kind: "comment.replied",
              labId: pin.lab_id,
              payload: { reply: written, notifications: told }
            })
            return { written, slide: lab.row.name, mentions }
          })
        )
        yield* mail({
          labId: made.written.lab_id,
          slide: made.slide,
          annotationId,
          sender: made.written.author?.name || user.email,
          message: made.written.message,
          to: made.mentions
        })
        return made.written
      })

      const edit = Effect.fn("Comments.edit")(function* (user: AuthenticatedUser, replyId: string, payload: ReplyPayload) {
        const { text, asked } = yield* checked(payload)
        const made = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const { row, lab } = yield* replyFor(trx, user.id, replyId)
            yield* allowed(lab, user.id, "comment.edit", row.author_id === user.id)
            const people = yield* peopleOf(trx, row.lab_id, lab.row.owner_id)
            const mentions = asked.filter((id) => people.has(id) && id !== user.id)
            yield* sql(() =>
              trx
                .updateTable("comment_replies")
                .set({ message: text, mentions: JSON.stringify(mentions), edited_at: stamp() })
                .where("id", "=", replyId)
                .execute()
            )
            const updated = yield* sql(() => replyById(trx, replyId))
            if (!updated) return yield* Effect.die(new Error("comment reply vanished in its own transaction"))
            const written = toReply(updated, true)
            yield* events.record(trx, { actorId: user.id, kind: "comment.reply_edited", labId: row.lab_id, payload: { reply: written } })
            const before = new Set(toReply(row, true).mentions)
            return { written, slide: lab.row.name, added: mentions.filter((id) => !before.has(id)) }
          })
        )
        yield* mail({
          labId: made.written.lab_id,
          slide: made.slide,
          annotationId: made.written.annotation_id,
          sender: made.written.author?.name || user.email,
          message: made.written.message,
          to: made.added
        })
        return made.written
      })

      const remove = Effect.fn("Comments.remove")(function* (user: AuthenticatedUser, replyId: string) {
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const { row, lab } = yield* replyFor(trx, user.id, replyId)
            yield* allowed(lab, user.id, "comment.delete", row.author_id === user.id)
            yield* sql(() => trx.deleteFrom("comment_replies").where("id", "=", replyId).execute())
            yield* events.record(trx, {
              actorId: user.id,
              kind: "comment.reply_deleted",
              labId: row.lab_id,
              payload: { annotation_id: row.annotation_id, reply_id: replyId }
            })
          })
        )
      })

      const resolve = Effect.fn("Comments.resolve")(function* (user: AuthenticatedUser, annotationId: string, resolved: boolean) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const { pin, lab } = yield* pinFor(trx, user.id, annotationId)
            yield* allowed(lab, user.id, "comment.write")
            const state = { resolved: resolved ? 1 : 0, resolved_by: resolved ? user.id : null, resolved_at: resolved ? stamp() : null }
            yield* sql(() =>
              trx
                .insertInto("comment_threads")
                .values({ annotation_id: annotationId, lab_id: pin.lab_id, ...state })
                .onConflict((oc) => oc.column("annotation_id").doUpdateSet(state))
                .execute()
            )
            const thread = yield* recordThread(trx, annotationId)
            yield* events.record(trx, {
              actorId: user.id,
              kind: "comment.thread_resolved",
              labId: pin.lab_id,
              payload: {
                annotation_id: annotationId,
                resolved: thread.resolved,
                resolved_by: thread.resolved_by,
                resolved_at: thread.resolved_at
              }
            })
            return thread
          })
        )
      })

      return Comments.of({ threads, thread, reply, edit, remove, resolve })
    })
  )
}
