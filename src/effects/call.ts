// The SPA's calls to /v2, derived from the contract: `call(endpoints.labs.update, { params, payload })`
// takes the method, the path, the parameter, query and payload Schemas, the answer's Schema and the
// typed errors from the endpoint's HttpApi declaration (src/contract), so the SPA cannot drift from
// what the server implements. Api.request stays the transport underneath (ofetch, bearer token, the
// shared token renewal).
//
// Why not Effect's HttpApiClient: it brings Effect's whole HttpClient stack into the first page the
// browser loads, and its token renewal would have to be rebuilt as an HttpClient transform. This file
// reads the same declarations and adds a few hundred bytes.
import { Effect, Schema, SchemaAST, SchemaIssue } from "effect"
import type { HttpApiEndpoint } from "effect/http-api"
import { Api as Contract } from "../contract/api.ts"
import { fieldErrorsOf } from "../contract/field-errors.ts"
import { Api, type ApiRequest, type ContractFailure, type Method } from "./Api.ts"
import {
  type ApiError,
  type BadRequest,
  badRequest,
  type ByStatus,
  type DecodeError,
  type NetworkError,
  ServerError,
  statusOfTag
} from "./ApiError.ts"

type Endpoint = HttpApiEndpoint.Top

/** Every endpoint of /v2 by group and name, as declared: `endpoints.labs.update`. */
export const endpoints = Object.fromEntries(Object.entries(Contract.groups).map(([name, group]) => [name, group.endpoints])) as {
  readonly [G in keyof typeof Contract.groups]: (typeof Contract.groups)[G]["endpoints"]
}

// Tuples keep `never` (an endpoint without that part) from distributing into the whole input.
type Field<Key extends string, S> = [S] extends [never]
  ? {}
  : [S] extends [Schema.Top]
    ? [S["Type"]] extends [never]
      ? {}
      : // A part whose every field is optional (a query of options) may be left out.
        {} extends S["Type"]
        ? { readonly [K in Key]?: S["Type"] }
        : { readonly [K in Key]: S["Type"] }
    : {}

/** What a call takes: the endpoint's path parameters, query and payload, each where it declares one. */
export type CallInput<E extends Endpoint> = Field<"params", E["~Params"]> &
  Field<"query", E["~Query"]> &
  ([E["~Payload"]] extends [never]
    ? {}
    : [E["~Payload"]["Type"]] extends [never]
      ? {}
      : { readonly payload: E["~Payload"]["Type"] | FormData })

/** The decoded answer. */
export type CallSuccess<E extends Endpoint> = E["~Success"]["Type"]

/**
 * The endpoint's declared failures (its own and its middlewares'), as the SPA's typed errors, plus
 * what any call can meet: no answer, an answer the contract does not describe, or a status it does
 * not name (a 5xx, or a 413 from a proxy), which arrives as ServerError.
 */
export type CallError<E extends Endpoint> =
  | Extract<ApiError, { readonly _tag: TagOf<HttpApiEndpoint.Errors<E>> }>
  // The contract's errors that are not read by status alone arrive whole, as declared.
  | Exclude<HttpApiEndpoint.Errors<E>, { readonly _tag: ApiError["_tag"] }>
  | NetworkError
  | DecodeError
  | ServerError

type TagOf<T> = T extends { readonly _tag: infer Tag } ? Tag : never

type AnySchema = Schema.Codec<unknown, unknown, never, never>

/** The `_tag` a wire-error Schema decodes to: a TaggedError's identifier, or a TaggedStruct's literal. */
const tagOf = (schema: Schema.Top | undefined): string | undefined => {
  const ast = schema?.ast
  if (ast === undefined) return undefined
  const identifier = ast.annotations?.identifier
  if (typeof identifier === "string") return identifier
  if (SchemaAST.isObjects(ast)) {
    const tag = ast.propertySignatures.find((p) => p.name === "_tag")?.type
    if (tag !== undefined && SchemaAST.isLiteral(tag) && typeof tag.literal === "string") return tag.literal
  }
  return undefined
}

const declaredTags = new WeakMap<Endpoint, ReadonlySet<string>>()

/** Every error tag the endpoint can answer with, its middlewares' included; computed once per endpoint. */
const tagsOf = (endpoint: Endpoint): ReadonlySet<string> => {
  const known = declaredTags.get(endpoint)
  if (known !== undefined) return known
  const schemas: Array<Schema.Top> = [...endpoint.error]
  for (const middleware of endpoint.middlewares) {
    const error = (middleware as unknown as { readonly error?: Schema.Top | Iterable<Schema.Top> }).error
    if (error !== undefined)
      schemas.push(...(Symbol.iterator in Object(error) ? [...(error as Iterable<Schema.Top>)] : [error as Schema.Top]))
  }
  const tags = new Set(schemas.map(tagOf).filter((tag): tag is string => tag !== undefined))
  declaredTags.set(endpoint, tags)
  return tags
}

/** The wire form of `value`, checked against every rule of the Schema (encoding alone checks none). */
const encode = (schema: Schema.Top | undefined, value: unknown): Record<string, unknown> => {
  if (schema === undefined || value === undefined) return (value ?? {}) as Record<string, unknown>
  const encoded = Schema.encodeUnknownSync(schema as AnySchema)(value, { errors: "all" })
  Schema.decodeUnknownSync(schema as AnySchema)(encoded, { errors: "all" })
  return encoded as Record<string, unknown>
}

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * Input the contract refuses, as the 400 the server would answer: every failing field with the
 * server's words for its rules, so forms show a refusal the same way whoever made it.
 */
const refusal = (error: unknown): BadRequest =>
  error instanceof Schema.SchemaError
    ? badRequest(fieldErrorsOf(formatIssue(error.issue).issues))
    : badRequest({ non_field_errors: [error instanceof Error ? error.message : String(error)] })

/** `/v2/labs/:id/` with its parameters written in. */
export const pathOf = (path: string, params: Record<string, unknown>): string =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? "")))

const queryOf = (query: Record<string, unknown>): Record<string, string | number | undefined> => {
  const out: Record<string, string | number | undefined> = {}
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) out[key] = value as string | number
  return out
}

const bodyOf = (endpoint: Endpoint, payload: unknown): ApiRequest<unknown>["body"] => {
  if (payload === undefined) return undefined
  if (payload instanceof FormData || payload instanceof URLSearchParams) return payload
  const [contentType, entry] = [...endpoint.payload.entries()][0] ?? []
  const encoded = encode(entry?.schemas[0], payload)
  if (contentType === "application/x-www-form-urlencoded") {
    return new URLSearchParams(Object.entries(encoded).map(([k, v]) => [k, String(v)]))
  }
  return encoded
}

const successOf = (endpoint: Endpoint): Schema.Decoder<unknown> => {
  const schemas = [...endpoint.success]
  return (schemas.length === 1 ? schemas[0]! : Schema.Union(schemas)) as Schema.Decoder<unknown>
}

const ownErrors = new WeakMap<Endpoint, Schema.Decoder<ContractFailure> | undefined>()

/**
 * The endpoint's declared errors that are not read by status alone (a 409 AnnotationConflict and its
 * `current`): decoded from the failure's body as the contract declares them.
 */
const ownErrorsOf = (endpoint: Endpoint): Schema.Decoder<ContractFailure> | undefined => {
  if (ownErrors.has(endpoint)) return ownErrors.get(endpoint)
  const own = [...endpoint.error].filter((schema) => {
    const tag = tagOf(schema)
    return tag !== undefined && !isByStatus(tag)
  })
  const decoder = own.length === 0 ? undefined : ((own.length === 1 ? own[0]! : Schema.Union(own)) as Schema.Decoder<ContractFailure>)
  ownErrors.set(endpoint, decoder)
  return decoder
}

/** A failure the endpoint does not declare is reported for what it is: an unexpected status. */
const narrow = (endpoint: Endpoint, error: ApiError | ContractFailure): ApiError | ContractFailure => {
  if (!isByStatus(error._tag) || tagsOf(endpoint).has(error._tag)) return error
  const message = (error as ByStatus).message ?? ""
  return new ServerError({ status: statusOfTag[error._tag], message })
}

const isByStatus = (tag: string): tag is ByStatus["_tag"] => Object.hasOwn(statusOfTag, tag)

export interface CallOptions {
  /** false for calls that need no session (sign-in, registration, resets). Default true. */
  readonly authenticated?: boolean
}

/** Calls `endpoint` with its input, decoding the answer and the failure against the contract. */
export const call = <E extends Endpoint>(
  endpoint: E,
  ...[input, options]: [keyof CallInput<E>] extends [never]
    ? [input?: {}, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions]
): Effect.Effect<CallSuccess<E>, CallError<E>, Api> => {
  const given = (input ?? {}) as { readonly params?: unknown; readonly query?: unknown; readonly payload?: unknown }
  // Input the contract refuses would be refused by the server with the same 400: say so without sending.
  const request = Effect.try({
    try: (): ApiRequest<unknown, ContractFailure> => ({
      method: endpoint.method as Method,
      path: pathOf(endpoint.path, encode(endpoint.params, given.params)),
      query: queryOf(encode(endpoint.query, given.query)),
      body: bodyOf(endpoint, given.payload),
      success: successOf(endpoint),
      ...(ownErrorsOf(endpoint) === undefined ? {} : { errors: ownErrorsOf(endpoint)! }),
      ...(options?.authenticated === false ? { authenticated: false } : {})
    }),
    catch: refusal
  })
  return request.pipe(
    Effect.flatMap((built) => Api.use((api) => api.request(built))),
    Effect.mapError((error) => narrow(endpoint, error))
  ) as Effect.Effect<CallSuccess<E>, CallError<E>, Api>
}
