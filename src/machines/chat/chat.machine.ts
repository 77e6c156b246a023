// A slide's chat: the newest page, older pages as the reader scrolls up, messages heard live, and
// the reader's own messages on their way. Sends are children of their own, so the reader can keep
// writing while one is out; a failed one stays in the outbox, marked, until it is sent again or
// dropped (spec: 'message failed to send'). While the chat is on screen what arrives is read at once
// (one POST .../read/, which also clears the slide's chat notifications); while it is not, others'
// messages count as unread for the tab's badge.
//
//   loading --done--> ready --older [a cursor]--> loadingOlder --done/error--> ready
//   loading --error--> failed --retry--> loading
//   anywhere: chat.received (deduplicated by id), chat.send [text fits, may write] -> outbox,
//   chat.sent / chat.sendFailed from the send's child, chat.resend, chat.discard, chat.visible;
//   the members to suggest for `@` come with the first page; chat.mute (a member): muted at once on
//   screen, PUT in the background, put back as it was if the PUT fails (chat.muteFailed)
import { assign, enqueueActions, setup } from "xstate"
import { CHAT_LIMITS, type ChatList, type ChatMessage } from "../../contract/chat.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import type { Collaborator } from "../../contract/labs.ts"
import { chatMembers, loadChat, markChatRead, muteChat, type SendChatError, sendChat } from "../../effects/chat/chat.ts"
import type { Notice } from "../../effects/Notice.ts"
import { failureFrom, fromEffect, fromEffectCallback } from "../support/fromEffect.ts"
import { Effect } from "effect"

export interface ChatInput {
  readonly labId: string
  /** Null for a visitor. */
  readonly userId: string | null
  /** A member: may send and has an unread count. */
  readonly canWrite: boolean
}

export interface Outgoing {
  readonly localId: string
  readonly text: string
  readonly mentions: ReadonlyArray<string>
  readonly status: "sending" | "failed"
}

export interface ChatContext extends ChatInput {
  /** Oldest first. */
  readonly messages: ReadonlyArray<ChatMessage>
  /** Give it for the page before the oldest shown; null once the first message is in. */
  readonly olderCursor: string | null
  readonly unread: number
  readonly visible: boolean
  readonly outbox: ReadonlyArray<Outgoing>
  readonly error: Notice | null
  /** Numbers the reader's messages before the server names them. */
  readonly sent: number
  /** Whom `@` suggests: the slide's members with an account (none for a visitor, or until loaded). */
  readonly members: ReadonlyArray<Collaborator>
  /** The reader muted the chat: its ordinary messages do not notify them (mentions still do). */
  readonly muted: boolean
}

export type ChatEvent =
  | { readonly type: "chat.older" }
  | { readonly type: "chat.retry" }
  | { readonly type: "chat.received"; readonly message: ChatMessage }
  | { readonly type: "chat.visible"; readonly visible: boolean }
  | { readonly type: "chat.send"; readonly text: string; readonly mentions: ReadonlyArray<string> }
  | { readonly type: "chat.sent"; readonly localId: string; readonly message: ChatMessage }
  | { readonly type: "chat.sendFailed"; readonly localId: string; readonly error: SendChatError }
  | { readonly type: "chat.resend"; readonly localId: string }
  | { readonly type: "chat.discard"; readonly localId: string }
  | { readonly type: "chat.mute"; readonly muted: boolean }
  | { readonly type: "chat.muteFailed"; readonly muted: boolean }

const sendingOf = (localId: string) => `send.${localId}`

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

/** Both lists in one, each message once, oldest first. */
export const merged = (a: ReadonlyArray<ChatMessage>, b: ReadonlyArray<ChatMessage>): ReadonlyArray<ChatMessage> => {
  const byId = new Map<string, ChatMessage>()
  for (const m of [...a, ...b]) byId.set(m.id, m)
  return [...byId.values()].sort(byTime)
}

/** What a send carries: the text as the server keeps it, or null when there is nothing to send. */
export const sendable = (text: string): string | null => {
  const trimmed = text.trim()
  return trimmed === "" || trimmed.length > CHAT_LIMITS.message ? null : trimmed
}

/** A page, and on the first one of a member's chat the members to suggest. */
export type Loaded = ChatList & { readonly members?: ReadonlyArray<Collaborator> | undefined }

const actors = {
  // The first page comes with whom `@` suggests (a member's chat only); suggestions are a help, not
  // the chat, so without them `@` suggests no one.
  load: fromEffect((input: { readonly labId: string; readonly before: string | null; readonly withMembers: boolean }) =>
    Effect.all([
      loadChat(input.labId, input.before),
      input.withMembers ? chatMembers(input.labId).pipe(Effect.orElseSucceed(() => [])) : Effect.succeed(undefined)
    ]).pipe(Effect.map(([page, members]): Loaded => ({ ...page, members })))
  ),
  // Each read is a child of its own (no id to reuse): a later one must not abort an earlier POST.
  markRead: fromEffectCallback((labId: string) => markChatRead(labId).pipe(Effect.ignore)),
  mute: fromEffectCallback((input: { readonly labId: string; readonly muted: boolean }, send: (event: ChatEvent) => void) =>
    muteChat(input.labId, input.muted).pipe(
      Effect.match({ onSuccess: () => undefined, onFailure: () => send({ type: "chat.muteFailed", muted: !input.muted }) })
    )
  ),
  send: fromEffectCallback((input: Outgoing & { readonly labId: string }, send: (event: ChatEvent) => void) =>
    sendChat(input.labId, input.text, input.mentions).pipe(
      Effect.match({
        onSuccess: (message) => send({ type: "chat.sent", localId: input.localId, message }),
        onFailure: (error) => send({ type: "chat.sendFailed", localId: input.localId, error })
      })
    )
  )
}

export const chatMachine = setup({
  types: { input: {} as ChatInput, context: {} as ChatContext, events: {} as ChatEvent },
  actors,
  guards: {
    hasOlder: ({ context }) => context.olderCursor !== null
  },
  actions: {
    showNewest: enqueueActions(({ context, enqueue }, page: Loaded) => {
      const readNow = context.visible && page.unread_count > 0
      enqueue.assign({
        messages: merged(page.results, context.messages),
        olderCursor: page.meta.next_cursor,
        unread: context.visible ? 0 : page.unread_count,
        error: null,
        members: page.members ?? context.members,
        muted: page.muted ?? context.muted
      })
      if (readNow) {
        enqueue.spawnChild("markRead", { input: context.labId })
      }
    }),
    showOlder: assign(({ context }, page: ChatList) => ({
      messages: merged(page.results, context.messages),
      olderCursor: page.meta.next_cursor,
      error: null
    })),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    receive: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "chat.received" || event.message.lab_id !== context.labId) return
      if (context.messages.some((m) => m.id === event.message.id)) return
      const mine = event.message.sender !== null && event.message.sender.id === context.userId
      const counts = context.canWrite && !mine
      enqueue.assign({
        messages: merged(context.messages, [event.message]),
        unread: counts && !context.visible ? context.unread + 1 : context.unread
      })
      if (counts && context.visible) {
        enqueue.spawnChild("markRead", { input: context.labId })
      }
    }),
    setVisible: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "chat.visible") return
      enqueue.assign({ visible: event.visible })
      if (event.visible && context.unread > 0 && context.canWrite) {
        enqueue.assign({ unread: 0 })
        enqueue.spawnChild("markRead", { input: context.labId })
      }
    }),
    send: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "chat.send" || !context.canWrite) return
      const text = sendable(event.text)
      if (text === null) return
      const outgoing: Outgoing = { localId: `local-${context.sent + 1}`, text, mentions: event.mentions, status: "sending" }
      enqueue.assign({ outbox: [...context.outbox, outgoing], sent: context.sent + 1 })
      enqueue.spawnChild("send", { id: sendingOf(outgoing.localId), input: { ...outgoing, labId: context.labId } })
    }),
    sent: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "chat.sent") return
      enqueue.stopChild(sendingOf(event.localId))
      enqueue.assign({
        outbox: context.outbox.filter((o) => o.localId !== event.localId),
        messages: merged(context.messages, [event.message])
      })
    }),
    sendFailed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "chat.sendFailed") return
      enqueue.stopChild(sendingOf(event.localId))
      enqueue.assign({ outbox: context.outbox.map((o) => (o.localId === event.localId ? { ...o, status: "failed" as const } : o)) })
    }),
    resend: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "chat.resend") return
      const failed = context.outbox.find((o) => o.localId === event.localId && o.status === "failed")
      if (failed === undefined) return
      enqueue.assign({ outbox: context.outbox.map((o) => (o === failed ? { ...o, status: "sending" as const } : o)) })
      enqueue.spawnChild("send", { id: sendingOf(failed.localId), input: { ...failed, status: "sending", labId: context.labId } })
    }),
    mute: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "chat.mute" || !context.canWrite || event.muted === context.muted) return
      enqueue.assign({ muted: event.muted })
      enqueue.stopChild("mute")
      enqueue.spawnChild("mute", { id: "mute", input: { labId: context.labId, muted: event.muted } })
    }),
    muteFailed: assign(({ event }) => (event.type === "chat.muteFailed" ? { muted: event.muted } : {})),
    discard: assign(({ context, event }) =>
      event.type === "chat.discard" ? { outbox: context.outbox.filter((o) => !(o.localId === event.localId && o.status === "failed")) } : {}
    )
  }
}).createMachine({
  id: "chat",
  context: ({ input }) => ({
    ...input,
    messages: [],
    olderCursor: null,
    unread: 0,
    visible: false,
    outbox: [],
    error: null,
    sent: 0,
    members: [],
    muted: false
  }),
  on: {
    "chat.received": { actions: "receive" },
    "chat.visible": { actions: "setVisible" },
    "chat.send": { actions: "send" },
    "chat.sent": { actions: "sent" },
    "chat.sendFailed": { actions: "sendFailed" },
    "chat.resend": { actions: "resend" },
    "chat.discard": { actions: "discard" },
    "chat.mute": { actions: "mute" },
    "chat.muteFailed": { actions: "muteFailed" }
  },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ labId: context.labId, before: null, withMembers: context.canWrite }),
        onDone: { target: "ready", actions: { type: "showNewest", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    failed: { on: { "chat.retry": { target: "loading" } } },
    ready: { on: { "chat.older": { guard: "hasOlder", target: "loadingOlder" } } },
    loadingOlder: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ labId: context.labId, before: context.olderCursor, withMembers: false }),
        onDone: { target: "ready", actions: { type: "showOlder", params: ({ event }) => event.output } },
        // What is shown stays; scrolling up again tries again.
        onError: { target: "ready", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    }
  }
})
