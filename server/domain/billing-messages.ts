// The English messages billing answers with; the SPA words the statuses and refusals it knows itself.
import { PROOF_MAX_BYTES } from "../../src/contract/billing.ts"

export const billingMessages = {
  unknownPlan: "Choose one of the paid plans.",
  alreadyOpen: (number: string) => `Invoice ${number} is still open: pay it, change its plan or cancel it before choosing another plan.`,
  busy: "Too many invoices are being issued at this moment. Please try again in a minute.",
  invoiceNotFound: "No such invoice.",
  staffOnly: "Only staff may verify payments.",
  notUnpaid: "This invoice is no longer waiting for payment.",
  notWaiting: "This invoice has no receipt waiting for verification.",
  noReceiptYet: "The receipt exists once the invoice is paid.",
  proofFormat: "The receipt must be a PNG, JPEG or WebP image or a PDF.",
  proofTooLarge: `The receipt may be at most ${Math.round(PROOF_MAX_BYTES / (1024 * 1024))} MB.`,
  proofMissing: "This invoice has no receipt.",
  planGone: "This invoice's plan is no longer offered; reject it with a reason so the user can choose another.",
  chosen: "Invoice issued.",
  proofReceived: "Receipt received: staff verify it within 2 x 24 hours.",
  accepted: "Payment accepted.",
  rejected: "Payment rejected.",
  contactSent: "Thank you: our sales team will reply by email."
} as const
