// Who listens to which channel, and delivery of one event to every listener. Pure bookkeeping:
// connections are anything that can send a frame, so the hub is tested without sockets.

export interface Listener {
  readonly socketId: string
  send(frame: string): void
  /** Closes the connection with a Pusher close code (session-revocation.ts ends sockets this way). */
  close(code: number, reason: string): void
}

/** What a published message was, for those who watch the traffic (access-revocation.ts). */
export type PublishWatcher = (channels: ReadonlyArray<string>, event: string, data: string) => void

export interface Subscription {
  readonly channel: string
  readonly listener: Listener
  /** Who the subscription was authorised for; undefined when signed without a user (server tools). */
  readonly userId: string | undefined
}

export interface Hub {
  subscribe(channel: string, listener: Listener, userId?: string): void
  unsubscribe(channel: string, listener: Listener): void
  /** Drops a closed connection from every channel it was in. */
  remove(listener: Listener): void
  /** Sends to every subscriber of each channel, except the socket that caused the event. */
  publish(channels: ReadonlyArray<string>, event: string, data: string, exceptSocketId?: string): number
  channels(): ReadonlyArray<{ name: string; subscribers: number }>
  /** Every subscription to a channel whose name starts with `prefix`. */
  subscriptions(prefix: string): ReadonlyArray<Subscription>
  /** Calls `watcher` after every publish on this process (local or from another worker). */
  onPublish(watcher: PublishWatcher): () => void
}

export const makeHub = (): Hub => {
  const byChannel = new Map<string, Set<Listener>>()
  const byListener = new Map<Listener, Set<string>>()
  const users = new Map<Listener, Map<string, string>>()
  const watchers = new Set<PublishWatcher>()

  const unsubscribe = (channel: string, listener: Listener) => {
    byChannel.get(channel)?.delete(listener)
    if (byChannel.get(channel)?.size === 0) byChannel.delete(channel)
    byListener.get(listener)?.delete(channel)
    users.get(listener)?.delete(channel)
  }

  return {
    subscribe(channel, listener, userId) {
      const listeners = byChannel.get(channel) ?? new Set<Listener>()
      byChannel.set(channel, listeners.add(listener))
      const channels = byListener.get(listener) ?? new Set<string>()
      byListener.set(listener, channels.add(channel))
      if (userId !== undefined) users.set(listener, (users.get(listener) ?? new Map<string, string>()).set(channel, userId))
    },
    unsubscribe,
    remove(listener) {
      for (const channel of [...(byListener.get(listener) ?? [])]) unsubscribe(channel, listener)
      byListener.delete(listener)
      users.delete(listener)
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
      for (const watcher of watchers) watcher(channels, event, data)
      return delivered
    },
    channels: () => [...byChannel.entries()].map(([name, set]) => ({ name, subscribers: set.size })),
    subscriptions: (prefix) =>
      [...byChannel.entries()]
        .filter(([name]) => name.startsWith(prefix))
        .flatMap(([channel, listeners]) =>
          [...listeners].map((listener) => ({ channel, listener, userId: users.get(listener)?.get(channel) }))
        ),
    onPublish(watcher) {
      watchers.add(watcher)
      return () => watchers.delete(watcher)
    }
  }
}
