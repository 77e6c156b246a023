// Invoices as the server answers them, for the billing machines' tests.
import type { InvoiceDetail } from "../contract/billing.ts"

export const noActions = { upload_proof: false, change_plan: false, cancel: false, download: true, receipt: false }

export const invoice = (over: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  id: "inv1",
  number: "INV-2026-000001",
  status: "unpaid",
  tier: "basic",
  tier_name: "Basic",
  price: 150_000,
  unique_code: 123,
  amount: 150_123,
  currency: "IDR",
  bank: { bank_name: "BCA", account_number: "1234567890", account_holder: "PT Preparat" },
  created_at: "2026-11-25T06:00:00.000Z",
  due_at: "2026-11-28T06:00:00.000Z",
  paid_at: null,
  period: null,
  proof: null,
  verify_by: null,
  rejection_reason: null,
  actions: { ...noActions, upload_proof: true, change_plan: true, cancel: true },
  history: [{ id: "h1", kind: "issued", at: "2026-11-25T06:00:00.000Z", by: "user", plan: "basic", amount: 150_123 }],
  ...over
})
