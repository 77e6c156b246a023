// Realtime messages between servers (REDIS_URL): every process of every server publishes what its
// hub publishes to one Redis channel and hears everyone else's, so a socket on any server hears a
// change made on any other. Redis pub/sub, rather than PostgreSQL's NOTIFY, because a frame (an
// annotation's geometry) may pass NOTIFY's 8,000-byte limit, and because a lab that runs several
// servers already runs something to share sessions' sockets through; pub/sub keeps nothing, which is
// right for frames: the event log in the database is what survives (EventPublisher.ts).
import { createHash, randomUUID } from "node:crypto"
import { Redis } from "ioredis"
import { isPeerMessage, type PeerMessage, type Relay } from "./bus.ts"

export interface RedisRelay extends Relay {
  /** Resolves once this process hears the channel (so nothing published after is missed). */
  readonly ready: Promise<void>
  readonly close: () => Promise<void>
}

interface Envelope {
  /** The process that sent it: Redis delivers to the sender's own subscription too. */
  readonly from: string
  readonly message: PeerMessage
}

/**
 * `deployment` names the servers that belong together: they share a database, so its URL (or, on
 * SQLite, the data directory) hashed, and another deployment on the same Redis never hears them.
 */
export const redisRelay = (url: string, deployment: string): RedisRelay => {
  const CHANNEL = `preparat:realtime:${createHash("sha256").update(deployment).digest("hex").slice(0, 16)}`
  const origin = randomUUID()
  // A subscribed connection can do nothing else, so publishing has its own.
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null })
  const subscriber = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null })
  const listeners = new Set<(message: PeerMessage) => void>()
  // Logged, not thrown: the server keeps answering (its own sockets still hear it) while Redis is away.
  const report = (error: Error) => console.error(`Redis (${CHANNEL}): ${error.message}`)
  publisher.on("error", report)
  subscriber.on("error", report)
  subscriber.on("message", (_channel: string, raw: string) => {
    let envelope: Envelope
    try {
      envelope = JSON.parse(raw) as Envelope
    } catch {
      return
    }
    if (envelope.from === origin || !isPeerMessage(envelope.message)) return
    for (const listener of listeners) listener(envelope.message)
  })
  const ready = subscriber.subscribe(CHANNEL).then(() => undefined)
  return {
    ready,
    // Sent once this process hears the channel, in order: a hello sent before would be answered
    // while its own subscription is not yet there to hear the answers (presence.ts).
    send: (message) => {
      const raw = JSON.stringify({ from: origin, message } satisfies Envelope)
      void ready.then(() => publisher.publish(CHANNEL, raw)).catch(report)
    },
    onMessage: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close: async () => {
      listeners.clear()
      await Promise.allSettled([publisher.quit(), subscriber.quit()])
    }
  }
}
