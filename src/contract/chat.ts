// /v2/comment/chat/: a slide's chat (the spec's path; "comment" is its word for the conversation on a
// slide). Messages come newest page first, each page oldest to newest, so the panel shows the newest
// at the bottom and prepends an older page as the reader scrolls up (`before` is the cursor: the id of
// the oldest message loaded). Who may read and write is in src/contract/permissions.ts (`chatRefusal`).
// A new message is `chat_{labId}` on the slide's channel (src/contract/realtime.ts).
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { Ok } from "./envelope.ts"
import { BadRequest, Forbidden, NotFound, Unauthorized } from "./errors.ts"
import { Authorization } from "./middleware.ts"
import { OptionalAuthorization } from "./viewer.ts"

export const CHAT_LIMITS = {
  /** Characters of one message, after trimming. */
  message: 2000,
  /** Messages per page unless asked otherwise, and at most. */
  page: 20,
  maxPage: 100,
  /** Members one message may mention. */
  mentions: 20
} as const

export const ChatSender = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  username: Schema.NullOr(Schema.String),
  avatar: Schema.NullOr(Schema.String)
})
export type ChatSender = typeof ChatSender.Type

export const ChatMessage = Schema.Struct({
  id: Schema.String,
  lab_id: Schema.String,
  /** Plain text: the SPA turns links into anchors and interprets nothing else. */
  message: Schema.String,
  created_at: Schema.String,
  /** Null once the sender's account is gone. */
  sender: Schema.NullOr(ChatSender),
  /** The sender's email; empty for a reader who is not a member (a public slide's visitor). */
  user_email: Schema.String,
  /** The user ids the message mentions (members of the slide). */
  mentions: Schema.Array(Schema.String)
})
export type ChatMessage = typeof ChatMessage.Type

export const ChatList = Schema.Struct({
  results: Schema.Array(ChatMessage),
  /** `next_cursor`: give it as `before` for the page before this one; null at the first message. */
  meta: Schema.Struct({ next_cursor: Schema.NullOr(Schema.String) }),
  /** Messages of others the reader has not read yet (0 for a visitor). */
  unread_count: Schema.Number,
  /** The reader muted this slide's chat: its messages do not notify them unless they mention them. */
  muted: Schema.optionalKey(Schema.Boolean)
})
export type ChatList = typeof ChatList.Type

const pageLimit = Schema.FiniteFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: CHAT_LIMITS.maxPage }))

export const ChatQuery = {
  lab_id: Schema.String,
  before: Schema.optional(Schema.String),
  limit: Schema.optional(pageLimit)
}

export const SendChatPayload = Schema.Struct({
  lab_id: Schema.String,
  message: Schema.String,
  /** Members picked from the `@` suggestions; anyone else is dropped. */
  mentions: Schema.optional(Schema.Array(Schema.String))
})
export type SendChatPayload = typeof SendChatPayload.Type

export const ChatReadPayload = Schema.Struct({ lab_id: Schema.String })

export const ChatMutePayload = Schema.Struct({ lab_id: Schema.String, muted: Schema.Boolean })

/** Reading needs no token on a public slide; a visitor reads only. */
export class ChatView extends HttpApiGroup.make("chatView")
  .add(
    HttpApiEndpoint.get("list", "/comment/chat/", {
      query: ChatQuery,
      success: Ok(ChatList),
      error: [BadRequest, Unauthorized, NotFound]
    })
  )
  .middleware(OptionalAuthorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Chat (reading)", description: "A slide's chat, newest page first" })) {}

export class Chat extends HttpApiGroup.make("chat")
  .add(
    HttpApiEndpoint.post("send", "/comment/chat/", {
      payload: SendChatPayload,
      success: Ok(ChatMessage),
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    }),
    /** The reader has seen the slide's chat: its unread count and its chat notifications are cleared. */
    HttpApiEndpoint.post("read", "/comment/chat/read/", {
      payload: ChatReadPayload,
      success: Ok(Schema.Struct({ unread_count: Schema.Number })),
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    }),
    /**
     * The reader mutes (or unmutes) the slide's chat, for themselves: its ordinary messages leave
     * them no notification; a message that mentions them still does.
     */
    HttpApiEndpoint.put("mute", "/comment/chat/mute/", {
      payload: ChatMutePayload,
      success: Ok(Schema.Struct({ muted: Schema.Boolean })),
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Chat", description: "Sending to a slide's chat, marking it read, muting it" })) {}
