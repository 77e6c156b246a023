// /v2/slides/request-scan: asking the lab to scan physical glass slides. Anyone may send a request (a
// visitor leaves contact details, a signed-in user's account is the contact) and read the catalogue it
// chooses from (sections, stains, tags). A signed-in user lists their own requests; staff list
// everyone's and move each one along its states:
//   received -> scanning -> uploaded (into a folder staff name) -> returned (only when the glass goes back).
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Locale } from "./auth.ts"
import { Ok, Page, PageQuery } from "./envelope.ts"
import { BadRequest, Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized } from "./errors.ts"
import { Authorization, StaffOnly } from "./middleware.ts"
import { Email, NAME_MAX, PersonName, Text } from "./rules.ts"
import { OptionalAuthorization } from "./viewer.ts"

export const PREPARATIONS_MAX = 500
export const DIAGNOSIS_MAX = 500
export const NOTES_MAX = 2000
export const ADDRESS_MAX = 1000
export const PHONE_MAX = 32
/** A catalogue id (section, stain, tag). */
export const CATALOGUE_ID_MAX = 64
export const SCAN_REQUESTS_PAGE_SIZE = 10

export const Magnification = Schema.Literals(["20x", "40x"])
export type Magnification = typeof Magnification.Type

export const ScanState = Schema.Literals(["received", "scanning", "uploaded", "returned"])
export type ScanState = typeof ScanState.Type
export const scanStates: ReadonlyArray<ScanState> = ["received", "scanning", "uploaded", "returned"]

/**
 * The one state a request may move to next: one step at a time, and "returned" only when the slides
 * are to be returned. Shared by the server (which refuses anything else) and the staff page (which
 * offers only this).
 */
export const nextScanState = (state: ScanState, returnSlides: boolean): ScanState | null => {
  switch (state) {
    case "received":
      return "scanning"
    case "scanning":
      return "uploaded"
    case "uploaded":
      return returnSlides ? "returned" : null
    case "returned":
      return null
  }
}

const nonBlank = (key = "validation.required") => Schema.makeFilter((s: string) => s.trim().length > 0 || key)

/** A text a person must fill in, up to `max` characters. */
const RequiredText = (max: number) => Text(max).check(nonBlank())

export const Preparations = Schema.Number.check(
  Schema.makeFilter((n: number) => Number.isInteger(n) || "validation.wholeNumber"),
  Schema.makeFilter((n: number) => (n >= 1 && n <= PREPARATIONS_MAX) || "validation.preparations")
)

export const CatalogueId = RequiredText(CATALOGUE_ID_MAX)
export const Diagnosis = RequiredText(DIAGNOSIS_MAX)
export const Notes = Text(NOTES_MAX)
export const ReturnAddress = Text(ADDRESS_MAX)
/** Digits, spaces and + ( ) - . as people write phone numbers; empty means none. */
export const Phone = Text(PHONE_MAX).check(
  Schema.makeFilter((s: string) => s.trim() === "" || /^\+?[\d\s().-]{6,}$/.test(s.trim()) || "validation.phone")
)

/** Struct rule: the return address is needed when the slides go back. */
export const addressWhenReturned = Schema.makeFilter(
  (o: { readonly return_slides: boolean; readonly return_address?: string | undefined }) =>
    !o.return_slides || (o.return_address ?? "").trim().length > 0 || { path: ["return_address"], issue: "validation.returnAddress" }
)

export const ScanRequestPayload = Schema.Struct({
  preparations: Preparations,
  diagnosis: Diagnosis,
  section: CatalogueId,
  stain: CatalogueId,
  magnification: Magnification,
  notes: Schema.optionalKey(Notes),
  return_slides: Schema.Boolean,
  return_address: Schema.optionalKey(ReturnAddress),
  /** A visitor's contact; required without a session (the server says so), ignored with one. */
  contact_name: Schema.optionalKey(PersonName),
  contact_email: Schema.optionalKey(Email),
  /** Anyone's, optional: for the courier. */
  contact_phone: Schema.optionalKey(Phone),
  /** The language of the confirmation mail; English when absent. */
  locale: Schema.optionalKey(Locale)
}).check(addressWhenReturned)
export type ScanRequestPayload = typeof ScanRequestPayload.Type

/** Staff move a request to its next state; "uploaded" names the folder the scans went into. */
export const ScanStatePayload = Schema.Struct({
  state: ScanState,
  folder_name: Schema.optionalKey(Text(NAME_MAX))
}).check(
  Schema.makeFilter(
    (o: { readonly state: ScanState; readonly folder_name?: string | undefined }) =>
      o.state !== "uploaded" || (o.folder_name ?? "").trim().length > 0 || { path: ["folder_name"], issue: "validation.folderName" }
  )
)
export type ScanStatePayload = typeof ScanStatePayload.Type

export const CatalogueItem = Schema.Struct({ id: Schema.String, name: Schema.String })
export type CatalogueItem = typeof CatalogueItem.Type

export const ScanRequest = Schema.Struct({
  id: Schema.String,
  /** Short and readable, for mails and phone calls: "SR-1A2B3C4D". */
  reference: Schema.String,
  state: ScanState,
  preparations: Schema.Number,
  diagnosis: Schema.String,
  section: CatalogueItem,
  stain: CatalogueItem,
  magnification: Magnification,
  notes: Schema.String,
  return_slides: Schema.Boolean,
  return_address: Schema.NullOr(Schema.String),
  contact: Schema.Struct({ name: Schema.String, email: Schema.String, phone: Schema.NullOr(Schema.String) }),
  /** The account that sent it; null for a visitor. */
  user_id: Schema.NullOr(Schema.String),
  /** Where staff put the scans, once uploaded. */
  folder_name: Schema.NullOr(Schema.String),
  /** When it reached each state (received is when it was sent). */
  timeline: Schema.Struct({
    received: Schema.String,
    scanning: Schema.NullOr(Schema.String),
    uploaded: Schema.NullOr(Schema.String),
    returned: Schema.NullOr(Schema.String)
  }),
  created_at: Schema.String,
  updated_at: Schema.String
})
export type ScanRequest = typeof ScanRequest.Type

/**
 * Where the glass slides of a request go: the receiving lab's address (lines joined by "\n") and
 * opening hours in the request's language, from the server's configuration.
 */
export const ReceivingLab = Schema.Struct({ address: Schema.String, hours: Schema.String })
export type ReceivingLab = typeof ReceivingLab.Type

/** A request as just sent: the request and where to send its slides (the confirmation page shows both). */
export const SubmittedScanRequest = Schema.Struct({ ...ScanRequest.fields, send_to: ReceivingLab })
export type SubmittedScanRequest = typeof SubmittedScanRequest.Type

/** The language names are given in; otherwise the `lang` cookie's, else English. */
const LocaleQuery = { locale: Schema.optional(Locale) }
const CatalogueAnswer = Ok(Schema.Array(CatalogueItem))

export const ScanRequestAnswer = Ok(ScanRequest)
export const ScanRequestPage = Ok(Page(ScanRequest))

export class ScanRequestsPublic extends HttpApiGroup.make("scanRequestsPublic")
  .add(
    HttpApiEndpoint.post("submit", "/slides/request-scan/", {
      payload: ScanRequestPayload,
      success: Ok(SubmittedScanRequest).pipe(HttpApiSchema.status(201)),
      error: [BadRequest, Unauthorized, TooManyRequests]
    }),
    HttpApiEndpoint.get("sections", "/slides/list-section/", {
      query: LocaleQuery,
      success: CatalogueAnswer,
      error: [BadRequest, Unauthorized]
    }),
    HttpApiEndpoint.get("stains", "/slides/list-stain/", {
      query: LocaleQuery,
      success: CatalogueAnswer,
      error: [BadRequest, Unauthorized]
    }),
    HttpApiEndpoint.get("tags", "/slides/list-tags/", { query: LocaleQuery, success: CatalogueAnswer, error: [BadRequest, Unauthorized] })
  )
  .middleware(OptionalAuthorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({
      title: "Scan requests",
      description:
        "Asking for physical slides to be scanned, and the catalogue to choose from. A bearer token is optional: without one, the contact name and email are required."
    })
  ) {}

export class ScanRequests extends HttpApiGroup.make("scanRequests")
  .add(
    HttpApiEndpoint.get("mine", "/slides/request-scan/", {
      query: { ...PageQuery, ...LocaleQuery },
      success: ScanRequestPage,
      error: BadRequest
    }),
    HttpApiEndpoint.get("all", "/slides/request-scan/all/", {
      query: { ...PageQuery, ...LocaleQuery, state: Schema.optional(ScanState) },
      success: ScanRequestPage,
      error: [BadRequest, Forbidden]
    }).middleware(StaffOnly),
    HttpApiEndpoint.put("advance", "/slides/request-scan/:id/", {
      params: { id: Schema.String },
      payload: ScanStatePayload,
      success: ScanRequestAnswer,
      error: [BadRequest, Forbidden, NotFound, Conflict]
    }).middleware(StaffOnly)
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({
      title: "Scan requests (accounts and staff)",
      description: "The signed-in user's own scan requests; for staff, every request and moving one to its next state."
    })
  ) {}
