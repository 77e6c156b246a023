// Turns a request that does not match the contract into the spec's 400 field-list body.
import { HttpApiMiddleware } from "effect/http-api"
import { BadRequest } from "./errors.ts"

export class RequestErrors extends HttpApiMiddleware.Service<RequestErrors>()("preparat/RequestErrors", {
  error: BadRequest
}) {}
