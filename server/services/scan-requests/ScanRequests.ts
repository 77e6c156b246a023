// Requests to scan physical slides: anyone sends one (a visitor with contact details, a signed-in user
// as their account), staff and the requester are mailed, the requester lists their own, staff list
// every one and move each along received -> scanning -> uploaded -> returned (the HTTP layer lets only
// staff reach those: StaffOnly). Each change is written with its domain event in one transaction; the
// mails go after the commit.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { Locale } from "../../../src/contract/auth.ts"
import { type BadRequest, badRequest, Conflict, type FieldErrors, NotFound, type TooManyRequests } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import {
  type Magnification,
  nextScanState,
  type ScanRequest,
  type ScanRequestPayload,
  type ScanState,
  type ScanStatePayload,
  type SubmittedScanRequest
} from "../../../src/contract/scan-requests.ts"
import type { Selectable } from "kysely"
import type { ScanRequestsTable } from "../../db/schema.ts"
import { findUserById, normalizeEmail } from "../../db/users.ts"
import type { ClientInfo } from "../../domain/client-info.ts"
import { stamp } from "../../domain/clock.ts"
import type { Paging } from "../../domain/paging.ts"
import { receivingLabIn } from "../../domain/receiving-lab.ts"
import { isOffered, nameOf, sections, stains } from "../../domain/scan-catalogue.ts"
import { scanRequestMessages } from "../../domain/scan-request-messages.ts"
import { scanRequestConfirmationMail, scanStateMail, staffScanRequestMail } from "../../mail/scan-request.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mailer } from "../platform/Mailer.ts"
import { RateLimiter } from "../platform/RateLimiter.ts"

type Row = Selectable<ScanRequestsTable>

export interface ScanRequestPage {
  readonly results: ReadonlyArray<ScanRequest>
  readonly count: number
}

/** Short and readable, for mails and phone calls. */
export const referenceOf = (id: string): string => `SR-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`

const toWire = (row: Row, locale: Locale): ScanRequest => ({
  id: row.id,
  reference: referenceOf(row.id),
  state: row.state,
  preparations: row.preparations,
  diagnosis: row.diagnosis,
  section: { id: row.section, name: nameOf(sections, row.section, locale) },
  stain: { id: row.stain, name: nameOf(stains, row.stain, locale) },
  magnification: row.magnification as Magnification,
  notes: row.notes,
  return_slides: row.return_slides === 1,
  return_address: row.return_address,
  contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone },
  user_id: row.user_id,
  folder_name: row.folder_name,
  timeline: { received: row.created_at, scanning: row.scanning_at, uploaded: row.uploaded_at, returned: row.returned_at },
  created_at: row.created_at,
  updated_at: row.updated_at
})

const blankToNull = (text: string | undefined): string | null => {
  const trimmed = text?.trim() ?? ""
  return trimmed === "" ? null : trimmed
}

/** When each state was reached is its own column. */
const reachedColumn = { scanning: "scanning_at", uploaded: "uploaded_at", returned: "returned_at" } as const

export class ScanRequests extends Context.Service<
  ScanRequests,
  {
    /** `viewer` is the signed-in sender, undefined for a visitor (who must then give a name and an email). */
    readonly submit: (
      viewer: AuthenticatedUser | undefined,
      payload: ScanRequestPayload,
      client: ClientInfo
    ) => Effect.Effect<SubmittedScanRequest, BadRequest | TooManyRequests>
    readonly mine: (userId: string, paging: Paging, locale: Locale) => Effect.Effect<ScanRequestPage>
    /** Staff's (callers check): every request, newest first, optionally in one state. */
    readonly all: (paging: Paging, locale: Locale, state: ScanState | undefined) => Effect.Effect<ScanRequestPage>
    /** Staff's (callers check): moves a request to its next state (nextScanState). */
    readonly advance: (
      userId: string,
      id: string,
      change: ScanStatePayload,
      locale: Locale
    ) => Effect.Effect<ScanRequest, NotFound | Conflict>
  }
>()("preparat/ScanRequests") {
  static readonly layer = Layer.effect(
    ScanRequests,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const database = yield* Database
      const { db } = database
      const events = yield* EventLog
      const mailer = yield* Mailer
      const limiter = yield* RateLimiter

      const localePrefix = (locale: Locale) => (locale === "id" ? "/id" : "")
      const myRequestsLink = (locale: Locale) => `${config.publicUrl}${localePrefix(locale)}/dashboard/setting/scan-requests`
      const staffPageLink = `${config.publicUrl}/dashboard/staff/scan-requests`

      /** The sender as the request keeps them: the account as it is now, or what the visitor typed. */
      const contactOf = (viewer: AuthenticatedUser | undefined, payload: ScanRequestPayload) =>
        Effect.gen(function* () {
          const phone = blankToNull(payload.contact_phone)
          if (viewer !== undefined) {
            const user = yield* database.query((d) => findUserById(d, viewer.id))
            return { userId: viewer.id, name: user?.name ?? viewer.name, email: user?.email ?? viewer.email, phone }
          }
          const missing: FieldErrors = {
            ...(blankToNull(payload.contact_name) === null ? { contact_name: [scanRequestMessages.required] } : {}),
            ...(blankToNull(payload.contact_email) === null ? { contact_email: [scanRequestMessages.required] } : {})
          }
          if (Object.keys(missing).length > 0) return yield* Effect.fail(badRequest(missing))
          return {
            userId: null,
            name: (payload.contact_name ?? "").trim(),
            email: normalizeEmail(payload.contact_email ?? ""),
            phone
          }
        })

      const submit = Effect.fn("ScanRequests.submit")(function* (
        viewer: AuthenticatedUser | undefined,
        payload: ScanRequestPayload,
        client: ClientInfo
      ) {
        const unknown: FieldErrors = {
          ...(isOffered(sections, payload.section) ? {} : { section: [scanRequestMessages.notOffered] }),
          ...(isOffered(stains, payload.stain) ? {} : { stain: [scanRequestMessages.notOffered] })
        }
        if (Object.keys(unknown).length > 0) return yield* Effect.fail(badRequest(unknown))
        const contact = yield* contactOf(viewer, payload)
        // Every request mails staff and the address it names: a visitor is limited per network
        // address and per address mailed, an account per account.
        if (contact.userId === null) {
          yield* limiter.attempt({ key: `scan-request-ip:${client.limitKey}` }, { key: `scan-request-email:${contact.email}` })
        } else {
          yield* limiter.attempt({ key: `scan-request-user:${contact.userId}` })
        }
        const locale = payload.locale ?? client.locale ?? "en"
        const now = stamp()
        const row: Row = {
          id: randomUUID(),
          user_id: contact.userId,
          contact_name: contact.name,
          contact_email: contact.email,
          contact_phone: contact.phone,
          preparations: payload.preparations,
          diagnosis: payload.diagnosis.trim(),
          section: payload.section,
          stain: payload.stain,
          magnification: payload.magnification,
          notes: payload.notes?.trim() ?? "",
          return_slides: payload.return_slides ? 1 : 0,
          return_address: payload.return_slides ? blankToNull(payload.return_address) : null,
          locale,
          state: "received",
          folder_name: null,
          created_at: now,
          scanning_at: null,
          uploaded_at: null,
          returned_at: null,
          updated_at: now
        }
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* sql(() => trx.insertInto("scan_requests").values(row).execute())
            yield* events.record(trx, {
              actorId: contact.userId,
              kind: "scan_request.submitted",
              payload: {
                request_id: row.id,
                reference: referenceOf(row.id),
                preparations: row.preparations,
                return_slides: payload.return_slides
              }
            })
          })
        )
        // The request is kept whatever happens to its mails; staff see it on their page either way.
        yield* mailer.sendInBackground({ to: config.staffEmail, ...staffScanRequestMail(toWire(row, "en"), staffPageLink) })
        // The page and the mail say the same place: both are read from the one configuration here.
        const mine = { ...toWire(row, locale), send_to: receivingLabIn(config.scanReceiving, locale) }
        yield* mailer.sendInBackground({
          to: contact.email,
          ...scanRequestConfirmationMail(locale, mine, contact.userId === null ? null : myRequestsLink(locale))
        })
        return mine
      })

      const pageOf = (filter: { readonly userId?: string; readonly state?: ScanState | undefined }, paging: Paging, locale: Locale) =>
        Effect.gen(function* () {
          let base = db.selectFrom("scan_requests")
          if (filter.userId !== undefined) base = base.where("user_id", "=", filter.userId)
          if (filter.state !== undefined) base = base.where("state", "=", filter.state)
          const [rows, total] = yield* Effect.all([
            sql(() => base.selectAll().orderBy("created_at", "desc").orderBy("id").limit(paging.limit).offset(paging.offset).execute()),
            sql(() => base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())
          ])
          return { results: rows.map((r) => toWire(r, locale)), count: Number(total?.n ?? 0) }
        })

      const mine = Effect.fn("ScanRequests.mine")(function* (userId: string, paging: Paging, locale: Locale) {
        return yield* pageOf({ userId }, paging, locale)
      })

      const all = Effect.fn("ScanRequests.all")(function* (paging: Paging, locale: Locale, state: ScanState | undefined) {
        return yield* pageOf({ state }, paging, locale)
      })

      const advance = Effect.fn("ScanRequests.advance")(function* (userId: string, id: string, change: ScanStatePayload, locale: Locale) {
        const updated = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const row = yield* sql(() => trx.selectFrom("scan_requests").selectAll().where("id", "=", id).executeTakeFirst())
            if (row === undefined) return yield* new NotFound({ message: scanRequestMessages.notFound })
            const next = nextScanState(row.state, row.return_slides === 1)
            if (change.state !== next) return yield* new Conflict({ message: scanRequestMessages.notNext(row.state, next) })
            const to = change.state as Exclude<ScanState, "received">
            const now = stamp()
            const folderName = to === "uploaded" ? blankToNull(change.folder_name) : row.folder_name
            // Only from the state read above: a second staff member's change in between is a conflict.
            const result = yield* sql(() =>
              trx
                .updateTable("scan_requests")
                .set({ state: to, [reachedColumn[to]]: now, folder_name: folderName, updated_at: now })
                .where("id", "=", id)
                .where("state", "=", row.state)
                .executeTakeFirst()
            )
            if (Number(result.numUpdatedRows) === 0) return yield* new Conflict({ message: scanRequestMessages.changedMeanwhile })
            yield* events.record(trx, {
              actorId: userId,
              kind: "scan_request.state_changed",
              payload: {
                request_id: id,
                reference: referenceOf(id),
                from: row.state,
                to,
                folder_name: folderName,
                requester_id: row.user_id
              }
            })
            return { ...row, state: to, [reachedColumn[to]]: now, folder_name: folderName, updated_at: now } as Row
          })
        )
        const requesterLocale: Locale = updated.locale === "id" ? "id" : "en"
        yield* mailer.sendInBackground({
          to: updated.contact_email,
          ...scanStateMail(
            requesterLocale,
            toWire(updated, requesterLocale),
            updated.state as Exclude<ScanState, "received">,
            updated.user_id === null ? null : myRequestsLink(requesterLocale)
          )
        })
        return toWire(updated, locale)
      })

      return ScanRequests.of({ submit, mine, all, advance })
    })
  )
}
