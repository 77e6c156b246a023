// The signed-in user's notifications: the bell's unread count and the panel's list, five at a time. A
// realtime invitation, ownership transfer or comment reloads the first page and announces what is new,
// so the bell lights up and a toast shows without a reload.
//
//   loading --done--> ready --more [next page]--> loadingMore --> ready
//   ready/loadingMore --pushed--> refreshing --> ready (new unread ones announced)
//   a push while a first page is on its way marks it stale: another refresh follows it
//   loading --error--> failed --retry/pushed--> loading
//   notifications.open (anywhere): read at once on screen, PUT in the background; its outcome comes
//   back as notifications.marked or notifications.markFailed (with the typed error)
//   notifications.readAll (anywhere): every one read at once on screen, one POST in the background
import { Effect } from "effect"
import { assign, emit, enqueueActions, type EventObject, fromCallback, setup, stopChild } from "xstate"
import type { PageMeta } from "../../contract/envelope.ts"
import type { Notification } from "../../contract/notifications.ts"
import type { Heard } from "../../effects/realtime/heard.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { loadNotifications } from "../../effects/notifications/list.ts"
import { type MarkAllReadError, markAllNotificationsRead } from "../../effects/notifications/markAllRead.ts"
import { type MarkReadError, markNotificationRead } from "../../effects/notifications/markRead.ts"
import { failureFrom, fromEffect, fromEffectCallback } from "../support/fromEffect.ts"
import type { RealtimeActor } from "../realtime/realtime.machine.ts"
import { notificationChannel, ownershipChannel } from "../../contract/realtime.ts"

export type PushKind = "invite" | "ownership" | "chat" | "analysis"

/** The user's own realtime messages that bring a notification, and the kind of each (src/effects/realtime/heard.ts). */
const PUSHES = {
  "realtime.invite": "invite",
  "realtime.ownershipChanges": "ownership",
  "realtime.notifChat": "chat",
  "realtime.analysisEnded": "analysis"
} as const satisfies Partial<Record<Heard["type"], PushKind>>

type PushType = keyof typeof PUSHES

/** Which of the user's notifications a message announces, if any. */
export const pushKindOf = (userId: string, heard: Heard): PushKind | null =>
  heard.id === userId && Object.hasOwn(PUSHES, heard.type) ? PUSHES[heard.type as PushType] : null

export interface NotificationsInput {
  readonly userId: string
  /** Where realtime messages come from; null where there is none (tests, signed-out renders). */
  readonly realtime: RealtimeActor | null
}

export interface NotificationsContext extends NotificationsInput {
  readonly items: ReadonlyArray<Notification>
  /** The next page to load; null once the last one is in. */
  readonly nextPage: number | null
  readonly unread: number
  /** Why the first page, or the next one, could not be loaded. */
  readonly error: Notice | null
  /** Something was pushed while a first page was on its way: it may not be in it. */
  readonly stale: boolean
}

export type NotificationsEvent =
  | { readonly type: "notifications.more" }
  | { readonly type: "notifications.retry" }
  /** The user clicked it: it is read from now on (the view navigates). */
  | { readonly type: "notifications.open"; readonly id: string }
  /**
   * Something new was published on the user's channels, or ("subscribed") one of them has just been
   * let in: what was published before that, since the first page was asked for, was not heard.
   */
  | { readonly type: "notifications.pushed"; readonly kind: PushKind | "subscribed" }
  /** The PUT behind an open was taken. */
  | { readonly type: "notifications.marked"; readonly id: string }
  /** The PUT behind an open failed, with why (NotFound: it is gone; no answer; a server error). */
  | { readonly type: "notifications.markFailed"; readonly id: string; readonly error: MarkReadError }
  /** "Mark all as read": every notification is read from now on. */
  | { readonly type: "notifications.readAll" }
  /** The POST behind readAll was taken, or failed (the next load shows what the server holds). */
  | { readonly type: "notifications.allMarked" }
  | { readonly type: "notifications.markAllFailed"; readonly error: MarkAllReadError }

export type NotificationsEmitted = { readonly type: "notifications.arrived"; readonly notification: Notification }

type Page = { readonly results: ReadonlyArray<Notification>; readonly meta: PageMeta; readonly unread_count: number }

/** Hands the user's realtime notices to the machine as notifications.pushed. */
const pushes = fromCallback<EventObject, NotificationsInput>(({ input, sendBack }) => {
  if (input.realtime === null) return
  const { realtime } = input
  const subscriptions = (Object.keys(PUSHES) as ReadonlyArray<PushType>).map((type) =>
    realtime.on(type, (heard) => {
      const kind = pushKindOf(input.userId, heard)
      if (kind !== null) sendBack({ type: "notifications.pushed", kind } satisfies NotificationsEvent)
    })
  )
  // An invitation sent between the first page's read and the channel's subscription (a slow socket
  // after sign-in) is heard by no one: the first page is read again once the channel is live.
  const own = [notificationChannel(input.userId), ownershipChannel(input.userId)]
  const live = realtime.on("realtime.subscribed", ({ channel }) => {
    if (own.includes(channel)) sendBack({ type: "notifications.pushed", kind: "subscribed" } satisfies NotificationsEvent)
  })
  return () => {
    live.unsubscribe()
    for (const subscription of subscriptions) subscription.unsubscribe()
  }
})

/** The id of the child marking every notification read; one at a time. */
const MARK_ALL = "markAllRead"

/** The id of the child marking notification `id` read; one at most, since only an unread one is marked. */
const markingOf = (id: string) => `markRead.${id}`

const withoutDuplicates = (items: ReadonlyArray<Notification>): ReadonlyArray<Notification> => {
  const seen = new Set<string>()
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id))
}

const actors = {
  load: fromEffect((page: number) => loadNotifications(page)),
  // Reports how the PUT ended as an event, its typed error included, for the machine to decide.
  markRead: fromEffectCallback((id: string, send: (event: NotificationsEvent) => void) =>
    markNotificationRead(id).pipe(
      Effect.match({
        onSuccess: () => send({ type: "notifications.marked", id }),
        onFailure: (error) => send({ type: "notifications.markFailed", id, error })
      })
    )
  ),
  markAllRead: fromEffectCallback((_: undefined, send: (event: NotificationsEvent) => void) =>
    markAllNotificationsRead().pipe(
      Effect.match({
        onSuccess: () => send({ type: "notifications.allMarked" }),
        onFailure: (error) => send({ type: "notifications.markAllFailed", error })
      })
    )
  ),
  pushes
}

export const notificationsMachine = setup({
  types: {
    input: {} as NotificationsInput,
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsEmitted
  },
  actors,
  guards: {
    hasNext: ({ context }) => context.nextPage !== null,
    stale: ({ context }) => context.stale
  },
  actions: {
    showFirstPage: assign((_, page: Page) => ({
      items: page.results,
      nextPage: page.meta.next_page,
      unread: page.unread_count,
      error: null
    })),
    appendPage: assign(({ context }, page: Page) => ({
      // New notifications push older ones down a page, so the next page may repeat a few.
      items: withoutDuplicates([...context.items, ...page.results]),
      nextPage: page.meta.next_page,
      unread: page.unread_count,
      error: null
    })),
    /** A fresh first page on top of what was loaded; pages further down stay. */
    mergeFirstPage: assign(({ context }, page: Page) => ({
      items: withoutDuplicates([...page.results, ...context.items]),
      nextPage: context.items.length > page.results.length ? context.nextPage : page.meta.next_page,
      unread: page.unread_count
    })),
    announceArrivals: enqueueActions(({ context, enqueue }, page: Page) => {
      const known = new Set(context.items.map((item) => item.id))
      for (const notification of page.results) {
        if (!known.has(notification.id) && !notification.is_read) enqueue(emit({ type: "notifications.arrived", notification }))
      }
    }),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
    /**
     * Read on screen at once and the PUT sent on its own: the user is on their way (spec: navigation
     * follows whatever the PUT answers), and a failed PUT shows as unread again on the next load.
     */
    open: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "notifications.open") return
      const target = context.items.find((item) => item.id === event.id)
      if (target === undefined || target.is_read) return
      enqueue.assign({
        items: context.items.map((item) => (item.id === event.id ? { ...item, is_read: true } : item)),
        unread: Math.max(0, context.unread - 1)
      })
      enqueue.spawnChild("markRead", { id: markingOf(event.id), input: event.id })
    }),
    /**
     * The PUT is over; a failed one changes nothing on screen: the user is on their way, and the next
     * load shows the notification as the server holds it (unread again, or gone).
     */
    /** Every listed one read on screen, the unread count to zero, and one POST for all of them. */
    readAll: enqueueActions(({ context, enqueue }) => {
      if (context.unread === 0 && context.items.every((item) => item.is_read)) return
      enqueue.assign({ items: context.items.map((item) => (item.is_read ? item : { ...item, is_read: true })), unread: 0 })
      // Nothing is unread once this has run, so a POST still on its way is the only other one.
      enqueue.stopChild(MARK_ALL)
      enqueue.spawnChild("markAllRead", { id: MARK_ALL })
    }),
    forgetMarkingAll: stopChild(MARK_ALL),
    forgetMarking: stopChild(({ event }) =>
      event.type === "notifications.marked" || event.type === "notifications.markFailed" ? markingOf(event.id) : ""
    )
  }
}).createMachine({
  id: "notifications",
  context: ({ input }) => ({ ...input, items: [], nextPage: null, unread: 0, error: null, stale: false }),
  invoke: { id: "pushes", src: "pushes", input: ({ context }) => ({ userId: context.userId, realtime: context.realtime }) },
  on: {
    "notifications.open": { actions: "open" },
    "notifications.marked": { actions: "forgetMarking" },
    "notifications.markFailed": { actions: "forgetMarking" },
    "notifications.readAll": { actions: "readAll" },
    "notifications.allMarked": { actions: "forgetMarkingAll" },
    "notifications.markAllFailed": { actions: "forgetMarkingAll" }
  },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: () => 1,
        onDone: [
          { guard: "stale", target: "refreshing", actions: [{ type: "showFirstPage", params: ({ event }) => event.output }, "clearStale"] },
          { target: "ready", actions: { type: "showFirstPage", params: ({ event }) => event.output } }
        ],
        onError: { target: "failed", actions: [{ type: "showFailure", params: failureFrom(actors.load) }, "clearStale"] }
      },
      on: { "notifications.pushed": { actions: "markStale" } }
    },
    failed: {
      on: { "notifications.retry": { target: "loading" }, "notifications.pushed": { target: "loading" } }
    },
    ready: {
      on: {
        "notifications.more": { guard: "hasNext", target: "loadingMore" },
        "notifications.pushed": { target: "refreshing" }
      }
    },
    loadingMore: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.nextPage ?? 1,
        onDone: { target: "ready", actions: { type: "appendPage", params: ({ event }) => event.output } },
        onError: { target: "ready", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      },
      on: { "notifications.pushed": { target: "refreshing" } }
    },
    refreshing: {
      invoke: {
        id: "load",
        src: "load",
        input: () => 1,
        onDone: [
          {
            guard: "stale",
            target: "refreshing",
            reenter: true,
            actions: [
              { type: "announceArrivals", params: ({ event }) => event.output },
              { type: "mergeFirstPage", params: ({ event }) => event.output },
              "clearStale"
            ]
          },
          {
            target: "ready",
            actions: [
              { type: "announceArrivals", params: ({ event }) => event.output },
              { type: "mergeFirstPage", params: ({ event }) => event.output }
            ]
          }
        ],
        // What was shown stays; the next push tries again.
        onError: { target: "ready", actions: "clearStale" }
      },
      on: { "notifications.pushed": { actions: "markStale" } }
    }
  }
})
