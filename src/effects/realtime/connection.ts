// Holds one realtime connection open for as long as it runs, reporting what happens to it: the
// connection object once opened (channel listeners need it), then every state change. Stopping it
// closes the scope, which disconnects.
import { Effect, Stream } from "effect"
import type { ClientConfig } from "../../contract/realtime.ts"
import { type ChannelSignal, type ConnectionState, Realtime, type RealtimeConnection } from "../Realtime.ts"

export type ConnectionReport =
  | { readonly _tag: "Opened"; readonly connection: RealtimeConnection }
  | { readonly _tag: "State"; readonly state: ConnectionState }
  | { readonly _tag: "Broken"; readonly message: string }

export const holdConnection = (config: ClientConfig, report: (r: ConnectionReport) => void) =>
  Effect.scoped(
    Effect.gen(function* () {
      const realtime = yield* Realtime
      const connection = yield* realtime.connect(config)
      report({ _tag: "Opened", connection })
      yield* Stream.runForEach(connection.states, (state) => Effect.sync(() => report({ _tag: "State", state })))
      return yield* Effect.never
    })
  ).pipe(
    Effect.catchTag("RealtimeError", (error) => Effect.sync(() => report({ _tag: "Broken", message: error.message }))),
    Effect.withSpan("Realtime.holdConnection")
  )

/** Listens to one channel until stopped, reporting each signal. */
export const listenChannel = (connection: RealtimeConnection, channel: string, report: (signal: ChannelSignal) => void) =>
  Stream.runForEach(connection.channel(channel), (signal) => Effect.sync(() => report(signal))).pipe(
    Effect.withSpan("Realtime.listenChannel", { attributes: { channel } })
  )
