// The one bridge from React and XState into Effect (docs/architecture.md, "How a request moves"): every
// invoked actor runs its program here, so the layers are built once and shared by every flow.
import { Cause, type Effect, Exit, Layer, ManagedRuntime, Option } from "effect"
import { Api } from "./Api.ts"
import { Defect } from "./Defect.ts"
import { Realtime } from "./Realtime.ts"
import { TokenStore } from "./TokenStore.ts"
import { xhrTransport } from "./uploads/transport.ts"
import { Uploader } from "./uploads/Uploader.ts"
import { UploadStore } from "./uploads/UploadStore.ts"

/** The API base URL is build configuration (VITE_API_URL); empty means the SPA's own origin. */
const baseURL: string = import.meta.env?.VITE_API_URL ?? ""

const ApiLayer = Api.layer({ baseURL }).pipe(Layer.provideMerge(TokenStore.layer))

export const AppLayer = Layer.mergeAll(Realtime.layer, Uploader.layer({ baseURL, transport: xhrTransport }), UploadStore.layer).pipe(
  Layer.provideMerge(ApiLayer)
)

export type AppServices = Layer.Success<typeof AppLayer>

export const runtime = ManagedRuntime.make(AppLayer)

/**
 * Runs `effect` until it ends or `signal` aborts. Its promise rejects with the program's typed error
 * when it failed with one, and with a Defect for anything else (a throw, a `die`), so an actor's error
 * event always holds one of the two. Stopped by `signal`, it rejects with the signal's reason, which
 * no machine hears (its actor is gone).
 */
export const run = async <A, E>(effect: Effect.Effect<A, E, AppServices>, signal: AbortSignal): Promise<A> => {
  const exit = await runtime.runPromiseExit(effect, { signal })
  if (Exit.isSuccess(exit)) return exit.value
  const failure = Cause.findErrorOption(exit.cause)
  if (Option.isSome(failure)) throw failure.value
  if (signal.aborted) throw signal.reason
  throw new Defect(Cause.squash(exit.cause))
}
