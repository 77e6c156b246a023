// The realtime socket as an Effect service (docs/architecture.md, "Realtime"): pusher-js in the
// browser, an in-memory client in tests. A connection lives as long as the Scope it was opened in;
// closing the scope disconnects. pusher-js is loaded on first use, so signed-out pages never download
// it.
import { Context, Effect, Layer, Schema, type Scope } from "effect"
import type PusherClient from "pusher-js"
import type { ClientConfig } from "../contract/realtime.ts"
import { Api } from "./Api.ts"
import { authorizeChannel } from "./realtime/authorize.ts"
import { connectionOver, type PusherLike, type RealtimeConnection } from "./realtime/pusherConnection.ts"
import { pusherOptions } from "./realtime/pusherOptions.ts"

export type { ChannelSignal, ConnectionState, RealtimeConnection } from "./realtime/pusherConnection.ts"

/** pusher-js could not be loaded (offline while the chunk was still missing). */
export class RealtimeError extends Schema.TaggedError<RealtimeError>()("RealtimeError", { message: Schema.String }) {}

type PusherConstructor = typeof PusherClient.default

/**
 * pusher-js ships CommonJS: bundlers hand its class over as `default`, TypeScript's view of the
 * module nests it once more. Either way this is the class.
 */
const pusherClass = (module: { readonly default: unknown }): PusherConstructor => {
  const exported = module.default as { readonly default?: unknown }
  return (typeof exported === "function" ? exported : exported.default) as PusherConstructor
}

export class Realtime extends Context.Service<
  Realtime,
  { readonly connect: (config: ClientConfig) => Effect.Effect<RealtimeConnection, RealtimeError, Scope.Scope> }
>()("preparat/Realtime") {
  /** A connection over `client`, disconnected when the scope closes. */
  static readonly over = (client: Effect.Effect<PusherLike, RealtimeError>) =>
    Effect.acquireRelease(client, (opened) => Effect.sync(() => opened.disconnect())).pipe(Effect.map(connectionOver))

  static readonly layer = Layer.effect(
    Realtime,
    Effect.gen(function* () {
      const api = yield* Api
      const authorize = (socketId: string, channelName: string) =>
        Effect.runPromise(authorizeChannel(socketId, channelName).pipe(Effect.provideService(Api, api)))
      const open = (config: ClientConfig) =>
        Effect.tryPromise({
          try: () => import("pusher-js"),
          catch: (error) => new RealtimeError({ message: String(error) })
        }).pipe(
          Effect.map((module): PusherLike => new (pusherClass(module))(config.key, pusherOptions(config, window.location, authorize)))
        )
      return Realtime.of({ connect: Effect.fn("Realtime.connect")((config: ClientConfig) => Realtime.over(open(config))) })
    })
  )

  /** For tests: every connection is made over the given in-memory client. */
  static readonly test = (client: PusherLike) =>
    Layer.succeed(Realtime, Realtime.of({ connect: () => Realtime.over(Effect.succeed(client)) }))
}
