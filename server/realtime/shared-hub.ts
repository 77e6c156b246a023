// The hub of one process among several: what it publishes also goes to the other processes over the
// relay (the cluster's bus, or Redis between servers), and what they publish arrives here, so every
// socket hears every event whichever process it is connected to. Subscriptions stay local (each
// process knows its own sockets).
import type { Relay } from "../cluster/bus.ts"
import type { Hub } from "./hub.ts"

export const shareHub = (local: Hub, bus: Relay): Hub => {
  bus.onMessage((message) => {
    if (message.kind === "preparat.realtime") local.publish(message.channels, message.event, message.data, message.except)
  })
  return {
    ...local,
    publish(channels, event, data, exceptSocketId) {
      bus.send({ kind: "preparat.realtime", channels, event, data, except: exceptSocketId })
      // Only this process's deliveries are counted; the others' happen on their own.
      return local.publish(channels, event, data, exceptSocketId)
    }
  }
}
