// The bearer-token middleware every signed-in endpoint declares (the server provides CurrentUser),
// and the staff check the staff endpoints declare inside it.
import { Context } from "effect"
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import { Forbidden, Unauthorized } from "./errors.ts"

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

/**
 * Staff endpoints: a signed-in user who is not staff is refused (403) before the endpoint runs.
 * Declared before Authorization on an endpoint, so it runs inside it, with the CurrentUser it provides.
 */
export class StaffOnly extends HttpApiMiddleware.Service<StaffOnly, { requires: CurrentUser }>()("preparat/StaffOnly", {
  error: Forbidden
}) {}
