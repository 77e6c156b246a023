// A user's transfer receipt for their unpaid invoice: checked by its bytes and stored as a rewritten
// copy, the invoice moved to waiting with its event in one transaction, then the user and staff
// mailed. A receipt whose invoice did not move is not kept.
import { randomUUID } from "node:crypto"
import { readFile, stat } from "node:fs/promises"
import { Effect } from "effect"
import type { Multipart } from "effect/http"
import { badRequest, Conflict, PayloadTooLarge } from "../../../src/contract/errors.ts"
import { PROOF_MAX_BYTES } from "../../../src/contract/billing.ts"
import { findInvoice, type InvoiceRow, insertProof, moveInvoice } from "../../db/invoices.ts"
import { type MailUser, mailUserOf } from "../../db/users.ts"
import { billingMessages } from "../../domain/billing-messages.ts"
import { allows, verifyBy } from "../../domain/invoice-rules.ts"
import { findPlan } from "../../domain/plans.ts"
import { PROOF_SNIFF_BYTES, proofTypeOf } from "../../domain/proof-type.ts"
import { invoiceLink, proofReceivedMail, staffProofMail } from "../../mail/billing.ts"
import { ProofRefused, rewriteProof } from "../../pdf/proof-rewrite.ts"
import { StaffRoles } from "../auth/StaffRoles.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { BlobStore } from "../platform/BlobStore.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mailer } from "../platform/Mailer.ts"
import { RateLimiter } from "../platform/RateLimiter.ts"
import { detailOf, ownInvoice } from "./invoice-detail.ts"

/** The receipt's type by its bytes, within the size limit; the 413 or 400 that says why not. */
const inspectProof = (file: Multipart.PersistedFile) =>
  Effect.gen(function* () {
    const { size } = yield* Effect.promise(() => stat(file.path))
    if (size > PROOF_MAX_BYTES) return yield* new PayloadTooLarge({ message: billingMessages.proofTooLarge })
    const bytes = yield* Effect.promise(() => readFile(file.path))
    const type = proofTypeOf(bytes.subarray(0, PROOF_SNIFF_BYTES))
    const refused = Effect.fail({
      ...badRequest({ file: [billingMessages.proofFormat] }, billingMessages.proofFormat),
      code: "unsupported_format"
    })
    if (!type || size === 0) return yield* refused
    // What is stored is a copy holding only the picture or the pages (pdf/proof-rewrite.ts).
    const copy = yield* Effect.tryPromise({ try: () => rewriteProof(bytes, type), catch: (e) => e }).pipe(
      Effect.catch((error) =>
        error instanceof ProofRefused
          ? Effect.logInfo(`receipt refused: ${error.message}`).pipe(Effect.andThen(refused))
          : Effect.die(error)
      )
    )
    return { bytes: copy, type, size: copy.length }
  })

export const makeReceiptUpload = Effect.gen(function* () {
  const database = yield* Database
  const { db } = database
  const config = yield* AppConfig
  const events = yield* EventLog
  const blobs = yield* BlobStore
  const mailer = yield* Mailer
  const limiter = yield* RateLimiter
  const staff = yield* StaffRoles

  const tellStaff = (row: InvoiceRow, user: MailUser, proofAt: string) =>
    Effect.gen(function* () {
      const members = yield* staff.list()
      const to = members.length > 0 ? members.map((m) => m.email) : [config.staffEmail]
      for (const address of to)
        yield* mailer.sendInBackground({
          to: address,
          ...staffProofMail({
            number: row.number,
            user: `${user.name} <${user.email}>`,
            plan: findPlan(row.plan_id)?.name ?? row.plan_id,
            amount: row.amount,
            verifyBy: verifyBy(proofAt),
            link: `${config.publicUrl}/dashboard/staff/payments`
          })
        })
    })

  const uploadProof = Effect.fn("Billing.uploadProof")(function* (userId: string, invoiceId: string, file: Multipart.PersistedFile) {
    yield* limiter.attempt({ key: `payment-proof:${userId}` })
    const found = yield* ownInvoice(db, userId, invoiceId)
    if (!allows(found.invoice.status, "upload_proof")) return yield* new Conflict({ message: billingMessages.notUnpaid })
    const proof = yield* inspectProof(file)
    const key = yield* blobs.put(proof.bytes)
    const saved = yield* database
      .transaction((trx) =>
        Effect.gen(function* () {
          const proofId = randomUUID()
          const at = new Date().toISOString()
          yield* sql(() =>
            insertProof(trx, {
              id: proofId,
              invoice_id: invoiceId,
              user_id: userId,
              blob_key: key,
              content_type: proof.type,
              size: proof.size,
              created_at: at
            })
          )
          const moved = yield* sql(() =>
            moveInvoice(
              trx,
              invoiceId,
              "upload_proof",
              { proof_id: proofId, proof_at: at, rejection_reason: null, updated_at: at },
              { userId }
            )
          )
          if (!moved) return yield* new Conflict({ message: billingMessages.notUnpaid })
          yield* events.record(trx, {
            actorId: userId,
            invoiceId,
            kind: "payment.proof_uploaded",
            payload: { invoice_id: invoiceId, proof_id: proofId, content_type: proof.type, size: proof.size }
          })
          const now = (yield* sql(() => findInvoice(trx, invoiceId)))!
          return { now, at, user: yield* sql(() => mailUserOf(trx, userId)), detail: yield* detailOf(trx, now) }
        })
      )
      .pipe(Effect.onError(() => blobs.remove([key])))
    if (saved.user) {
      const user = saved.user
      yield* mailer.sendInBackground({
        to: user.email,
        ...proofReceivedMail(user.locale, {
          name: user.name,
          number: saved.now.invoice.number,
          verifyBy: verifyBy(saved.at),
          link: invoiceLink(config.publicUrl, user.locale, invoiceId)
        })
      })
      yield* tellStaff(saved.now.invoice, user, saved.at)
    }
    return saved.detail
  })

  return { uploadProof }
})
