// The one bridge from React and XState into Effect (DESIGN.md section 3): every invoked actor runs
// its program here, so the layers are built once and shared by every flow.
import { Layer, ManagedRuntime } from "effect"
import { Api } from "./Api.ts"
import { Realtime } from "./Realtime.ts"
import { TokenStore } from "./TokenStore.ts"
import { xhrTransport } from "./uploads/transport.ts"
import { Uploader } from "./uploads/Uploader.ts"
import { UploadStore } from "./uploads/UploadStore.ts"

/** The API base URL is configuration (spec section 7); empty means the SPA's own origin. */
const baseURL: string = import.meta.env?.VITE_API_URL ?? ""

const ApiLayer = Api.layer({ baseURL }).pipe(Layer.provideMerge(TokenStore.layer))

export const AppLayer = Layer.mergeAll(Realtime.layer, Uploader.layer({ baseURL, transport: xhrTransport }), UploadStore.layer).pipe(
  Layer.provideMerge(ApiLayer)
)

export type AppServices = Layer.Success<typeof AppLayer>

export const runtime = ManagedRuntime.make(AppLayer)
