// Sends events to browsers over Pusher channels: by default through the embedded server on this
// process (the hub), or, with PUSHER_* settings, through an external Pusher-compatible service via
// the official `pusher` SDK. Both speak the same protocol, so the browser cannot tell them apart.
import { Context, Effect, Layer } from "effect"
import PusherSdk from "pusher"
import type { RealtimeConfig } from "../../config.ts"
import type { Hub } from "../../realtime/hub.ts"
import { channelAuth } from "../../realtime/signature.ts"

export interface RealtimeMessage {
  readonly channel: string
  readonly event: string
  readonly data: unknown
}

export interface ClientConfig {
  readonly key: string
  readonly cluster: string
  /** Null: connect to the page's own host and port (the embedded server). */
  readonly host: string | null
  readonly port: number | null
  readonly tls: boolean | null
}

export class Realtime extends Context.Service<
  Realtime,
  {
    readonly publish: (messages: ReadonlyArray<RealtimeMessage>) => Effect.Effect<void>
    /**
     * What a client presents to subscribe to a private channel, authorised for `userId`; for a
     * presence channel, `userInfo` is what the other members are told about them.
     */
    readonly authorize: (
      socketId: string,
      channel: string,
      userId: string,
      userInfo?: unknown
    ) => { readonly auth: string; readonly channel_data?: string }
    readonly clientConfig: ClientConfig
  }
>()("preparat/Realtime") {
  static readonly embedded = (config: RealtimeConfig, hub: Hub) =>
    Layer.succeed(
      Realtime,
      Realtime.of({
        publish: (messages) =>
          Effect.sync(() => {
            for (const m of messages) hub.publish([m.channel], m.event, JSON.stringify(m.data))
          }),
        // The user is signed in, so the embedded server knows whose subscription it holds and can
        // end it when they lose access (access-revocation.ts).
        authorize: (socketId, channel, userId, userInfo) => {
          const channelData = JSON.stringify(userInfo === undefined ? { user_id: userId } : { user_id: userId, user_info: userInfo })
          return { auth: channelAuth(config, socketId, channel, channelData), channel_data: channelData }
        },
        clientConfig: { key: config.key, cluster: config.cluster, host: null, port: null, tls: null }
      })
    )

  static readonly external = (config: RealtimeConfig & { external: NonNullable<RealtimeConfig["external"]> }) => {
    const { external } = config
    const sdk = new PusherSdk({
      appId: config.appId,
      key: config.key,
      secret: config.secret,
      cluster: config.cluster,
      useTLS: external.useTLS,
      ...(external.host ? { host: external.host } : {}),
      ...(external.port ? { port: external.port } : {})
    })
    return Layer.succeed(
      Realtime,
      Realtime.of({
        // One event per call: the SDK's batch carries at most 10 and gains little at our volumes.
        publish: (messages) =>
          Effect.forEach(messages, (m) => Effect.promise(() => sdk.trigger(m.channel, m.event, m.data)), { discard: true, concurrency: 4 }),
        // Pusher signs private channels without channel data; such a service cannot be told to end
        // one subscription, so a user who loses access keeps hearing until their socket reconnects.
        // A presence channel's data names the member, as Pusher requires.
        authorize: (socketId, channel, userId, userInfo) => {
          if (userInfo === undefined) return { auth: channelAuth(config, socketId, channel) }
          const channelData = JSON.stringify({ user_id: userId, user_info: userInfo })
          return { auth: channelAuth(config, socketId, channel, channelData), channel_data: channelData }
        },
        clientConfig: {
          key: config.key,
          cluster: config.cluster,
          host: external.wsHost ?? null,
          port: external.wsPort ?? null,
          tls: external.useTLS
        }
      })
    )
  }
}
