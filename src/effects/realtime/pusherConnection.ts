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

/** The part of a pusher-js channel we use. */
export interface PusherChannelLike {
  readonly subscribed: boolean
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
          subscription.bind("pusher:subscription_succeeded", onSubscribed)
          subscription.bind("pusher:subscription_error", onError as Callback)
          subscription.bind_global(onEvent)
          // Another listener may have subscribed already: pusher-js will not announce it twice.
          if (subscription.subscribed) onSubscribed()
          return { subscription, onSubscribed, onError, onEvent }
        }),
        ({ subscription, onSubscribed, onError, onEvent }) =>
          Effect.sync(() => {
            subscription.unbind("pusher:subscription_succeeded", onSubscribed)
            subscription.unbind("pusher:subscription_error", onError as Callback)
            subscription.unbind_global(onEvent)
            const left = (listeners.get(name) ?? 1) - 1
            if (left > 0) return void listeners.set(name, left)
            listeners.delete(name)
            client.unsubscribe(name)
          })
      )
    )

  return { states, channel }
}
