// Messages between the processes of one server (WORKERS > 1, node:cluster). A worker sends to the
// primary, which relays (primary.ts): realtime frames go to every other worker, so a socket on any
// process hears an event published on any other; a publisher wake goes to the one worker that
// publishes the event log.

export type PeerMessage =
  | {
      readonly kind: "preparat.realtime"
      readonly channels: ReadonlyArray<string>
      readonly event: string
      readonly data: string
      readonly except?: string | undefined
    }
  | { readonly kind: "preparat.wake-publisher" }

export const isPeerMessage = (value: unknown): value is PeerMessage =>
  typeof value === "object" &&
  value !== null &&
  ((value as { kind?: unknown }).kind === "preparat.realtime" || (value as { kind?: unknown }).kind === "preparat.wake-publisher")

/** A way to the other processes: of this server (the cluster's primary relays) or of every server (Redis). */
export interface Relay {
  readonly send: (message: PeerMessage) => void
  /** Calls `listener` for every message relayed to this process; returns the function that stops it. */
  readonly onMessage: (listener: (message: PeerMessage) => void) => () => void
}

export interface Bus extends Relay {
  /** This worker's index (0 publishes the event log). */
  readonly index: number
}

/** The bus of a cluster worker, or undefined when this process serves alone. */
export const workerBus = (): Bus | undefined => {
  const index = process.env.PREPARAT_WORKER_INDEX
  if (index === undefined || typeof process.send !== "function") return undefined
  const send = process.send.bind(process)
  return {
    index: Number(index),
    send: (message) => {
      send(message)
    },
    onMessage: (listener) => {
      const handle = (value: unknown) => {
        if (isPeerMessage(value)) listener(value)
      }
      process.on("message", handle)
      return () => process.off("message", handle)
    }
  }
}
