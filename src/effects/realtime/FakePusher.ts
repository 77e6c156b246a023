// An in-memory pusher-js client for tests: the test plays the server (connection states, accepted
// or refused subscriptions, published events) and reads back what the app subscribed to.
import type { PusherChannelLike, PusherLike } from "./pusherConnection.ts"

type Listener = (...args: ReadonlyArray<never>) => void
type GlobalListener = (event: string, data: unknown) => void
type StateListener = (change: { readonly previous: string; readonly current: string }) => void

class FakeChannel implements PusherChannelLike {
  subscribed = false
  /** A presence channel's members by id, as pusher-js keeps them. */
  readonly roster = new Map<string, unknown>()
  readonly members = {
    each: (callback: (member: { readonly id: string; readonly info: unknown }) => void) => {
      for (const [id, info] of this.roster) callback({ id, info })
    }
  }
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly globals = new Set<GlobalListener>()

  bind(event: string, callback: Listener) {
    const set = this.listeners.get(event) ?? new Set()
    set.add(callback)
    this.listeners.set(event, set)
  }
  unbind(event: string, callback: Listener) {
    this.listeners.get(event)?.delete(callback)
  }
  bind_global(callback: GlobalListener) {
    this.globals.add(callback)
  }
  unbind_global(callback: GlobalListener) {
    this.globals.delete(callback)
  }
  /** pusher-js calls the event's own listeners, then the global ones. */
  emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (data: unknown) => void)(data)
    for (const listener of this.globals) listener(event, data)
  }
  get listenerCount() {
    return [...this.listeners.values()].reduce((n, set) => n + set.size, 0) + this.globals.size
  }
}

export class FakePusher implements PusherLike {
  private readonly stateListeners = new Set<StateListener>()
  private readonly channels = new Map<string, FakeChannel>()
  /** Every subscribe and unsubscribe call, in order ("+name", "-name"). */
  readonly log: Array<string> = []
  disconnected = false

  readonly connection = {
    state: "initialized",
    bind: (_event: "state_change", callback: StateListener) => void this.stateListeners.add(callback),
    unbind: (_event: "state_change", callback: StateListener) => void this.stateListeners.delete(callback)
  }

  subscribe(name: string): FakeChannel {
    this.log.push(`+${name}`)
    const existing = this.channels.get(name)
    if (existing) return existing
    const created = new FakeChannel()
    this.channels.set(name, created)
    return created
  }

  unsubscribe(name: string) {
    this.log.push(`-${name}`)
    this.channels.delete(name)
  }

  disconnect() {
    this.disconnected = true
    this.setState("disconnected")
  }

  // The server's side.

  setState(current: string) {
    const previous = this.connection.state
    this.connection.state = current
    for (const listener of this.stateListeners) listener({ previous, current })
  }

  /** `members`: a presence channel's members on subscribing (pusher-js hands them to the event too). */
  accept(name: string, members?: Readonly<Record<string, unknown>>) {
    const channel = this.required(name)
    channel.subscribed = true
    channel.roster.clear()
    for (const [id, info] of Object.entries(members ?? {})) channel.roster.set(id, info)
    channel.emit("pusher:subscription_succeeded", {})
  }

  /** A presence channel's member joined (their first socket) or left (their last). */
  member(name: string, change: "added" | "removed", id: string, info: unknown = {}) {
    const channel = this.required(name)
    if (change === "added") channel.roster.set(id, info)
    else channel.roster.delete(id)
    channel.emit(`pusher:member_${change}`, { id, info })
  }

  refuse(name: string, reason: string) {
    this.required(name).emit("pusher:subscription_error", { type: "AuthError", error: reason, status: 403 })
  }

  publish(name: string, event: string, data: unknown) {
    this.required(name).emit(event, data)
  }

  /** Names of the channels currently subscribed to. */
  get subscriptions(): ReadonlyArray<string> {
    return [...this.channels.keys()]
  }

  /** Handlers still bound on a channel (0 once every listener has left). */
  listenersOn(name: string): number {
    return this.channels.get(name)?.listenerCount ?? 0
  }

  get stateListenerCount() {
    return this.stateListeners.size
  }

  private required(name: string): FakeChannel {
    const channel = this.channels.get(name)
    if (!channel) throw new Error(`nobody subscribed to ${name}`)
    return channel
  }
}
