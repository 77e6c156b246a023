// The tables of money and glass: scan requests, invoices, receipts, subscriptions, staff actions. Part of the schema (schema.ts gathers every table for Kysely); the same
// conventions: ISO-8601 UTC strings for times, 0/1 integers for flags, on both engines.

/** A request to scan physical slides (migration 0015); flags 0/1, times ISO strings. */
export interface ScanRequestsTable {
  id: string
  /** Null for a visitor's request, or once the account is deleted. */
  user_id: string | null
  contact_name: string
  contact_email: string
  contact_phone: string | null
  preparations: number
  diagnosis: string
  /** Catalogue ids (server/domain/scan-catalogue.ts). */
  section: string
  stain: string
  magnification: string
  notes: string
  return_slides: number
  return_address: string | null
  /** The language of the requester's mails. */
  locale: string
  state: "received" | "scanning" | "uploaded" | "returned"
  folder_name: string | null
  created_at: string
  scanning_at: string | null
  uploaded_at: string | null
  returned_at: string | null
  updated_at: string
}

export type InvoiceRowStatus = "unpaid" | "waiting" | "paid" | "cancelled"

/** An invoice of a paid plan (migration 0014); amounts in whole rupiah, copied in when issued. */
export interface InvoicesTable {
  id: string
  number: string
  user_id: string
  plan_id: string
  price: number
  unique_code: number
  amount: number
  bank_name: string
  bank_account: string
  bank_holder: string
  status: InvoiceRowStatus
  rejection_reason: string | null
  /** The last receipt uploaded, and when. */
  proof_id: string | null
  proof_at: string | null
  created_at: string
  due_at: string
  paid_at: string | null
  cancelled_at: string | null
  updated_at: string
}

/** A transfer receipt; its bytes are a BlobStore blob. */
export interface PaymentProofsTable {
  id: string
  invoice_id: string
  user_id: string
  blob_key: string
  content_type: string
  size: number
  created_at: string
}

/** A paid period bought by an invoice. */
export interface SubscriptionsTable {
  id: string
  user_id: string
  plan_id: string
  invoice_id: string
  started_at: string
  ends_at: string
  /** When the user was told the period ended (the sweep); null until then. */
  expired_at: string | null
  created_at: string
}

/** One thing done as staff; `staff_id` null and `staff_label` "operator" for the command line. */
export interface StaffActionsTable {
  id: string
  action: string
  staff_id: string | null
  staff_label: string
  invoice_id: string | null
  target_user_id: string | null
  reason: string | null
  event_id: string | null
  created_at: string
}
