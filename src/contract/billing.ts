// /v2/pricing and /v2/staff/payments: plans, and paying for one by bank transfer.
//
// The flow: the user chooses a paid plan (POST /pricing/payments/), which issues an invoice in
// "unpaid" (waiting for payment; the SPA labels it 'Postponed'): the amount to transfer carries a
// unique code in its last digits, so staff can match the transfer to the invoice. The user uploads
// the transfer receipt (POST /pricing/proofs/) and the invoice is "waiting" for verification, which
// staff promise within 2 x 24 hours (`verify_by`). Staff accept it ("paid": the plan starts now for
// its period, and its quota and paid features follow at once) or reject it with a reason (back to
// "unpaid", the reason shown, a new receipt welcome). When a paid period ends the account is on the
// free plan again: nothing is deleted, but uploads over the free quota are refused and paid features
// answer 402. Every change is an entry of the invoice's `history`.
//
// The plan catalogue lives on the server (GET /pricing/plans/); the wire names plans by their id.
// Staff are made only by an operator's command (npm run staff), never through this API.
import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Ok, Page, PageQuery } from "./envelope.ts"
import { BadRequest, Conflict, Forbidden, NotFound, PayloadTooLarge, ServiceUnavailable, TooManyRequests } from "./errors.ts"
import { Authorization, StaffOnly } from "./middleware.ts"
import { Text } from "./rules.ts"

/** Largest transfer receipt accepted, in bytes (an image or a PDF). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024

/** What a transfer receipt may be: a photo, a screenshot or the bank's PDF. The server tells them by their bytes. */
export const PROOF_TYPES = ["image/png", "image/jpeg", "image/webp", "application/pdf"] as const
export type ProofType = (typeof PROOF_TYPES)[number]

export const isProofType = (type: string): type is ProofType => (PROOF_TYPES as ReadonlyArray<string>).includes(type)
/** Staff verify a receipt within this long after it arrives: 2 x 24 hours. */
export const VERIFICATION_HOURS = 48
/** Longest rejection reason staff may give. */
export const REASON_MAX = 500
/** Longest contact-us question. */
export const CONTACT_DETAILS_MAX = 4000

const PlanId = Text(64)
/** Text that must say something, up to `max` characters. */
const Said = (max: number) => Text(max).check(Schema.makeFilter((s: string) => s.trim().length > 0 || "validation.required"))

/** One plan of the catalogue. */
export const Plan = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  /** False for the free plan, which needs no invoice. */
  paid: Schema.Boolean,
  /** Bytes of files the account may own, the trash included. */
  storage_bytes: Schema.Number,
  /** AI analyses per period; 0 where the plan has none. */
  analyses: Schema.Number,
  /** AI analysis and auto tagging are paid-only (server/domain/paid-features.ts). */
  ai: Schema.Boolean,
  auto_tagging: Schema.Boolean,
  /** Days one payment lasts; null for the free plan, which never ends. */
  period_days: Schema.NullOr(Schema.Number),
  /** Price of one period in Indonesian rupiah (whole rupiah); 0 for the free plan. */
  price_idr: Schema.Number
})
export type Plan = typeof Plan.Type

export const InvoiceStatus = Schema.Literals(["unpaid", "waiting", "paid", "cancelled"])
export type InvoiceStatus = typeof InvoiceStatus.Type

/** Where to transfer the amount to. */
export const BankAccount = Schema.Struct({ bank_name: Schema.String, account_number: Schema.String, account_holder: Schema.String })
export type BankAccount = typeof BankAccount.Type

/** The receipt the user uploaded last. */
export const ProofSummary = Schema.Struct({
  id: Schema.String,
  /** As its bytes say: image/png, image/jpeg, image/webp or application/pdf. */
  content_type: Schema.String,
  size: Schema.Number,
  uploaded_at: Schema.String
})

/** What the invoice's owner may do with it now; the server decides, the SPA shows the buttons. */
export const InvoiceActions = Schema.Struct({
  upload_proof: Schema.Boolean,
  change_plan: Schema.Boolean,
  cancel: Schema.Boolean,
  download: Schema.Boolean,
  receipt: Schema.Boolean
})

export const HistoryKind = Schema.Literals(["issued", "plan_changed", "proof_uploaded", "accepted", "rejected", "cancelled", "expired"])
export type HistoryKind = typeof HistoryKind.Type

/** One change of an invoice, oldest first. */
export const InvoiceHistoryEntry = Schema.Struct({
  id: Schema.String,
  kind: HistoryKind,
  at: Schema.String,
  /** Who made the change: the invoice's owner, staff (in the browser or the operator's command line), or the system (a period that ended). */
  by: Schema.Literals(["user", "staff", "system"]),
  /** A rejection's reason. */
  reason: Schema.optionalKey(Schema.String),
  /** plan_changed: the plan before. */
  from_plan: Schema.optionalKey(Schema.String),
  /** issued, plan_changed: the plan and the amount since. */
  plan: Schema.optionalKey(Schema.String),
  amount: Schema.optionalKey(Schema.Number)
})
export type InvoiceHistoryEntry = typeof InvoiceHistoryEntry.Type

const invoiceFields = {
  id: Schema.String,
  /** Printed on the invoice and quoted in the transfer's description, e.g. "INV-2025-000042". */
  number: Schema.String,
  status: InvoiceStatus,
  /** The plan's id and its name. */
  tier: Schema.String,
  tier_name: Schema.String,
  /** The plan's price, the unique code, and their sum: the exact amount to transfer, in rupiah. */
  price: Schema.Number,
  unique_code: Schema.Number,
  amount: Schema.Number,
  currency: Schema.Literal("IDR"),
  bank: BankAccount,
  created_at: Schema.String,
  /** Transfer by then; later, choose the plan again. */
  due_at: Schema.String,
  paid_at: Schema.NullOr(Schema.String),
  /** The period it paid for, once paid. */
  period: Schema.NullOr(Schema.Struct({ starts_at: Schema.String, ends_at: Schema.String })),
  proof: Schema.NullOr(ProofSummary),
  /** While waiting: when staff promise to have verified the receipt (2 x 24 hours after it arrived). */
  verify_by: Schema.NullOr(Schema.String),
  /** While unpaid after a rejection: why the last receipt was refused. */
  rejection_reason: Schema.NullOr(Schema.String),
  actions: InvoiceActions
}

/** An invoice as lists show it. */
export const Invoice = Schema.Struct(invoiceFields)
export type Invoice = typeof Invoice.Type

/** One invoice with its history. */
export const InvoiceDetail = Schema.Struct({ ...invoiceFields, history: Schema.Array(InvoiceHistoryEntry) })
export type InvoiceDetail = typeof InvoiceDetail.Type

/** GET /pricing/plan/current/: the plan in force and what may change it. */
export const CurrentPlan = Schema.Struct({
  plan: Plan,
  /** The paid period in force; null on the free plan. */
  subscription: Schema.NullOr(
    Schema.Struct({ plan_id: Schema.String, invoice_id: Schema.String, started_at: Schema.String, ends_at: Schema.String })
  ),
  /** On the free plan after a paid period ended: which, and when (the way back is to choose a plan again). */
  lapsed: Schema.NullOr(Schema.Struct({ plan_id: Schema.String, ended_at: Schema.String })),
  /** The invoice still open (unpaid or waiting), if any; one at a time. */
  open_invoice: Schema.NullOr(Invoice),
  /** The account may verify payments (the staff page). */
  staff: Schema.Boolean
})
export type CurrentPlan = typeof CurrentPlan.Type

export const ChoosePlanPayload = Schema.Struct({ plan_id: PlanId })

/** PUT /pricing/payments/{id}/: cancel an unpaid invoice, or put another paid plan on it. */
export const InvoiceChangePayload = Schema.Union([
  Schema.Struct({ action: Schema.Literal("cancel") }),
  Schema.Struct({ action: Schema.Literal("change_plan"), plan_id: PlanId })
])
export type InvoiceChangePayload = typeof InvoiceChangePayload.Type

/** The transfer receipt: an image (PNG, JPEG, WebP) or a PDF, recognised by its bytes, at most PROOF_MAX_BYTES. */
export const ProofPayload = Schema.Struct({
  invoice_id: Text(64),
  file: Multipart.SingleFileSchema
}).pipe(HttpApiSchema.asMultipart({ maxParts: 4, maxFileSize: PROOF_MAX_BYTES + 1024 * 1024 }))

/** Contact us about plans: mailed to sales from the signed-in account, with a copy to the sender. */
export const ContactPayload = Schema.Struct({
  details: Said(CONTACT_DETAILS_MAX),
  plan_id: Schema.optionalKey(PlanId),
  phone: Schema.optionalKey(Text(32)),
  company: Schema.optionalKey(Text(200))
})
export type ContactPayload = typeof ContactPayload.Type

const InvoiceParams = { id: Text(64) }
const Pdf = HttpApiSchema.StreamUint8Array({ contentType: "application/pdf" })

export class Billing extends HttpApiGroup.make("billing")
  .add(
    HttpApiEndpoint.get("plans", "/pricing/plans/", { success: Ok(Schema.Struct({ results: Schema.Array(Plan) })) }),
    HttpApiEndpoint.get("current", "/pricing/plan/current/", { success: Ok(CurrentPlan) }),
    HttpApiEndpoint.post("contactUs", "/pricing/plan/contactus/", {
      payload: ContactPayload,
      success: Ok(Schema.Null),
      error: [BadRequest, TooManyRequests, ServiceUnavailable]
    }),
    HttpApiEndpoint.get("payments", "/pricing/payments/", { query: PageQuery, success: Ok(Page(Invoice)), error: BadRequest }),
    /** Choosing a paid plan issues its invoice; 409 while another invoice is open, 429 past the address's invoices of the day. */
    HttpApiEndpoint.post("choose", "/pricing/payments/", {
      payload: ChoosePlanPayload,
      success: Ok(InvoiceDetail).pipe(HttpApiSchema.status(201)),
      error: [BadRequest, Conflict, TooManyRequests]
    }),
    HttpApiEndpoint.get("payment", "/pricing/payments/:id/", { params: InvoiceParams, success: Ok(InvoiceDetail), error: NotFound }),
    HttpApiEndpoint.put("updatePayment", "/pricing/payments/:id/", {
      params: InvoiceParams,
      payload: InvoiceChangePayload,
      success: Ok(InvoiceDetail),
      error: [BadRequest, NotFound, Conflict]
    }),
    HttpApiEndpoint.get("download", "/pricing/payments/:id/download/", { params: InvoiceParams, success: Pdf, error: NotFound }),
    /** The receipt of a paid invoice (the spec's spelling); 409 until it is paid. */
    HttpApiEndpoint.get("receipt", "/pricing/payments/:id/recipt/", { params: InvoiceParams, success: Pdf, error: [NotFound, Conflict] }),
    HttpApiEndpoint.post("uploadProof", "/pricing/proofs/", {
      payload: ProofPayload,
      success: Ok(InvoiceDetail).pipe(HttpApiSchema.status(201)),
      error: [BadRequest, NotFound, Conflict, PayloadTooLarge, TooManyRequests]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Pricing", description: "Plans, invoices paid by bank transfer, receipts, contact us" })) {}

/** An invoice as staff see it: whose it is. */
export const StaffInvoice = Schema.Struct({
  ...invoiceFields,
  user: Schema.Struct({ id: Schema.String, email: Schema.String, name: Schema.String })
})
export type StaffInvoice = typeof StaffInvoice.Type

/** With its history, and who on the staff did what (by name; "operator" for the command line). */
export const StaffInvoiceDetail = Schema.Struct({
  ...StaffInvoice.fields,
  history: Schema.Array(Schema.Struct({ ...InvoiceHistoryEntry.fields, staff: Schema.optionalKey(Schema.String) }))
})
export type StaffInvoiceDetail = typeof StaffInvoiceDetail.Type

export const PaymentReviewQuery = {
  ...PageQuery,
  /** Which invoices; "waiting" (the default) lists those to verify, oldest receipt first. */
  status: Schema.optional(InvoiceStatus)
}

export const RejectPayload = Schema.Struct({ reason: Said(REASON_MAX) })

/** Staff only (403 otherwise): verifying payments. */
export class PaymentReview extends HttpApiGroup.make("paymentReview")
  .add(
    HttpApiEndpoint.get("list", "/staff/payments/", {
      query: PaymentReviewQuery,
      success: Ok(Page(StaffInvoice)),
      error: [BadRequest, Forbidden]
    }),
    HttpApiEndpoint.get("get", "/staff/payments/:id/", {
      params: InvoiceParams,
      success: Ok(StaffInvoiceDetail),
      error: [Forbidden, NotFound]
    }),
    HttpApiEndpoint.get("proof", "/staff/payments/:id/proof/", {
      params: InvoiceParams,
      success: HttpApiSchema.StreamUint8Array({ contentType: "application/octet-stream" }),
      error: [Forbidden, NotFound]
    }),
    HttpApiEndpoint.post("accept", "/staff/payments/:id/accept/", {
      params: InvoiceParams,
      success: Ok(StaffInvoiceDetail),
      error: [Forbidden, NotFound, Conflict]
    }),
    HttpApiEndpoint.post("reject", "/staff/payments/:id/reject/", {
      params: InvoiceParams,
      payload: RejectPayload,
      success: Ok(StaffInvoiceDetail),
      error: [BadRequest, Forbidden, NotFound, Conflict]
    })
  )
  .middleware(StaffOnly)
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Staff: payments", description: "Verifying transfer receipts (staff only)" })) {}
