// The pure rules of billing: what each invoice status allows, the numbers on an invoice, the period
// a payment buys, receipts by their bytes, paid features, and an invoice as the wire shows it.
import { describe, expect, it } from "vitest"
import type { InvoiceRow, ProofRow } from "../../server/db/invoices.ts"
import { decodeLogged } from "../../server/domain/events.ts"
import {
  actionsOf,
  allowedFrom,
  allows,
  dueAt,
  hasReceipt,
  ISSUED_STATUS,
  OPEN_STATUSES,
  invoiceNumber,
  periodOnAccept,
  pickUniqueCode,
  statusAfter,
  UNIQUE_CODE_MAX,
  verifyBy
} from "../../server/domain/invoice-rules.ts"
import { historyEntry, toInvoice } from "../../server/domain/invoice-wire.ts"
import { paidFeatureRefusal } from "../../server/domain/paid-features.ts"
import { plans } from "../../server/domain/plans.ts"
import { proofTypeOf } from "../../server/domain/proof-type.ts"
import { printable } from "../../server/pdf/billing-pdf.ts"
import { formatIdr } from "../../src/contract/money.ts"
import { invoiceIssuedMail } from "../../server/mail/billing.ts"

const bytes = (...b: number[]) => new Uint8Array(b)
const ascii = (s: string) => new TextEncoder().encode(s)

describe("what each status allows", () => {
  it("takes a receipt, a plan change or a cancel only while unpaid, and a decision only while waiting", () => {
    expect(allows("unpaid", "upload_proof") && allows("unpaid", "change_plan") && allows("unpaid", "cancel")).toBe(true)
    expect(allows("unpaid", "accept") || allows("unpaid", "reject")).toBe(false)
    expect(allows("waiting", "accept") && allows("waiting", "reject")).toBe(true)
    expect(allows("waiting", "upload_proof") || allows("waiting", "cancel")).toBe(false)
    for (const status of ["paid", "cancelled"] as const)
      for (const change of ["upload_proof", "change_plan", "cancel", "accept", "reject"] as const)
        expect(allows(status, change)).toBe(false)
  })

  it("guards each change's update by the statuses it may start from, and says where it leaves the invoice", () => {
    const changes = ["upload_proof", "change_plan", "cancel", "accept", "reject"] as const
    const statuses = ["unpaid", "waiting", "paid", "cancelled"] as const
    for (const change of changes)
      expect([...allowedFrom(change)].sort()).toEqual(statuses.filter((status) => allows(status, change)).sort())
    expect(changes.map((change) => [change, statusAfter(change)])).toEqual([
      ["upload_proof", "waiting"],
      ["change_plan", "unpaid"],
      ["cancel", "cancelled"],
      ["accept", "paid"],
      ["reject", "unpaid"]
    ])
  })

  it("counts an invoice open, holding its unique code, while unpaid or waiting; issues it unpaid; has a receipt once paid", () => {
    expect([...OPEN_STATUSES].sort()).toEqual(["unpaid", "waiting"])
    expect(ISSUED_STATUS).toBe("unpaid")
    expect(OPEN_STATUSES).toContain(ISSUED_STATUS)
    const statuses = ["unpaid", "waiting", "paid", "cancelled"] as const
    expect(statuses.filter(hasReceipt)).toEqual(["paid"])
  })

  it("offers the invoice PDF always and the receipt only once paid", () => {
    expect(actionsOf("unpaid")).toEqual({ upload_proof: true, change_plan: true, cancel: true, download: true, receipt: false })
    expect(actionsOf("waiting")).toEqual({ upload_proof: false, change_plan: false, cancel: false, download: true, receipt: false })
    expect(actionsOf("paid").receipt).toBe(true)
  })
})

describe("the numbers on an invoice", () => {
  it("is due a day after it is issued, and a receipt is verified within 48 hours", () => {
    const issued = new Date("2026-11-25T10:00:00.000Z")
    expect(dueAt(issued)).toBe("2026-11-26T10:00:00.000Z")
    expect(verifyBy("2026-11-25T10:00:00.000Z")).toBe("2026-11-27T10:00:00.000Z")
  })

  it("picks a unique code no open invoice holds, from 1 to 999, and none when all are taken", () => {
    expect(pickUniqueCode(new Set(), () => 0)).toBe(1)
    expect(pickUniqueCode(new Set([1, 2]), () => 0)).toBe(3)
    expect(pickUniqueCode(new Set([UNIQUE_CODE_MAX]), () => 0.9999999)).toBe(1)
    expect(pickUniqueCode(new Set(Array.from({ length: UNIQUE_CODE_MAX }, (_, i) => i + 1)), Math.random)).toBeUndefined()
    for (let i = 0; i < 200; i++) {
      const code = pickUniqueCode(new Set(), Math.random)!
      expect(code >= 1 && code <= UNIQUE_CODE_MAX).toBe(true)
    }
  })

  it("numbers an invoice by its month and six characters without look-alikes", () => {
    const number = invoiceNumber(new Date("2026-03-05T00:00:00.000Z"), bytes(0, 1, 33, 34, 255, 100))
    expect(number).toMatch(/^INV-202603-[0-9A-HJ-NP-Z]{6}$/)
    expect(number).toBe("INV-202603-01Z0HY")
  })

  it("writes rupiah as the reader's language does, the same in the mail as on the page", () => {
    const plain = (text: string) => text.replace(/\u00a0/g, " ")
    expect(plain(formatIdr("en", 150_737))).toBe("IDR 150,737")
    expect(plain(formatIdr("id", 150_737))).toBe("Rp 150.737")
    const bank = { bankName: "BCA", accountNumber: "123", accountHolder: "Preparat" }
    const facts = { name: "Ada", number: "INV-1", plan: "Basic", amount: 150_737, dueAt: "2026-03-05T00:00:00.000Z", bank, link: "x" }
    expect(plain(invoiceIssuedMail("en", facts).text)).toContain("Transfer exactly IDR 150,737 by")
    expect(plain(invoiceIssuedMail("id", facts).text)).toContain("Transfer tepat Rp 150.737 sebelum")
  })
})

describe("the period a payment buys", () => {
  const now = new Date("2026-11-25T00:00:00.000Z")
  const inForce = { plan_id: "basic", started_at: "2026-11-01T00:00:00.000Z", ends_at: "2026-12-01T00:00:00.000Z" }

  it("starts now when no plan is in force", () => {
    expect(periodOnAccept(undefined, plans.basic, now)).toEqual({ starts_at: now.toISOString(), ends_at: "2026-12-25T00:00:00.000Z" })
  })

  it("follows the period in force for the same plan or a cheaper one, so nothing paid is lost", () => {
    expect(periodOnAccept(inForce, plans.basic, now)).toEqual({ starts_at: inForce.ends_at, ends_at: "2026-12-31T00:00:00.000Z" })
    expect(periodOnAccept({ ...inForce, plan_id: "pro" }, plans.basic, now).starts_at).toBe(inForce.ends_at)
  })

  it("starts a dearer plan now", () => {
    expect(periodOnAccept(inForce, plans.pro, now).starts_at).toBe(now.toISOString())
  })
})

describe("a receipt by its bytes", () => {
  it("knows PDF, PNG, JPEG and WebP, and nothing else (a GIF, text, an empty file)", () => {
    expect(proofTypeOf(ascii("%PDF-1.7\n"))).toBe("application/pdf")
    expect(proofTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png")
    expect(proofTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg")
    expect(proofTypeOf(ascii("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp")
    expect(proofTypeOf(ascii("GIF89a"))).toBeUndefined()
    expect(proofTypeOf(ascii("%PD"))).toBeUndefined()
    expect(proofTypeOf(ascii("<html>"))).toBeUndefined()
    expect(proofTypeOf(new Uint8Array())).toBeUndefined()
  })
})

describe("paid features", () => {
  it("answers 402 with the feature and the plan on the free plan, and nothing on a paid one", () => {
    const refusal = paidFeatureRefusal(plans.free, "ai_analysis")
    expect(refusal).toMatchObject({ _tag: "PaymentRequired", code: "paid_feature", feature: "ai_analysis", plan: "free" })
    expect(refusal?.message).toContain("pricing")
    expect(paidFeatureRefusal(plans.free, "auto_tagging")?.feature).toBe("auto_tagging")
    expect(paidFeatureRefusal(plans.basic, "ai_analysis")).toBeUndefined()
    expect(paidFeatureRefusal(plans.pro, "auto_tagging")).toBeUndefined()
  })
})

describe("an invoice on the wire", () => {
  const row: InvoiceRow = {
    id: "I",
    number: "INV-202611-ABCDEF",
    user_id: "U",
    plan_id: "basic",
    price: 150_000,
    unique_code: 42,
    amount: 150_042,
    bank_name: "BCA",
    bank_account: "123",
    bank_holder: "PT X",
    status: "waiting",
    rejection_reason: "old reason",
    proof_id: "P",
    proof_at: "2026-11-25T00:00:00.000Z",
    created_at: "2026-11-24T00:00:00.000Z",
    due_at: "2026-12-01T00:00:00.000Z",
    paid_at: null,
    cancelled_at: null,
    updated_at: "2026-11-25T00:00:00.000Z"
  }
  const proof: ProofRow = {
    id: "P",
    invoice_id: "I",
    user_id: "U",
    blob_key: "k",
    content_type: "image/png",
    size: 10,
    created_at: "2026-11-25T00:00:00.000Z"
  }

  it("shows the verification promise while waiting, and a rejection's reason only while unpaid", () => {
    const waiting = toInvoice(row, proof, undefined)
    expect(waiting).toMatchObject({
      tier: "basic",
      tier_name: "Basic",
      currency: "IDR",
      verify_by: "2026-11-27T00:00:00.000Z",
      rejection_reason: null
    })
    expect(waiting.proof).toEqual({ id: "P", content_type: "image/png", size: 10, uploaded_at: proof.created_at })
    const unpaid = toInvoice({ ...row, status: "unpaid" }, proof, undefined)
    expect(unpaid).toMatchObject({ verify_by: null, rejection_reason: "old reason" })
  })

  it("turns each billing event into a history entry that says who acted, without naming staff", () => {
    const entry = (kind: string, payload: unknown) =>
      historyEntry(decodeLogged({ id: "e", kind, actor_id: "S", lab_id: null, payload: JSON.stringify(payload), created_at: "t" })!)
    expect(entry("payment.invoice_issued", { invoice_id: "I", number: "N", plan_id: "basic", amount: 1 })).toEqual({
      id: "e",
      at: "t",
      kind: "issued",
      by: "user",
      plan: "basic",
      amount: 1
    })
    expect(
      entry("payment.rejected", { invoice_id: "I", reason: "Wrong amount", by: "operator", notification_id: "n", recipients: ["U"] })
    ).toEqual({ id: "e", at: "t", kind: "rejected", by: "staff", reason: "Wrong amount" })
    expect(entry("payment.cancelled", { invoice_id: "I", by: "system" })?.by).toBe("system")
    expect(entry("subscription.expired", { invoice_id: "I", plan_id: "basic", ended_at: "t", recipients: [] })?.kind).toBe("expired")
    expect(entry("lab.renamed", { from: "a", name: "b", parent_id: null })).toBeUndefined()
  })
})

describe("text in a PDF", () => {
  it("keeps Latin-1 and prints anything the standard font lacks as ?", () => {
    expect(printable("Budi Santoso, Jl. Merdeka 5")).toBe("Budi Santoso, Jl. Merdeka 5")
    expect(printable("Zoë Ñúñez")).toBe("Zoë Ñúñez")
    expect(printable("Ana 😀 李")).toBe("Ana ? ?")
    expect(printable("a\tb\nc")).toBe("a b c")
  })
})
