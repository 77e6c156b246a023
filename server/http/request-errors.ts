// A request that does not decode against the contract answers 400 with the field lists.
import { Effect, SchemaIssue } from "effect"
import { HttpApiMiddleware } from "effect/http-api"
import { badRequest } from "../../src/contract/errors.ts"
import { RequestErrors } from "../../src/contract/request-errors.ts"
import { fieldErrorsOf } from "../domain/field-errors.ts"

const format = SchemaIssue.makeFormatterStandardSchemaV1()

export const RequestErrorsLive = HttpApiMiddleware.layerSchemaErrorTransform(RequestErrors, (error) => {
  const fields = fieldErrorsOf(format(error.cause.issue).issues)
  return Effect.fail(
    error.kind === "Payload" || error.kind === "Body" || error.kind === "Query"
      ? badRequest(fields)
      : badRequest({}, `Invalid ${error.kind.toLowerCase()}.`)
  )
})
