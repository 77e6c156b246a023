// /v2/comment/chat/ and /v2/comment/chat/read/ (src/contract/chat.ts): a slide's chat.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CHAT_LIMITS } from "../../src/contract/chat.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { Viewer } from "../../src/contract/viewer.ts"
import { Chat } from "../services/chat/Chat.ts"
import { ok } from "./envelope.ts"

export const ChatViewLive = HttpApiBuilder.group(
  Api,
  "chatView",
  Effect.fn(function* (handlers) {
    const chat = yield* Chat
    return handlers.handle("list", ({ query }) =>
      Effect.gen(function* () {
        const viewer = yield* Viewer
        const page = yield* chat.list(viewer.user?.id, query.lab_id, query.before, query.limit ?? CHAT_LIMITS.page)
        return ok({ results: page.results, meta: { next_cursor: page.next_cursor }, unread_count: page.unread_count, muted: page.muted })
      })
    )
  })
)

export const ChatLive = HttpApiBuilder.group(
  Api,
  "chat",
  Effect.fn(function* (handlers) {
    const chat = yield* Chat
    return handlers
      .handle("send", ({ payload }) =>
        Effect.gen(function* () {
          return ok(yield* chat.send(yield* CurrentUser, payload), "message sent")
        })
      )
      .handle("mute", ({ payload }) =>
        Effect.gen(function* () {
          const muted = yield* chat.mute(yield* CurrentUser, payload.lab_id, payload.muted)
          return ok({ muted }, muted ? "chat muted" : "chat unmuted")
        })
      )
      .handle("read", ({ payload }) =>
        Effect.gen(function* () {
          return ok({ unread_count: yield* chat.markRead(yield* CurrentUser, payload.lab_id) })
        })
      )
  })
)
