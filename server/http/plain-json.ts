// Answers that skip their schema's encoder. HttpApi encodes every success through its schema,
// field by field, into a new object, before JSON.stringify; for a list of labs that walk cost a
// tenth to a fifth of the request (root list: 0.24 -> 0.19 ms of server CPU without it). Where a
// schema's encoded form is its decoded form (plain strings, numbers, booleans, nulls, arrays and
// structs: no dates, no transformations), the walk only copies, so the value can be stringified as
// it is. `Plain` makes that a compile-time condition: for any other schema the value's type is
// `never`, and nothing can be passed. The server tests decode these answers with their schemas.
import type { Schema } from "effect"
import { HttpServerResponse } from "effect/http"

/** The schema's type when its encoded form is the same type, `never` otherwise. */
export type Plain<S extends Schema.Top> = [S["Type"]] extends [S["Encoded"]]
  ? [S["Encoded"]] extends [S["Type"]]
    ? S["Type"]
    : never
  : never

/** `value` as the JSON answer of an endpoint whose success schema is `schema` (status 200 unless given). */
export const plainJson = <S extends Schema.Top>(_schema: S, value: Plain<S>, status = 200): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(JSON.stringify(value), { contentType: "application/json", status })
