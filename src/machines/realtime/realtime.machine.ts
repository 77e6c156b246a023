// The realtime connection of the signed-in user (docs/architecture.md, "Realtime"). pusher-js's
// connection states are this machine's states, driven by its `state_change` events:
//
//   idle --start--> session.configuring --config--> session.live.connecting --> connected
//   connected --connecting--> reconnecting; any live state --unavailable/failed/disconnected--> that state
//   session --stop--> idle (the connection is closed with the `live` state)
//
// Each channel is a child actor (channel.machine.ts), spawned while someone watches it; the user's
// own channels (notifications, ownership) are watched for the whole session. Channel messages are
// decoded once, here, and emitted by kind (`realtime.chatPosted`, `realtime.statusUpload`, ...;
// src/effects/realtime/heard.ts) for the actors and views that care.
import { type ActorRefFrom, assign, enqueueActions, type SnapshotFrom, setup } from "xstate"
import { type ClientConfig, notificationChannel, ownershipChannel } from "../../contract/realtime.ts"
import { loadRealtimeConfig } from "../../effects/realtime/config.ts"
import { type Heard, heardOf } from "../../effects/realtime/heard.ts"
import { type ConnectionReport, holdConnection } from "../../effects/realtime/connection.ts"
import type { ConnectionState, RealtimeConnection } from "../../effects/Realtime.ts"
import { type ChannelOutbound, channelMachine } from "./channel.machine.ts"
import { fromEffect } from "../support/fromEffect.ts"
import { fromEffectCallback } from "../support/fromEffect.ts"

export type ChannelRef = ActorRefFrom<typeof channelMachine>

export interface RealtimeContext {
  readonly userId: string | null
  readonly config: ClientConfig | null
  readonly connection: RealtimeConnection | null
  /** How many listeners each channel has. */
  readonly watchers: Readonly<Record<string, number>>
  /** The channel actor of each watched channel, once connected. */
  readonly channels: Readonly<Record<string, ChannelRef>>
  /** Channels told to close that have not finished yet. */
  readonly closing: ReadonlyArray<ChannelRef>
  /** Channel actors spawned so far: their ids stay unique when a channel is watched again. */
  readonly spawned: number
  /** Watched channels that have been subscribed at least once: a later subscription is a resumption. */
  readonly heard: ReadonlyArray<string>
}

/** pusher-js's own state names, as events. */
export type PusherStateEvent = { readonly type: `pusher.${ConnectionState}` }

export type RealtimeEvent =
  | { readonly type: "realtime.start"; readonly userId: string }
  | { readonly type: "realtime.stop" }
  | { readonly type: "realtime.watch"; readonly channel: string }
  | { readonly type: "realtime.unwatch"; readonly channel: string }
  /** Try again now after a failure, rather than when the pause is over. */
  | { readonly type: "realtime.retry" }
  | { readonly type: "connection.opened"; readonly connection: RealtimeConnection }
  | { readonly type: "connection.broken"; readonly message: string }
  | PusherStateEvent
  | ChannelOutbound

/** A message heard on a watched channel, decoded (src/effects/realtime/heard.ts). */
export type RealtimeMessage = Heard

/**
 * A channel's subscription was let in. `resumed` when it had been live before for its current
 * listeners: messages sent while it was down (a restarted server, a dropped connection) were lost,
 * so a listener that keeps state from them reads it again.
 */
export type RealtimeSubscribed = {
  readonly type: "realtime.subscribed"
  readonly channel: string
  readonly resumed: boolean
}

export type RealtimeEmitted = RealtimeMessage | RealtimeSubscribed

/** Waits before asking again for the config, and before reconnecting after a failure or refusal. */
export const CONFIG_RETRY_MS = 5000
export const RECONNECT_AFTER_MS = 30_000

const reportEvent = (report: ConnectionReport): RealtimeEvent =>
  report._tag === "Opened"
    ? { type: "connection.opened", connection: report.connection }
    : report._tag === "Broken"
      ? { type: "connection.broken", message: report.message }
      : { type: `pusher.${report.state}` }

const userChannels = (userId: string): ReadonlyArray<string> => [notificationChannel(userId), ownershipChannel(userId)]

/** Adds `by` listeners to each channel; a channel left with none is dropped. */
const countAll = (watchers: Readonly<Record<string, number>>, channels: ReadonlyArray<string>, by: number) => {
  const next: Record<string, number> = { ...watchers }
  for (const channel of channels) {
    const count = (next[channel] ?? 0) + by
    if (count > 0) next[channel] = count
    else delete next[channel]
  }
  return next
}

const channelId = (channel: string, sequence: number) => `channel:${channel}:${sequence}`

export const realtimeMachine = setup({
  types: {
    context: {} as RealtimeContext,
    events: {} as RealtimeEvent,
    emitted: {} as RealtimeEmitted
  },
  actors: {
    loadConfig: fromEffect(() => loadRealtimeConfig()),
    connection: fromEffectCallback<RealtimeEvent, ClientConfig>((config, send) =>
      holdConnection(config, (report) => send(reportEvent(report)))
    ),
    channel: channelMachine
  },
  actions: {
    /** Screens may start watching before the session is known; the user's own channels join them. */
    startSession: assign(({ context, event }) =>
      event.type === "realtime.start" ? { userId: event.userId, watchers: countAll(context.watchers, userChannels(event.userId), 1) } : {}
    ),
    endSession: assign(({ context }) => ({
      userId: null,
      config: null,
      heard: [],
      watchers: context.userId === null ? context.watchers : countAll(context.watchers, userChannels(context.userId), -1)
    })),
    setConfig: assign((_, config: ClientConfig) => ({ config })),
    /** Counts a listener; spawns the channel's actor if connected and it has none. */
    watch: assign(({ context, event, spawn, self }) => {
      if (event.type !== "realtime.watch") return {}
      const watchers = { ...context.watchers, [event.channel]: (context.watchers[event.channel] ?? 0) + 1 }
      const connection = context.connection
      if (connection === null || context.channels[event.channel] !== undefined) return { watchers }
      const ref = spawn("channel", {
        id: channelId(event.channel, context.spawned),
        input: { channel: event.channel, connection, inbox: self }
      })
      return { watchers, channels: { ...context.channels, [event.channel]: ref }, spawned: context.spawned + 1 }
    }),
    /** Drops a listener; the last one to leave closes the channel. */
    unwatch: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "realtime.unwatch") return
      const left = (context.watchers[event.channel] ?? 0) - 1
      const { [event.channel]: _gone, ...others } = context.watchers
      if (left > 0) return enqueue.assign({ watchers: { ...others, [event.channel]: left } })
      const ref = context.channels[event.channel]
      const { [event.channel]: _closed, ...open } = context.channels
      if (ref) enqueue.sendTo(ref, { type: "channel.close" })
      enqueue.assign({
        watchers: others,
        channels: open,
        closing: ref ? [...context.closing, ref] : context.closing,
        heard: context.heard.filter((channel) => channel !== event.channel)
      })
    }),
    /** Once connected, every watched channel gets its actor. */
    openChannels: assign(({ context, event, spawn, self }) => {
      if (event.type !== "connection.opened") return {}
      const channels = { ...context.channels }
      let spawned = context.spawned
      for (const channel of Object.keys(context.watchers)) {
        channels[channel] ??= spawn("channel", {
          id: channelId(channel, spawned++),
          input: { channel, connection: event.connection, inbox: self }
        })
      }
      return { connection: event.connection, channels, spawned }
    }),
    suspendChannels: enqueueActions(({ context, enqueue }) => {
      for (const ref of [...Object.values(context.channels), ...context.closing]) enqueue.sendTo(ref, { type: "channel.suspend" })
    }),
    forgetClosed: assign(({ context, event }) =>
      event.type === "channel.closed" ? { closing: context.closing.filter((ref) => ref.id !== event.id) } : {}
    ),
    /** The connection is gone: so are its channels (they are spawned again on the next one). */
    dropChannels: enqueueActions(({ context, enqueue }) => {
      for (const ref of [...Object.values(context.channels), ...context.closing]) enqueue.stopChild(ref)
      enqueue.assign({ connection: null, channels: {}, closing: [] })
    }),
    /** Says a channel is live, and whether it is live again; remembers it was heard. */
    announceLive: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "channel.live" || context.watchers[event.channel] === undefined) return
      const resumed = context.heard.includes(event.channel)
      enqueue.emit({ type: "realtime.subscribed", channel: event.channel, resumed })
      if (!resumed) enqueue.assign({ heard: [...context.heard, event.channel] })
    }),
    /** Decodes a message once, here, and emits it by its kind; one that does not decode is dropped. */
    relay: enqueueActions(({ event, enqueue }) => {
      if (event.type !== "channel.delivered") return
      const heard = heardOf(event.channel, event.event, event.data)
      if (heard !== null) enqueue.emit(heard)
    })
  }
}).createMachine({
  id: "realtime",
  context: { userId: null, config: null, connection: null, watchers: {}, channels: {}, closing: [], spawned: 0, heard: [] },
  initial: "idle",
  // Screens watch channels whether or not anyone is signed in yet; channels open once connected.
  on: {
    "realtime.watch": { actions: "watch" },
    "realtime.unwatch": { actions: "unwatch" },
    "channel.closed": { actions: "forgetClosed" }
  },
  states: {
    idle: {
      on: { "realtime.start": { target: "session", actions: "startSession" } }
    },
    session: {
      exit: "endSession",
      on: {
        "realtime.stop": { target: "idle" },
        // Another account signed in without a sign-out in between: start over for it.
        "realtime.start": { target: "session", reenter: true, actions: "startSession" },
        "channel.delivered": { actions: "relay" },
        "channel.live": { actions: "announceLive" }
      },
      initial: "configuring",
      states: {
        configuring: {
          invoke: {
            id: "loadConfig",
            src: "loadConfig",
            onDone: { target: "live", actions: { type: "setConfig", params: ({ event }) => event.output } },
            onError: { target: "waiting" }
          }
        },
        /** The server could not say where to connect; ask again after a pause. */
        waiting: {
          after: { [CONFIG_RETRY_MS]: { target: "configuring" } },
          on: { "realtime.retry": { target: "configuring" } }
        },
        live: {
          invoke: { id: "connection", src: "connection", input: ({ context }) => context.config as ClientConfig },
          exit: "dropChannels",
          on: {
            "connection.opened": { actions: "openChannels" },
            "connection.broken": { target: ".failed" }
          },
          initial: "connecting",
          states: {
            connecting: {
              on: {
                "pusher.connected": { target: "connected" },
                "pusher.unavailable": { target: "unavailable" },
                "pusher.failed": { target: "failed" },
                "pusher.disconnected": { target: "disconnected" }
              }
            },
            connected: {
              tags: ["live"],
              exit: "suspendChannels",
              on: {
                "pusher.connecting": { target: "reconnecting" },
                "pusher.unavailable": { target: "unavailable" },
                "pusher.failed": { target: "failed" },
                "pusher.disconnected": { target: "disconnected" }
              }
            },
            /** The connection dropped; pusher-js is connecting again. */
            reconnecting: {
              on: {
                "pusher.connected": { target: "connected" },
                "pusher.unavailable": { target: "unavailable" },
                "pusher.failed": { target: "failed" },
                "pusher.disconnected": { target: "disconnected" }
              }
            },
            /** No answer for a while (offline, server down); pusher-js keeps trying. */
            unavailable: {
              on: {
                "pusher.connecting": { target: "reconnecting" },
                "pusher.connected": { target: "connected" },
                "pusher.failed": { target: "failed" },
                "pusher.disconnected": { target: "disconnected" }
              }
            },
            /** No WebSocket here, or pusher-js could not be loaded: a fresh connection later. */
            failed: {
              after: { [RECONNECT_AFTER_MS]: { target: "#realtime.session.live", reenter: true } },
              on: {
                "realtime.retry": { target: "#realtime.session.live", reenter: true }
              }
            },
            /** The server closed the connection and asked not to reconnect right away. */
            disconnected: {
              after: { [RECONNECT_AFTER_MS]: { target: "#realtime.session.live", reenter: true } },
              on: {
                "pusher.connecting": { target: "reconnecting" },
                "realtime.retry": { target: "#realtime.session.live", reenter: true }
              }
            }
          }
        }
      }
    }
  }
})

export type RealtimeActor = ActorRefFrom<typeof realtimeMachine>

/** What the interface says about live updates. */
export type LiveStatus = "off" | "connecting" | "live" | "interrupted"

export const liveStatusOf = (snapshot: SnapshotFrom<typeof realtimeMachine>): LiveStatus =>
  snapshot.matches("idle")
    ? "off"
    : snapshot.hasTag("live")
      ? "live"
      : snapshot.matches({ session: "configuring" }) || snapshot.matches({ session: { live: "connecting" } })
        ? "connecting"
        : "interrupted"
