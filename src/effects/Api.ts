// The one door to the /v2 API: ofetch underneath, typed errors out, the session's bearer token in,
// and token renewal handled here so no caller ever sees an expired access token.
import { Context, Effect, Layer, Schema, Semaphore } from "effect"
import { FetchError, type FetchOptions, ofetch } from "ofetch"
import { AuthPublic, Tokens } from "../contract/auth.ts"
import { Ok } from "../contract/envelope.ts"
import { type ApiError, DecodeError, Unauthorized } from "./ApiError.ts"
import { TokenStore } from "./TokenStore.ts"
import { toApiError } from "./wireError.ts"
import { workerFetch } from "./worker-fetch.ts"

export type Method = "GET" | "POST" | "PUT" | "DELETE"

export interface ApiRequest<A, F extends ContractFailure = never> {
  readonly method: Method
  /** Under the base URL, as the contract declares it with its parameters written in (call.ts). */
  readonly path: string
  /** JSON object, FormData for multipart uploads, or URLSearchParams for a urlencoded form. */
  readonly body?: Record<string, unknown> | FormData | URLSearchParams
  readonly query?: Record<string, string | number | undefined>
  /** The contract Schema of a successful answer. */
  readonly success: Schema.Decoder<A>
  /** false for calls that need no session (sign-in, registration, resets). Default true. */
  readonly authenticated?: boolean
  /**
   * The contract's own error Schemas of this call that the SPA's ApiError does not model (e.g. a 409
   * AnnotationConflict carrying the annotation as it is now): a failure whose body decodes with one
   * fails as that error, whole; anything else is read by status (wireError.ts).
   */
  readonly errors?: Schema.Decoder<F>
  /**
   * A binary answer, read as it is rather than parsed as JSON: "blob" for a file to save (a PDF, a
   * receipt), "arrayBuffer" for bytes the SPA reads itself (a slide's compact annotations).
   */
  readonly responseType?: "blob" | "arrayBuffer"
  /** Read the answer on a worker's thread (worker-fetch.ts): for a large body the page needs while it is busy drawing. */
  readonly offMainThread?: boolean
}

/** A declared error of the contract, decoded as the contract declares it. */
export interface ContractFailure {
  readonly _tag: string
}

export interface ApiConfig {
  /** "" means the SPA's own origin. */
  readonly baseURL: string
  /** A fetch to use instead of the global one (tests). */
  readonly fetch?: typeof globalThis.fetch
}

/**
 * Where tokens are renewed, from the contract. Read off the group rather than through call.ts's
 * `endpoints`, because call.ts imports this file.
 */
export const REFRESH_PATH = AuthPublic.endpoints.refresh.path

/**
 * Runs `effect` holding a lock shared by every tab of this origin (Web Locks), where the browser has
 * them. Tabs share the tokens in localStorage, and a refresh token may be used once: two tabs
 * renewing at the same moment (their timers read the same expiry, or they reopen together) would
 * have the server revoke the session. Holding the lock, a tab re-reads the tokens and finds what the
 * other obtained. The lock is taken uninterruptibly and always released.
 */
const acrossTabs = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E> => {
  const locks = globalThis.navigator?.locks
  if (locks === undefined) return effect
  return Effect.acquireUseRelease(
    Effect.promise(
      () =>
        new Promise<() => void>((granted) => {
          void locks.request("preparat.tokens", () => new Promise<void>((release) => granted(release)))
        })
    ),
    () => effect,
    (release) => Effect.sync(release)
  )
}

export class Api extends Context.Service<
  Api,
  {
    readonly request: <A, F extends ContractFailure = never>(request: ApiRequest<A, F>) => Effect.Effect<A, ApiError | F>
    /**
     * A valid access token in place of the refused `stale` one, renewed at most once however many
     * ask; for the few calls that cannot go through `request` (chunk uploads over XMLHttpRequest),
     * and for the renewals that keep the media cookie alive (auth/keep-fresh.ts).
     */
    readonly renew: (stale: string) => Effect.Effect<string, ApiError>
  }
>()("preparat/Api") {
  static readonly make = (config: ApiConfig) =>
    Effect.gen(function* () {
      const tokens = yield* TokenStore
      // Refresh tokens rotate and a reused one revokes the whole family, so two renewals must never
      // race: whoever holds the permit renews, the others wait and then use what it obtained.
      const renewal = yield* Semaphore.make(1)
      const $fetch = ofetch.create(
        { baseURL: config.baseURL, retry: 0, headers: { Accept: "application/json" } },
        config.fetch === undefined ? undefined : { fetch: config.fetch }
      )

      // The same client over the worker's fetch, made when first asked for (never where there are no workers).
      let $workerFetch: typeof $fetch | undefined
      const fetcherOf = (request: ApiRequest<unknown, ContractFailure>): typeof $fetch => {
        if (request.offMainThread !== true || workerFetch === undefined || config.fetch !== undefined) return $fetch
        $workerFetch ??= ofetch.create(
          { baseURL: config.baseURL, retry: 0, headers: { Accept: "application/json" } },
          { fetch: workerFetch }
        )
        return $workerFetch
      }

      const send = <F extends ContractFailure>(request: ApiRequest<unknown, F>, access: string | undefined) =>
        Effect.tryPromise({
          // `signal` is declared so that interrupting the fiber (an XState actor stopping) aborts the request.
          try: (signal) =>
            fetcherOf(request as ApiRequest<unknown, ContractFailure>)<unknown, "json" | "blob" | "arrayBuffer">(request.path, {
              method: request.method,
              body: request.body as FetchOptions["body"],
              query: request.query,
              signal,
              ...(request.responseType === undefined ? {} : { responseType: request.responseType }),
              headers: access === undefined ? {} : { Authorization: `Bearer ${access}` }
            }),
          catch: (error): ApiError | F => {
            const declared =
              error instanceof FetchError && request.errors !== undefined
                ? Schema.decodeUnknownOption(request.errors)(error.data)
                : undefined
            if (declared !== undefined && declared._tag === "Some") return declared.value
            return toApiError(
              error instanceof FetchError
                ? {
                    status: error.response?.status,
                    body: error.data,
                    retryAfterHeader: error.response?.headers.get("retry-after") ?? null,
                    reason: error.message
                  }
                : { status: undefined, body: undefined, retryAfterHeader: null, reason: String(error) }
            )
          }
        })

      const decode =
        <A>(path: string, schema: Schema.Decoder<A>) =>
        (json: unknown) =>
          Schema.decodeUnknownEffect(schema)(json).pipe(Effect.mapError((error) => new DecodeError({ path, message: error.message })))

      const sessionEnded = Effect.andThen(tokens.expire, Effect.fail(new Unauthorized({ message: "" })))

      /** A valid access token in place of `stale`, renewing it at most once however many ask. */
      const renew = (stale: string) =>
        renewal.withPermit(
          acrossTabs(
            Effect.gen(function* () {
              const current = yield* tokens.get
              if (current === null) return yield* new Unauthorized({ message: "" })
              if (current.access !== stale) return current.access
              const answer = yield* send<never>(
                { method: "POST", path: REFRESH_PATH, body: { refresh: current.refresh }, success: Schema.Unknown },
                undefined
              ).pipe(
                Effect.flatMap(decode(REFRESH_PATH, Ok(Tokens))),
                // The server refused the refresh token: the session is over. A network failure is not a
                // refusal, so it keeps the tokens for the next attempt.
                Effect.catchTag(["Unauthorized", "BadRequest"], () => sessionEnded)
              )
              yield* tokens.set({ access: answer.data.access_token, refresh: answer.data.refresh_token })
              return answer.data.access_token
            })
          )
        )

      const request = <A, F extends ContractFailure = never>(request: ApiRequest<A, F>): Effect.Effect<A, ApiError | F> =>
        Effect.gen(function* () {
          const access = request.authenticated === false ? undefined : (yield* tokens.get)?.access
          const json: unknown = yield* (send(request, access) as Effect.Effect<unknown, ApiError>).pipe(
            Effect.catchTag("Unauthorized", (refused) =>
              access === undefined
                ? Effect.fail(refused)
                : renew(access).pipe(
                    // Exactly one retry; a freshly renewed token that is still refused ends the session.
                    Effect.flatMap((fresh) => send(request, fresh)),
                    Effect.catchTag("Unauthorized", () => sessionEnded)
                  )
            )
          )
          return yield* decode(request.path, request.success)(json)
        }).pipe(Effect.withSpan("Api.request", { attributes: { method: request.method, path: request.path } })) as Effect.Effect<
          A,
          ApiError | F
        >

      return Api.of({ request, renew })
    })

  static readonly layer = (config: ApiConfig) => Layer.effect(Api, Api.make(config))

  /**
   * For tests of the programs built on Api: answers each request with `respond`, still decoding the
   * answer with the request's Schema so a wrong fixture fails like a wrong server would.
   */
  static readonly test = (respond: (request: ApiRequest<unknown>) => Effect.Effect<unknown, ApiError>) =>
    Layer.succeed(
      Api,
      Api.of({
        renew: () => Effect.fail(new Unauthorized({ message: "" })),
        request: <A, F extends ContractFailure = never>(request: ApiRequest<A, F>) =>
          respond(request as ApiRequest<unknown>).pipe(
            Effect.flatMap((json) =>
              Schema.decodeUnknownEffect(request.success)(json).pipe(
                Effect.mapError((error) => new DecodeError({ path: request.path, message: error.message }))
              )
            )
          )
      })
    )
}
