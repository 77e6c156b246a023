// A slide's chat (src/contract/chat.ts): a page before a cursor, sending, marking it read, and the
// slide's members for the `@` suggestions. Each fails with its typed error; the machine decides.
import { Effect } from "effect"
import { type CallError, call, endpoints } from "../call.ts"

export type SendChatError = CallError<typeof endpoints.chat.send>

export const loadChat = Effect.fn("Chat.list")(function* (labId: string, before: string | null) {
  const answer = yield* call(endpoints.chatView.list, { query: { lab_id: labId, ...(before === null ? {} : { before }) } })
  return answer.data
})

export const sendChat = Effect.fn("Chat.send")(function* (labId: string, message: string, mentions: ReadonlyArray<string>) {
  const answer = yield* call(endpoints.chat.send, { payload: { lab_id: labId, message, mentions: [...mentions] } })
  return answer.data
})

export const markChatRead = Effect.fn("Chat.read")(function* (labId: string) {
  yield* call(endpoints.chat.read, { payload: { lab_id: labId } })
})

/** Who may be mentioned: the slide's members with an account (the first hundred, by name). */
export const chatMembers = Effect.fn("Chat.members")(function* (labId: string) {
  const answer = yield* call(endpoints.members.list, { query: { lab_id: labId, limit: 100 } })
  return answer.data.results.filter((m) => m.user_id !== null && !m.is_pending)
})

/** Mutes (or unmutes) the slide's chat for the reader. */
export const muteChat = Effect.fn("Chat.mute")(function* (labId: string, muted: boolean) {
  const answer = yield* call(endpoints.chat.mute, { payload: { lab_id: labId, muted } })
  return answer.data.muted
})
