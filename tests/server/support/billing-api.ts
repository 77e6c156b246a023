// Shortcuts for the billing tests, over HTTP as the SPA calls: choose a plan, send a receipt, act as
// staff. Staff are made in the database here (the operator's command is tested on its own).
import { PDFDocument, StandardFonts } from "pdf-lib"
import sharp from "sharp"
import { expect } from "vitest"
import { api, type Reply, type SignedIn } from "../../support/api.ts"
import type { StartedServer } from "../../support/start-server.ts"

/** A 1 x 1 PNG: a receipt as its bytes say (the server decodes it, so it must be a whole image). */
export const PNG = new Uint8Array(
  await sharp({ create: { width: 1, height: 1, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer()
)

/** A bank's PDF receipt: one page of text (the server keeps the pages, so it must have one). */
export const PDF = await (async () => {
  const doc = await PDFDocument.create()
  const page = doc.addPage([300, 200])
  page.drawText("Transfer Rp 150.000", { x: 20, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) })
  return doc.save()
})()

export const choosePlan = async (server: StartedServer, user: SignedIn, planId = "basic"): Promise<Reply> =>
  api(server).post("/v2/pricing/payments/", { plan_id: planId }, { token: user.access })

/** Issues an invoice and answers it; fails the test otherwise. */
export const issueInvoice = async (server: StartedServer, user: SignedIn, planId = "basic") => {
  const reply = await choosePlan(server, user, planId)
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data as { id: string; number: string; amount: number; status: string }
}

export const sendProof = async (
  server: StartedServer,
  token: string | undefined,
  invoiceId: string,
  bytes: Uint8Array = PNG,
  filename = "transfer.png"
): Promise<Reply> => {
  const form = new FormData()
  form.append("invoice_id", invoiceId)
  form.append("file", new Blob([new Uint8Array(bytes)]), filename)
  const response = await fetch(`${server.url}/v2/pricing/proofs/`, {
    method: "POST",
    body: form,
    headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers }
}

/** An invoice with its receipt sent: waiting for staff. */
export const waitingInvoice = async (server: StartedServer, user: SignedIn, planId = "basic") => {
  const invoice = await issueInvoice(server, user, planId)
  const reply = await sendProof(server, user.access, invoice.id)
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return invoice
}

export const makeStaff = (server: StartedServer, user: { readonly id: string }) =>
  server.withDb((db) => db.updateTable("users").set({ is_staff: 1 }).where("id", "=", user.id).execute())

/** A binary answer: status, headers and bytes. */
export const download = async (server: StartedServer, path: string, token: string | undefined) => {
  const response = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

export const startsWithPdf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-"

/** The newest mail to `to` whose subject contains `subject`, waiting for it (mails leave in the background). */
export const mailWith = async (server: StartedServer, to: string, subject: string, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await server.mails()).find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && m.subject.includes(subject))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}"`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
