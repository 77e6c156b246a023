// Who listens to which channel, and delivery of one event to every listener. Pure bookkeeping:
// connections are anything that can send a frame, so the hub is tested without sockets.

export interface Listener {
  readonly socketId: string
  send(frame: string): void
}

export interface Hub {
  subscribe(channel: string, listener: Listener): void
  unsubscribe(channel: string, listener: Listener): void
  /** Drops a closed connection from every channel it was in. */
  remove(listener: Listener): void
  /** Sends to every subscriber of each channel, except the socket that caused the event. */
  publish(channels: ReadonlyArray<string>, event: string, data: string, exceptSocketId?: string): number
  channels(): ReadonlyArray<{ name: string; subscribers: number }>
}

export const makeHub = (): Hub => {
  const byChannel = new Map<string, Set<Listener>>()
  const byListener = new Map<Listener, Set<string>>()

  const unsubscribe = (channel: string, listener: Listener) => {
    byChannel.get(channel)?.delete(listener)
    if (byChannel.get(channel)?.size === 0) byChannel.delete(channel)
    byListener.get(listener)?.delete(channel)
  }

  return {
    subscribe(channel, listener) {
      const listeners = byChannel.get(channel) ?? new Set<Listener>()
      byChannel.set(channel, listeners.add(listener))
      const channels = byListener.get(listener) ?? new Set<string>()
      byListener.set(listener, channels.add(channel))
    },
    unsubscribe,
    remove(listener) {
      for (const channel of [...(byListener.get(listener) ?? [])]) unsubscribe(channel, listener)
      byListener.delete(listener)
    },
    publish(channels, event, data, exceptSocketId) {
      let delivered = 0
      for (const channel of channels) {
        const frame = JSON.stringify({ event, channel, data })
        for (const listener of byChannel.get(channel) ?? []) {
          if (listener.socketId === exceptSocketId) continue
          listener.send(frame)
          delivered++
        }
      }
      return delivered
    },
    channels: () => [...byChannel.entries()].map(([name, set]) => ({ name, subscribers: set.size }))
  }
}
