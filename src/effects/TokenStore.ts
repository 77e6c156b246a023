// Where the session's tokens live between page loads, and the one place that announces a session
// the server will no longer renew (so the session actor can sign out and send the user to /login).
import { Context, Effect, Layer, PubSub, Stream } from "effect"
import { TOKENS_KEY } from "./stored-tokens.ts"

export interface StoredTokens {
  readonly access: string
  readonly refresh: string
}

export class TokenStore extends Context.Service<
  TokenStore,
  {
    readonly get: Effect.Effect<StoredTokens | null>
    readonly set: (tokens: StoredTokens) => Effect.Effect<void>
    /** Forgets the tokens after a sign-out the user asked for. */
    readonly clear: Effect.Effect<void>
    /** Forgets the tokens because the server refused to renew them, and says so on `expired`. */
    readonly expire: Effect.Effect<void>
    readonly expired: Stream.Stream<void>
    /**
     * Whether the stored tokens came to this page (a sign-in or a renewal here), not from an earlier
     * visit. Only then is the media cookie, which the server sets with every token it hands out,
     * known to be there: cookies and localStorage are kept apart and may lapse or be cleared apart.
     */
    readonly issuedHere: Effect.Effect<boolean>
  }
>()("preparat/TokenStore") {
  /** Backed by any Storage-like object; localStorage in the browser. */
  static readonly make = (storage: Pick<Storage, "getItem" | "setItem" | "removeItem">, key = TOKENS_KEY) =>
    Effect.gen(function* () {
      const expirations = yield* PubSub.unbounded<void>()
      const read = (): StoredTokens | null => {
        const raw = storage.getItem(key)
        if (raw === null) return null
        try {
          const parsed: unknown = JSON.parse(raw)
          return isTokens(parsed) ? parsed : null
        } catch {
          // A hand-edited or foreign value is treated as no session rather than a crash.
          return null
        }
      }
      let issuedHere = false
      const clear = Effect.sync(() => {
        issuedHere = false
        storage.removeItem(key)
      })
      return TokenStore.of({
        get: Effect.sync(read),
        set: (tokens) =>
          Effect.sync(() => {
            issuedHere = true
            storage.setItem(key, JSON.stringify(tokens))
          }),
        clear,
        expire: Effect.andThen(clear, Effect.asVoid(PubSub.publish(expirations, undefined))),
        expired: Stream.fromPubSub(expirations),
        issuedHere: Effect.sync(() => issuedHere)
      })
    })

  static readonly layer = Layer.effect(
    TokenStore,
    Effect.suspend(() => TokenStore.make(globalThis.localStorage))
  )

  /** For tests: an in-memory store, optionally already signed in. */
  static readonly memory = (initial: StoredTokens | null = null) =>
    Layer.effect(TokenStore, TokenStore.make(memoryStorage(TOKENS_KEY, initial)))
}

const isTokens = (u: unknown): u is StoredTokens =>
  typeof u === "object" && u !== null && "access" in u && "refresh" in u && typeof u.access === "string" && typeof u.refresh === "string"

const memoryStorage = (key: string, initial: StoredTokens | null) => {
  const items = new Map<string, string>(initial === null ? [] : [[key, JSON.stringify(initial)]])
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, value: string) => void items.set(k, value),
    removeItem: (k: string) => void items.delete(k)
  }
}
