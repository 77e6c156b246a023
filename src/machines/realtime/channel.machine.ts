// One realtime channel subscription (spawned by realtime.machine.ts, one per channel). pusher-js
// resubscribes by itself after a reconnection, so this actor mostly follows what it is told:
//
//   active.subscribing --subscribed--> active.subscribed --message--> (delivered to the inbox)
//                      --refused-----> active.refused
//   subscribed/refused --suspend (connection lost)--> subscribing
//   entering subscribed tells the inbox (`channel.live`): whoever missed messages while the
//   subscription was down can read the state again.
//   close: subscribed/refused --> closed; subscribing --> unsubscribing, which waits for the
//   pending subscription's answer (a subscribe cannot be taken back before the server answers;
//   pusher-js then unsubscribes) before closing. Messages are only delivered while subscribed.
import { type AnyActorRef, assign, sendTo, setup } from "xstate"
import { listenChannel } from "../../effects/realtime/connection.ts"
import type { ChannelSignal, RealtimeConnection } from "../../effects/Realtime.ts"
import { fromEffectCallback } from "../support/fromEffect.ts"

/** What a channel hands to whoever spawned it. */
export type ChannelOutbound =
  | { readonly type: "channel.delivered"; readonly channel: string; readonly event: string; readonly data: unknown }
  /** `id` is the closed actor's, so the realtime actor forgets exactly that one. */
  | { readonly type: "channel.closed"; readonly channel: string; readonly id: string }
  /** The server let the subscription in (again): messages flow from here on. */
  | { readonly type: "channel.live"; readonly channel: string }

export interface ChannelInput {
  readonly channel: string
  readonly connection: RealtimeConnection
  /** Receives the channel's messages (the realtime actor). */
  readonly inbox: AnyActorRef
}

export interface ChannelContext extends ChannelInput {
  /** Why the last subscription was refused, while refused. */
  readonly refusal: string | null
}

export type ChannelEvent =
  | { readonly type: "channel.subscribed" }
  | { readonly type: "channel.refused"; readonly reason: string }
  | { readonly type: "channel.message"; readonly event: string; readonly data: unknown }
  /** The connection dropped: every subscription must be made again. */
  | { readonly type: "channel.suspend" }
  /** Nobody listens any more. */
  | { readonly type: "channel.close" }

const eventOf = (signal: ChannelSignal): ChannelEvent =>
  signal._tag === "Subscribed"
    ? { type: "channel.subscribed" }
    : signal._tag === "Refused"
      ? { type: "channel.refused", reason: signal.reason }
      : { type: "channel.message", event: signal.event, data: signal.data }

export const channelMachine = setup({
  types: {
    input: {} as ChannelInput,
    context: {} as ChannelContext,
    events: {} as ChannelEvent
  },
  actors: {
    subscription: fromEffectCallback<ChannelEvent, { readonly connection: RealtimeConnection; readonly channel: string }>((input, send) =>
      listenChannel(input.connection, input.channel, (signal) => send(eventOf(signal)))
    )
  },
  actions: {
    deliver: sendTo(
      ({ context }) => context.inbox,
      ({ context, event }) => ({
        type: "channel.delivered" as const,
        channel: context.channel,
        event: event.type === "channel.message" ? event.event : "",
        data: event.type === "channel.message" ? event.data : null
      })
    ),
    announceClosed: sendTo(
      ({ context }) => context.inbox,
      ({ context, self }) => ({ type: "channel.closed" as const, channel: context.channel, id: self.id })
    ),
    announceLive: sendTo(
      ({ context }) => context.inbox,
      ({ context }) => ({ type: "channel.live" as const, channel: context.channel })
    ),
    rememberRefusal: assign({ refusal: ({ event }) => (event.type === "channel.refused" ? event.reason : null) }),
    forgetRefusal: assign({ refusal: null })
  }
}).createMachine({
  id: "channel",
  context: ({ input }) => ({ ...input, refusal: null }),
  initial: "active",
  states: {
    active: {
      invoke: {
        id: "subscription",
        src: "subscription",
        input: ({ context }) => ({ connection: context.connection, channel: context.channel })
      },
      initial: "subscribing",
      states: {
        subscribing: {
          on: {
            "channel.subscribed": { target: "subscribed", actions: "forgetRefusal" },
            "channel.refused": { target: "refused", actions: "rememberRefusal" },
            "channel.close": { target: "unsubscribing" }
          }
        },
        subscribed: {
          tags: ["live"],
          entry: "announceLive",
          on: {
            "channel.message": { actions: "deliver" },
            "channel.suspend": { target: "subscribing" },
            "channel.close": { target: "#channel.closed" }
          }
        },
        refused: {
          on: {
            // pusher-js asks again after a reconnection, and may be let in this time.
            "channel.subscribed": { target: "subscribed", actions: "forgetRefusal" },
            "channel.suspend": { target: "subscribing" },
            "channel.close": { target: "#channel.closed" }
          }
        },
        unsubscribing: {
          on: {
            "channel.subscribed": { target: "#channel.closed" },
            "channel.refused": { target: "#channel.closed" },
            // The connection dropped: the server forgot the pending subscription with it.
            "channel.suspend": { target: "#channel.closed" }
          }
        }
      }
    },
    closed: { type: "final", entry: "announceClosed" }
  }
})
