// The optional bearer middleware of the endpoints a guest may call (viewing public labs). With a
// valid token the viewer is that user; with no token at all the viewer is a guest; a token that is
// invalid or expired still answers 401, so the SPA refreshes it instead of silently seeing less.
import { Context } from "effect"
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import { Unauthorized } from "./errors.ts"
import type { AuthenticatedUser } from "./middleware.ts"

export interface ViewerShape {
  /** Undefined for a guest (no Authorization header). */
  readonly user: AuthenticatedUser | undefined
}

export class Viewer extends Context.Service<Viewer, ViewerShape>()("preparat/Viewer") {}

export class OptionalAuthorization extends HttpApiMiddleware.Service<OptionalAuthorization, { provides: Viewer }>()(
  "preparat/OptionalAuthorization",
  { security: { bearer: HttpApiSecurity.bearer }, error: Unauthorized }
) {}
