// The one adapter from a pusher-js client to Effect: connection states and channel signals as
// Streams. Every `bind` has its `unbind` in the same function, and a channel is unsubscribed only
// when its last listener leaves, so a screen that stops listening while another starts on the same
// channel never cuts the newcomer off. The live layer hands it a real pusher-js client, tests an
// in-memory one (FakePusher.ts).
import { Effect, Queue, Stream } from "effect"

/** pusher-js's connection states (https://pusher.com/docs/channels/using_channels/connection/#available-states). */
export type ConnectionState = "initialized" | "connecting" | "connected" | "unavailable" | "failed" | "disconnected"

const knownStates: ReadonlySet<string> = new Set<ConnectionState>([
  "initialized",
  "connecting",
  "connected",
  "unavailable",
  "failed",
  "disconnected"
])

/** An unknown state name (a newer pusher-js) is treated as still connecting rather than a crash. */
const asState = (name: string): ConnectionState => (knownStates.has(name) ? (name as ConnectionState) : "connecting")

/** What a channel subscription tells its listener. */
export type ChannelSignal =
  /** The server accepted the subscription (again after every reconnection). */
  | { readonly _tag: "Subscribed" }
  /** Authorisation was refused or failed; pusher-js tries again after a reconnection. */
  | { readonly _tag: "Refused"; readonly reason: string }
  | { readonly _tag: "Message"; readonly event: string; readonly data: unknown }

export interface RealtimeConnection {
  /** The current state, then every change. */
  readonly states: Stream.Stream<ConnectionState>
  /** Subscribes while the stream runs; the subscription ends when the stream does. */
  readonly channel: (name: string) => Stream.Stream<ChannelSignal>
}

type Callback = (...args: ReadonlyArray<never>) => void

/** A presence channel's members as pusher-js keeps them (https://pusher.com/docs/channels/using_channels/presence-channels/). */
export interface PusherMembersLike {
  each(callback: (member: { readonly id: string; readonly info: unknown }) => void): void
}

/**
 * What a presence channel's listeners are sent, as an app message, whenever its members change (and
 * with every subscription): `data` is every member, `{ id, info }`, themselves included. pusher-js
 * keeps the list from the protocol's member_added and member_removed; the name cannot collide with
 * a server event, which never contains a colon.
 */
export const PRESENCE_MEMBERS = "preparat:members"

/** The part of a pusher-js channel we use. */
export interface PusherChannelLike {
  readonly subscribed: boolean
  /** Only on presence channels. */
  readonly members?: PusherMembersLike
  bind(event: string, callback: Callback): unknown
  unbind(event: string, callback: Callback): unknown
  bind_global(callback: (event: string, data: unknown) => void): unknown
  unbind_global(callback: (event: string, data: unknown) => void): unknown
}

/** The part of a pusher-js client we use. */
export interface PusherLike {
  readonly connection: {
    readonly state: string
    bind(event: "state_change", callback: (change: { readonly previous: string; readonly current: string }) => void): unknown
    unbind(event: "state_change", callback: (change: { readonly previous: string; readonly current: string }) => void): unknown
  }
  subscribe(name: string): PusherChannelLike
  unsubscribe(name: string): void
  disconnect(): void
}

/** pusher-js reports a refusal as `{ type, error, status? }`; the embedded server as `{ message, code }`. */
const reasonOf = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    if ("error" in error && typeof error.error === "string") return error.error
    if ("message" in error && typeof error.message === "string") return error.message
  }
  return "refused"
}

/** Protocol events (`pusher:…`, `pusher_internal:…`) are handled by pusher-js, not the app. */
const isAppEvent = (event: string) => !event.startsWith("pusher:") && !event.startsWith("pusher_internal:")

/** pusher-js's events on a presence channel after which its members are read again. */
const MEMBER_EVENTS = ["pusher:subscription_succeeded", "pusher:member_added", "pusher:member_removed"] as const

export const connectionOver = (client: PusherLike): RealtimeConnection => {
  const listeners = new Map<string, number>()

  const states = Stream.callback<ConnectionState>((queue) =>
    Effect.acquireRelease(
      Effect.sync(() => {
        const onChange = (change: { readonly current: string }) => void Queue.offerUnsafe(queue, asState(change.current))
        Queue.offerUnsafe(queue, asState(client.connection.state))
        client.connection.bind("state_change", onChange)
        return onChange
      }),
      (onChange) => Effect.sync(() => client.connection.unbind("state_change", onChange))
    )
  )

  const channel = (name: string) =>
    Stream.callback<ChannelSignal>((queue) =>
      Effect.acquireRelease(
        Effect.sync(() => {
          listeners.set(name, (listeners.get(name) ?? 0) + 1)
          const subscription = client.subscribe(name)
          const onSubscribed = () => void Queue.offerUnsafe(queue, { _tag: "Subscribed" })
          const onError = (error: unknown) => void Queue.offerUnsafe(queue, { _tag: "Refused", reason: reasonOf(error) })
          const onEvent = (event: string, data: unknown) => {
            if (isAppEvent(event)) Queue.offerUnsafe(queue, { _tag: "Message", event, data })
          }
          // Bound after onSubscribed, so that the list follows the subscription it belongs to.
          const onMembers = () => {
            const members: Array<{ readonly id: string; readonly info: unknown }> = []
            subscription.members?.each(({ id, info }) => void members.push({ id, info }))
            Queue.offerUnsafe(queue, { _tag: "Message", event: PRESENCE_MEMBERS, data: members })
          }
          const presence = name.startsWith("presence-")
          subscription.bind("pusher:subscription_succeeded", onSubscribed)
          subscription.bind("pusher:subscription_error", onError as Callback)
          subscription.bind_global(onEvent)
          if (presence) for (const event of MEMBER_EVENTS) subscription.bind(event, onMembers)
          // Another listener may have subscribed already: pusher-js will not announce it twice.
          if (subscription.subscribed) {
            onSubscribed()
            if (presence) onMembers()
          }
          return { subscription, onSubscribed, onError, onEvent, onMembers }
        }),
        ({ subscription, onSubscribed, onError, onEvent, onMembers }) =>
          Effect.sync(() => {
            subscription.unbind("pusher:subscription_succeeded", onSubscribed)
            subscription.unbind("pusher:subscription_error", onError as Callback)
            subscription.unbind_global(onEvent)
            for (const event of MEMBER_EVENTS) subscription.unbind(event, onMembers)
            const left = (listeners.get(name) ?? 1) - 1
            if (left > 0) return void listeners.set(name, left)
            listeners.delete(name)
            client.unsubscribe(name)
          })
      )
    )

  return { states, channel }
}
