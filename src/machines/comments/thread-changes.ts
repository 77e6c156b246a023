// How a comment thread's replies and state follow what happens to them: a reply sent here or heard
// live, changed, deleted, the thread resolved or reopened. Pure, so the rules are tested alone; the
// thread machine (thread.machine.ts) and the threads list (threads.machine.ts) both use them.
import type { CommentReply, CommentThread, Resolution } from "../../contract/comments.ts"
import type { CommentChanged } from "../../contract/realtime.ts"

const byTime = (a: CommentReply, b: CommentReply) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

/** The reply in its place (replacing one of the same id), oldest first. */
export const withReply = (replies: ReadonlyArray<CommentReply>, reply: CommentReply): ReadonlyArray<CommentReply> =>
  [...replies.filter((r) => r.id !== reply.id), reply].sort(byTime)

export const withoutReply = (replies: ReadonlyArray<CommentReply>, id: string): ReadonlyArray<CommentReply> =>
  replies.filter((r) => r.id !== id)

export const withResolution = (thread: CommentThread, resolution: Resolution): CommentThread => ({ ...thread, ...resolution })

export interface ThreadState {
  readonly thread: CommentThread
  readonly replies: ReadonlyArray<CommentReply>
}

/** A live change of this thread applied; one of another thread changes nothing. */
export const applyChange = (state: ThreadState, change: CommentChanged): ThreadState => {
  if (change.annotation_id !== state.thread.annotation_id) return state
  switch (change.action) {
    case "replied":
    case "edited": {
      if (change.reply === null) return state
      const replies = withReply(state.replies, change.reply)
      return { thread: { ...state.thread, replies_count: replies.length }, replies }
    }
    case "deleted": {
      if (change.reply_id === null) return state
      const replies = withoutReply(state.replies, change.reply_id)
      return { thread: { ...state.thread, replies_count: replies.length }, replies }
    }
    case "resolved":
      return change.resolution === null ? state : { ...state, thread: withResolution(state.thread, change.resolution) }
  }
}

/** What the reader may do to a reply: change its words (its author) and remove it (its author, owner, admin). */
export const mayChange = (reply: CommentReply, me: string | null, moderator: boolean) => {
  const mine = me !== null && reply.author !== null && reply.author.id === me
  return { edit: mine, remove: mine || moderator }
}
