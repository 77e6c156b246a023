// /v2/comment/threads/ and /v2/comment/replies/: a comment annotation's conversation. A comment pin
// (an annotation whose W3C body has `purpose: "commenting"` entries) is a thread's first comment; its
// replies follow, oldest first. The thread may be marked resolved and reopened. Who may read, reply,
// edit, delete and resolve is in src/contract/permissions.ts ("comment.*"); every change is heard
// live as `comment_{labId}` on the slide's channel (src/contract/realtime.ts), and every other member
// is told by a `notif_chats` notification that names the thread (`annotation_id`).
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ChatSender } from "./chat.ts"
import { Ok } from "./envelope.ts"
import { BadRequest, Forbidden, NotFound, Unauthorized } from "./errors.ts"
import { Done } from "./labs.ts"
import { Authorization } from "./middleware.ts"
import { Text } from "./rules.ts"
import { OptionalAuthorization } from "./viewer.ts"

export const COMMENT_LIMITS = {
  /** Characters of one reply, after trimming. */
  reply: 2000,
  /** Members one reply may mention. */
  mentions: 20,
  /** Threads one list answers at most (a slide's comment pins, newest activity first). */
  threads: 500
} as const

export const CommentReply = Schema.Struct({
  id: Schema.String,
  annotation_id: Schema.String,
  lab_id: Schema.String,
  /** Plain text: the SPA turns links into anchors and interprets nothing else. */
  message: Schema.String,
  created_at: Schema.String,
  /** When its author last changed it; null if never. */
  edited_at: Schema.NullOr(Schema.String),
  /** Null once the author's account is gone. */
  author: Schema.NullOr(ChatSender),
  /** The author's email; empty for a reader who is not a member (a public slide's visitor). */
  user_email: Schema.String,
  /** The user ids the reply mentions (members of the slide). */
  mentions: Schema.Array(Schema.String)
})
export type CommentReply = typeof CommentReply.Type

/** Whether a thread is resolved, by whom and when (null while open). */
export const Resolution = Schema.Struct({
  resolved: Schema.Boolean,
  resolved_by: Schema.NullOr(ChatSender),
  resolved_at: Schema.NullOr(Schema.String)
})
export type Resolution = typeof Resolution.Type

export const CommentThread = Schema.Struct({
  annotation_id: Schema.String,
  lab_id: Schema.String,
  /** The pin's first comment. */
  comment: Schema.String,
  /** Who placed the pin; null once their account is gone. */
  author: Schema.NullOr(ChatSender),
  user_email: Schema.String,
  created_at: Schema.String,
  replies_count: Schema.Number,
  /** The newest reply's time, or the pin's own. */
  last_activity_at: Schema.String,
  ...Resolution.fields
})
export type CommentThread = typeof CommentThread.Type

export const ThreadWithReplies = Schema.Struct({
  thread: CommentThread,
  /** Oldest first. */
  replies: Schema.Array(CommentReply)
})
export type ThreadWithReplies = typeof ThreadWithReplies.Type

export const ThreadList = Schema.Struct({ results: Schema.Array(CommentThread) })
export type ThreadList = typeof ThreadList.Type

export const ThreadQuery = {
  lab_id: Text(64),
  /** "unresolved": only the open threads. */
  status: Schema.optional(Schema.Literals(["all", "unresolved"]))
}

export const ReplyPayload = Schema.Struct({
  message: Schema.String,
  /** Members picked from the `@` suggestions; anyone else is dropped. */
  mentions: Schema.optional(Schema.Array(Schema.String))
})
export type ReplyPayload = typeof ReplyPayload.Type

export const ResolvePayload = Schema.Struct({ resolved: Schema.Boolean })

const ThreadParams = { annotationId: Text(64) }
const ReplyParams = { id: Text(64) }

/** Reading needs no token on a public slide; a visitor reads only, without emails. */
export class CommentsView extends HttpApiGroup.make("commentsView")
  .add(
    HttpApiEndpoint.get("threads", "/comment/threads/", {
      query: ThreadQuery,
      success: Ok(ThreadList),
      error: [BadRequest, Unauthorized, NotFound]
    }),
    HttpApiEndpoint.get("thread", "/comment/threads/:annotationId/", {
      params: ThreadParams,
      success: Ok(ThreadWithReplies),
      error: [BadRequest, Unauthorized, NotFound]
    })
  )
  .middleware(OptionalAuthorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Comment threads (reading)", description: "A slide's comment threads and their replies" })) {}

export class Comments extends HttpApiGroup.make("comments")
  .add(
    HttpApiEndpoint.post("reply", "/comment/threads/:annotationId/replies/", {
      params: ThreadParams,
      payload: ReplyPayload,
      success: Ok(CommentReply),
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    }),
    HttpApiEndpoint.put("resolve", "/comment/threads/:annotationId/resolved/", {
      params: ThreadParams,
      payload: ResolvePayload,
      success: Ok(CommentThread),
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    }),
    /** Only its author changes a reply's words. */
    HttpApiEndpoint.patch("edit", "/comment/replies/:id/", {
      params: ReplyParams,
      payload: ReplyPayload,
      success: Ok(CommentReply),
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    }),
    /** Its author, or the slide's owner or an admin. */
    HttpApiEndpoint.delete("remove", "/comment/replies/:id/", {
      params: ReplyParams,
      success: Done,
      error: [BadRequest, Unauthorized, Forbidden, NotFound]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Comment threads", description: "Replying to, editing and resolving comment threads" })) {}
