// Wire errors of the /v2 contract (docs/architecture.md, "How a request moves"). Each carries its HTTP
// status, so the server answers with it and the OpenAPI document lists it. The 400 body is the spec's
// field-list shape.
import { Schema } from "effect"
import { HttpApiSchema } from "effect/http-api"

const Messages = Schema.optionalKey(Schema.Array(Schema.String))

/** Every field a 400 may name. Listed rather than open-ended so the OpenAPI document shows them. */
export const fieldNames = [
  "non_field_errors",
  "name",
  "email",
  "password",
  "password_confirm",
  "old_password",
  "new_password",
  "new_password_confirm",
  "uid",
  "token",
  "otp",
  "backup_code",
  "eula",
  "refresh",
  "username",
  "phone",
  "company",
  "description",
  "avatar",
  "page",
  "limit",
  "parent",
  "lab_id",
  "role_member",
  "file",
  "is_dir",
  "is_favorite",
  "value",
  "id",
  "meta_key",
  "search",
  "ordering",
  "user_id",
  "data",
  "color",
  "label_type",
  "version",
  "visible",
  "preparations",
  "diagnosis",
  "section",
  "stain",
  "magnification",
  "notes",
  "return_slides",
  "return_address",
  "contact_name",
  "contact_email",
  "contact_phone",
  "locale",
  "state",
  "folder_name",
  "plan_id",
  "invoice_id",
  "action",
  "reason",
  "details",
  "mpp",
  "ids",
  "label_id",
  "dx",
  "dy",
  "mentions",
  "title",
  "fields",
  "annotation_id"
] as const
export type FieldName = (typeof fieldNames)[number]
export type FieldErrors = Partial<Record<FieldName, ReadonlyArray<string>>>

/**
 * A tagged struct rather than a TaggedError: an Error already owns `name` and `message`, and `name`
 * is a field a 400 must be able to carry.
 */
export const BadRequest = Schema.TaggedStruct("BadRequest", {
  message: Schema.optionalKey(Schema.String),
  /** What kind of refusal, for a client that words it itself: "unsupported_format" for an upload. */
  code: Schema.optionalKey(Schema.String),
  ...(Object.fromEntries(fieldNames.map((f) => [f, Messages])) as Record<FieldName, typeof Messages>)
}).pipe(HttpApiSchema.status(400))
export type BadRequest = typeof BadRequest.Type

export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", { message: Schema.String }, { httpApiStatus: 401 }) {}

/** `code` tells apart the 403s a client reacts to differently, e.g. "account_inactive" at sign-in. */
export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  { message: Schema.String, code: Schema.optionalKey(Schema.String) },
  { httpApiStatus: 403 }
) {}

export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", { message: Schema.String }, { httpApiStatus: 404 }) {}

export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", { message: Schema.String }, { httpApiStatus: 409 }) {}

export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()(
  "TooManyRequests",
  { message: Schema.String, retry_after: Schema.Number },
  { httpApiStatus: 429 }
) {}

/**
 * `code` "quota_exceeded" is the account's storage (`remaining`: the bytes still free; `missing`: the
 * bytes that would have to be freed, when accepting a lab); without it the request itself was too big.
 */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  {
    message: Schema.String,
    code: Schema.optionalKey(Schema.String),
    remaining: Schema.optionalKey(Schema.Number),
    missing: Schema.optionalKey(Schema.Number)
  },
  { httpApiStatus: 413 }
) {}

/**
 * A paid feature (AI analysis, auto tagging) on a plan without it: choose a paid plan (GET
 * /v2/pricing/plans/) to use it. `feature` names what was asked for, `plan` the account's plan now.
 * `code` "analysis_limit": the plan has the feature but this period's analyses are used up.
 */
export class PaymentRequired extends Schema.TaggedError<PaymentRequired>()(
  "PaymentRequired",
  { message: Schema.String, code: Schema.Literals(["paid_feature", "analysis_limit"]), feature: Schema.String, plan: Schema.String },
  { httpApiStatus: 402 }
) {}

/** Something the request needs from outside (the mail server) did not answer; asking again may work. */
export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()(
  "ServiceUnavailable",
  { message: Schema.String },
  { httpApiStatus: 503 }
) {}

export const badRequest = (fields: FieldErrors, message?: string): BadRequest => ({
  _tag: "BadRequest",
  ...(message === undefined ? {} : { message }),
  ...fields
})
