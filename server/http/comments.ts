// /v2/comment/threads/ and /v2/comment/replies/ (src/contract/comments.ts): comment threads.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { Viewer } from "../../src/contract/viewer.ts"
import { Comments } from "../services/comments/Comments.ts"
import { done, ok } from "./envelope.ts"

export const CommentsViewLive = HttpApiBuilder.group(
  Api,
  "commentsView",
  Effect.fn(function* (handlers) {
    const comments = yield* Comments
    return handlers
      .handle("threads", ({ query }) =>
        Effect.gen(function* () {
          const viewer = yield* Viewer
          return ok({ results: yield* comments.threads(viewer.user?.id, query.lab_id, query.status === "unresolved") })
        })
      )
      .handle("thread", ({ params }) =>
        Effect.gen(function* () {
          const viewer = yield* Viewer
          return ok(yield* comments.thread(viewer.user?.id, params.annotationId))
        })
      )
  })
)

export const CommentsLive = HttpApiBuilder.group(
  Api,
  "comments",
  Effect.fn(function* (handlers) {
    const comments = yield* Comments
    return handlers
      .handle("reply", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(yield* comments.reply(yield* CurrentUser, params.annotationId, payload), "reply sent")
        })
      )
      .handle("edit", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(yield* comments.edit(yield* CurrentUser, params.id, payload), "reply changed")
        })
      )
      .handle("remove", ({ params }) =>
        Effect.gen(function* () {
          yield* comments.remove(yield* CurrentUser, params.id)
          return done("reply deleted")
        })
      )
      .handle("resolve", ({ params, payload }) =>
        Effect.gen(function* () {
          const thread = yield* comments.resolve(yield* CurrentUser, params.annotationId, payload.resolved)
          return ok(thread, thread.resolved ? "thread resolved" : "thread reopened")
        })
      )
  })
)
