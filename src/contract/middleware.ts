// The bearer-token middleware every signed-in endpoint declares; the server provides CurrentUser.
import { Context } from "effect"
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import { Unauthorized } from "./errors.ts"

export interface AuthenticatedUser {
  readonly id: string
  readonly email: string
  readonly name: string
}

export class CurrentUser extends Context.Service<CurrentUser, AuthenticatedUser>()("preparat/CurrentUser") {}

export class Authorization extends HttpApiMiddleware.Service<Authorization, { provides: CurrentUser }>()("preparat/Authorization", {
  security: { bearer: HttpApiSecurity.bearer },
  error: Unauthorized
}) {}
