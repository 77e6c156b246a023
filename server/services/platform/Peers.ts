// The other processes of this server, as far as the services care: which one publishes the event
// log, and how a commit here wakes it. Alone (the default, and in tests) this process does it all.
import { Context, Layer } from "effect"
import type { Bus } from "../../cluster/bus.ts"

export class Peers extends Context.Service<
  Peers,
  {
    /** Whether this process publishes the event log: the only process, or worker 0 of a cluster. */
    readonly publishes: boolean
    /** Tells the publishing process that this one committed events (so it need not wait for its poll). */
    readonly wakePublisher: () => void
    /** In the publishing process: calls `listener` when another process committed. */
    readonly onWake: (listener: () => void) => () => void
  }
>()("preparat/Peers") {
  static readonly alone = Layer.succeed(Peers, Peers.of({ publishes: true, wakePublisher: () => {}, onWake: () => () => {} }))

  static readonly cluster = (bus: Bus) =>
    Layer.succeed(
      Peers,
      Peers.of({
        publishes: bus.index === 0,
        wakePublisher: () => bus.send({ kind: "preparat.wake-publisher" }),
        onWake: (listener) =>
          bus.onMessage((message) => {
            if (message.kind === "preparat.wake-publisher") listener()
          })
      })
    )
}
