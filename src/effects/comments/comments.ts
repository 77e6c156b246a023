// Comment threads (src/contract/comments.ts): a slide's threads, one thread with its replies,
// replying, editing and deleting a reply, resolving or reopening. Each fails with its typed error;
// the machine decides.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const loadThreads = Effect.fn("Comments.threads")(function* (labId: string) {
  const answer = yield* call(endpoints.commentsView.threads, { query: { lab_id: labId } })
  return answer.data.results
})

export const loadThread = Effect.fn("Comments.thread")(function* (annotationId: string) {
  const answer = yield* call(endpoints.commentsView.thread, { params: { annotationId } })
  return answer.data
})

export const sendReply = Effect.fn("Comments.reply")(function* (annotationId: string, message: string, mentions: ReadonlyArray<string>) {
  const answer = yield* call(endpoints.comments.reply, { params: { annotationId }, payload: { message, mentions: [...mentions] } })
  return answer.data
})

export const editReply = Effect.fn("Comments.edit")(function* (id: string, message: string, mentions: ReadonlyArray<string>) {
  const answer = yield* call(endpoints.comments.edit, { params: { id }, payload: { message, mentions: [...mentions] } })
  return answer.data
})

export const deleteReply = Effect.fn("Comments.remove")(function* (id: string) {
  yield* call(endpoints.comments.remove, { params: { id } })
  return id
})

export const resolveThread = Effect.fn("Comments.resolve")(function* (annotationId: string, resolved: boolean) {
  const answer = yield* call(endpoints.comments.resolve, { params: { annotationId }, payload: { resolved } })
  return answer.data
})
