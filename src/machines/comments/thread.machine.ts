// One comment pin's thread, opened where the pin stands: its first comment and replies, loaded
// once and kept current by what is heard live (`comment_{labId}`); replying, editing one's own
// reply, deleting (one's own, or any as owner or admin), resolving and reopening. One call at a
// time; a failed one says so and leaves the thread as it was (a failed reply keeps its text, to
// send again).
//
//   loading --done--> open.idle        loading --error--> error --retry--> loading
//   open.idle --reply [may write, text fits]--> open.replying --done/error--> open.idle
//   open.idle --edit [own reply]--> open.editing --save [text fits]--> open.saving --done--> open.idle
//                                   open.editing --cancel--> open.idle       open.saving --error--> open.editing
//   open.idle --delete [may delete]--> open.deleting --done/error--> open.idle
//   open.idle --resolve [may write]--> open.resolving --done/error--> open.idle
//   open (any): thread.changed applies a live change
import { assign, setup } from "xstate"
import type { CommentReply, CommentThread, ThreadWithReplies } from "../../contract/comments.ts"
import type { CommentChanged } from "../../contract/realtime.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { deleteReply, editReply, loadThread, resolveThread, sendReply } from "../../effects/comments/comments.ts"
import type { Notice } from "../../effects/Notice.ts"
import { sendable } from "../chat/chat.machine.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { applyChange, mayChange, withoutReply, withReply, withResolution } from "./thread-changes.ts"

export interface ThreadInput {
  readonly annotationId: string
  /** Null for a visitor. */
  readonly userId: string | null
  /** A member: may reply and resolve. */
  readonly canWrite: boolean
  /** Owner or admin: may delete any reply. */
  readonly moderator: boolean
}

export interface Draft {
  readonly text: string
  readonly mentions: ReadonlyArray<string>
}

export interface ThreadContext extends ThreadInput {
  readonly thread: CommentThread | null
  /** Oldest first. */
  readonly replies: ReadonlyArray<CommentReply>
  /** Why the thread could not be loaded, or the last call failed. */
  readonly error: Notice | null
  /** The reply being sent, or the one that failed (to send again). */
  readonly outgoing: Draft | null
  /** The reply being edited, or deleted. */
  readonly target: string | null
}

export type ThreadEvent =
  | { readonly type: "thread.retry" }
  | { readonly type: "thread.reply"; readonly text: string; readonly mentions: ReadonlyArray<string> }
  | { readonly type: "thread.edit"; readonly replyId: string }
  | { readonly type: "thread.cancel" }
  | { readonly type: "thread.save"; readonly text: string; readonly mentions: ReadonlyArray<string> }
  | { readonly type: "thread.delete"; readonly replyId: string }
  | { readonly type: "thread.resolve"; readonly resolved: boolean }
  | { readonly type: "thread.changed"; readonly change: CommentChanged }
  | { readonly type: "thread.dismiss" }

const actors = {
  load: fromEffect((annotationId: string) => loadThread(annotationId)),
  reply: fromEffect((input: { readonly annotationId: string } & Draft) => sendReply(input.annotationId, input.text, input.mentions)),
  save: fromEffect((input: { readonly id: string } & Draft) => editReply(input.id, input.text, input.mentions)),
  remove: fromEffect((id: string) => deleteReply(id)),
  resolve: fromEffect((input: { readonly annotationId: string; readonly resolved: boolean }) =>
    resolveThread(input.annotationId, input.resolved)
  )
}

const replyOf = (context: ThreadContext, id: string) => context.replies.find((r) => r.id === id)

export const threadMachine = setup({
  types: { input: {} as ThreadInput, context: {} as ThreadContext, events: {} as ThreadEvent },
  actors,
  guards: {
    mayReply: ({ context, event }) => event.type === "thread.reply" && context.canWrite && sendable(event.text) !== null,
    mayEdit: ({ context, event }) => {
      if (event.type !== "thread.edit") return false
      const reply = replyOf(context, event.replyId)
      return reply !== undefined && mayChange(reply, context.userId, context.moderator).edit
    },
    mayDelete: ({ context, event }) => {
      if (event.type !== "thread.delete") return false
      const reply = replyOf(context, event.replyId)
      return reply !== undefined && mayChange(reply, context.userId, context.moderator).remove
    },
    mayResolve: ({ context, event }) =>
      event.type === "thread.resolve" && context.canWrite && context.thread !== null && context.thread.resolved !== event.resolved,
    fits: ({ event }) => event.type === "thread.save" && sendable(event.text) !== null
  },
  actions: {
    show: assign((_, loaded: ThreadWithReplies) => ({ thread: loaded.thread, replies: loaded.replies, error: null })),
    fail: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    queue: assign(({ event }) =>
      event.type === "thread.reply" ? { outgoing: { text: sendable(event.text) ?? "", mentions: event.mentions }, error: null } : {}
    ),
    added: assign(({ context }, reply: CommentReply) => {
      const replies = withReply(context.replies, reply)
      return {
        replies,
        thread: context.thread === null ? null : { ...context.thread, replies_count: replies.length },
        outgoing: null
      }
    }),
    aim: assign(({ event }) =>
      event.type === "thread.edit" || event.type === "thread.delete" ? { target: event.replyId, error: null } : {}
    ),
    changed: assign(({ context }, reply: CommentReply) => ({ replies: withReply(context.replies, reply), target: null })),
    removed: assign(({ context }, id: string) => {
      const replies = withoutReply(context.replies, id)
      return {
        replies,
        thread: context.thread === null ? null : { ...context.thread, replies_count: replies.length },
        target: null
      }
    }),
    // Only the resolution is taken: the replies shown are as current as the answer's count, or more.
    settled: assign(({ context }, thread: CommentThread) => ({
      thread:
        context.thread === null
          ? thread
          : withResolution(context.thread, { resolved: thread.resolved, resolved_by: thread.resolved_by, resolved_at: thread.resolved_at })
    })),
    forget: assign({ target: null }),
    dismiss: assign({ error: null }),
    apply: assign(({ context, event }) => {
      if (event.type !== "thread.changed" || context.thread === null) return {}
      return applyChange({ thread: context.thread, replies: context.replies }, event.change)
    })
  }
}).createMachine({
  id: "thread",
  context: ({ input }) => ({ ...input, thread: null, replies: [], error: null, outgoing: null, target: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.annotationId,
        onDone: { target: "open", actions: { type: "show", params: ({ event }) => event.output } },
        onError: { target: "error", actions: { type: "fail", params: failureFrom(actors.load) } }
      }
    },
    error: { on: { "thread.retry": { target: "loading" } } },
    open: {
      on: { "thread.changed": { actions: "apply" }, "thread.dismiss": { actions: "dismiss" } },
      initial: "idle",
      states: {
        idle: {
          on: {
            "thread.reply": { guard: "mayReply", target: "replying", actions: "queue" },
            "thread.edit": { guard: "mayEdit", target: "editing", actions: "aim" },
            "thread.delete": { guard: "mayDelete", target: "deleting", actions: "aim" },
            "thread.resolve": { guard: "mayResolve", target: "resolving", actions: "dismiss" }
          }
        },
        replying: {
          tags: ["busy"],
          invoke: {
            id: "reply",
            src: "reply",
            input: ({ context }) => ({
              annotationId: context.annotationId,
              text: context.outgoing?.text ?? "",
              mentions: context.outgoing?.mentions ?? []
            }),
            onDone: { target: "idle", actions: { type: "added", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: { type: "fail", params: failureFrom(actors.reply) } }
          }
        },
        editing: {
          on: {
            "thread.save": { guard: "fits", target: "saving", actions: "dismiss" },
            "thread.cancel": { target: "idle", actions: ["forget", "dismiss"] }
          }
        },
        saving: {
          tags: ["busy"],
          invoke: {
            id: "save",
            src: "save",
            input: ({ context, event }) => ({
              id: context.target ?? "",
              text: event.type === "thread.save" ? (sendable(event.text) ?? "") : "",
              mentions: event.type === "thread.save" ? event.mentions : []
            }),
            onDone: { target: "idle", actions: { type: "changed", params: ({ event }) => event.output } },
            onError: { target: "editing", actions: { type: "fail", params: failureFrom(actors.save) } }
          }
        },
        deleting: {
          tags: ["busy"],
          invoke: {
            id: "remove",
            src: "remove",
            input: ({ context }) => context.target ?? "",
            onDone: { target: "idle", actions: { type: "removed", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: ["forget", { type: "fail", params: failureFrom(actors.remove) }] }
          }
        },
        resolving: {
          tags: ["busy"],
          invoke: {
            id: "resolve",
            src: "resolve",
            input: ({ context, event }) => ({
              annotationId: context.annotationId,
              resolved: event.type === "thread.resolve" ? event.resolved : !(context.thread?.resolved ?? false)
            }),
            onDone: { target: "idle", actions: { type: "settled", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: { type: "fail", params: failureFrom(actors.resolve) } }
          }
        }
      }
    }
  }
})
