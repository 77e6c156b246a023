// The scan-request wizard's rules, apart from its states: which fields each step asks for, each
// step's check (the contract's own field rules, so the browser refuses exactly what the server
// would), and the payload the form's values become.
import { Schema } from "effect"
import type { Locale } from "../../contract/auth.ts"
import { Email, PersonName } from "../../contract/rules.ts"
import {
  addressWhenReturned,
  CatalogueId,
  Diagnosis,
  type Magnification,
  Magnification as MagnificationSchema,
  Notes,
  Phone,
  Preparations,
  ReturnAddress,
  type ScanRequestPayload
} from "../../contract/scan-requests.ts"
import type { FieldNotices } from "../../effects/Notice.ts"
import { validate } from "../support/validate.ts"

export type ScanStep = "specimen" | "preparation" | "handling" | "contact" | "review"
export const scanSteps: ReadonlyArray<ScanStep> = ["specimen", "preparation", "handling", "contact", "review"]
/** The steps that ask for something (all but the review). */
export type FormStep = Exclude<ScanStep, "review">
export const formSteps: ReadonlyArray<FormStep> = ["specimen", "preparation", "handling", "contact"]

/** The form as typed: numbers and choices stay text until they are checked. */
export interface ScanValues {
  readonly preparations: string
  readonly diagnosis: string
  readonly section: string
  readonly stain: string
  readonly magnification: Magnification | ""
  readonly notes: string
  /** Null until the user answers. */
  readonly return_slides: boolean | null
  readonly return_address: string
  readonly contact_name: string
  readonly contact_email: string
  readonly contact_phone: string
}

export const emptyScanValues: ScanValues = {
  preparations: "",
  diagnosis: "",
  section: "",
  stain: "",
  magnification: "",
  notes: "",
  return_slides: null,
  return_address: "",
  contact_name: "",
  contact_email: "",
  contact_phone: ""
}

/** The signed-in sender, whose account is the contact; null for a visitor. */
export interface ScanAccount {
  readonly name: string
  readonly email: string
}

/** Which step asks for each field, so an error the server names opens the step that shows it. */
export const stepOfField: Readonly<Record<keyof ScanValues, FormStep>> = {
  preparations: "specimen",
  diagnosis: "specimen",
  section: "preparation",
  stain: "preparation",
  magnification: "preparation",
  notes: "handling",
  return_slides: "handling",
  return_address: "handling",
  contact_name: "contact",
  contact_email: "contact",
  contact_phone: "contact"
}

const trimmedOrAbsent = (text: string): string | undefined => (text.trim() === "" ? undefined : text.trim())

/** "" is no answer (required); anything else is a number for the rules to judge ("2.5", "abc" included). */
const count = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text.trim()))

/** Only the keys that have a value: an absent key is what the rules call "required". */
const defined = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

const schemas = {
  specimen: Schema.Struct({ preparations: Preparations, diagnosis: Diagnosis }),
  preparation: Schema.Struct({ section: CatalogueId, stain: CatalogueId, magnification: MagnificationSchema }),
  handling: Schema.Struct({
    notes: Schema.optionalKey(Notes),
    return_slides: Schema.Boolean,
    return_address: Schema.optionalKey(ReturnAddress)
  }).check(addressWhenReturned),
  visitor: Schema.Struct({ contact_name: PersonName, contact_email: Email, contact_phone: Schema.optionalKey(Phone) }),
  account: Schema.Struct({ contact_phone: Schema.optionalKey(Phone) })
}

const partOf = (step: FormStep, v: ScanValues, account: ScanAccount | null): { schema: Schema.Decoder<unknown>; values: unknown } => {
  switch (step) {
    case "specimen":
      return { schema: schemas.specimen, values: defined({ preparations: count(v.preparations), diagnosis: v.diagnosis }) }
    case "preparation":
      return {
        schema: schemas.preparation,
        values: defined({
          section: trimmedOrAbsent(v.section),
          stain: trimmedOrAbsent(v.stain),
          magnification: v.magnification || undefined
        })
      }
    case "handling":
      return {
        schema: schemas.handling,
        values: defined({ notes: v.notes, return_slides: v.return_slides ?? undefined, return_address: v.return_address })
      }
    case "contact":
      return account === null
        ? {
            schema: schemas.visitor,
            values: defined({ contact_name: v.contact_name, contact_email: v.contact_email.trim(), contact_phone: v.contact_phone })
          }
        : { schema: schemas.account, values: defined({ contact_phone: v.contact_phone }) }
  }
}

/** What is wrong on one step, or null when it may be left. */
export const stepErrors = (step: FormStep, values: ScanValues, account: ScanAccount | null): FieldNotices | null => {
  const { schema, values: part } = partOf(step, values, account)
  const errors = validate(schema, part)
  if (errors === null) return null
  // An empty field fails its format rules too; "required" alone says what to do (as the server says).
  return Object.fromEntries(
    Object.entries(errors).map(([field, notices]) => [
      field,
      notices.some((n) => "key" in n && n.key === "validation.required") ? [{ key: "validation.required" }] : notices
    ])
  )
}

/** The request the values make: a visitor's contact goes along, an account's does not (the server knows it). */
export const toPayload = (v: ScanValues, account: ScanAccount | null, locale: Locale): ScanRequestPayload => ({
  preparations: Number(v.preparations.trim()),
  diagnosis: v.diagnosis.trim(),
  section: v.section,
  stain: v.stain,
  magnification: v.magnification as Magnification,
  ...(v.notes.trim() === "" ? {} : { notes: v.notes.trim() }),
  return_slides: v.return_slides === true,
  ...(v.return_slides === true ? { return_address: v.return_address.trim() } : {}),
  ...(account === null ? { contact_name: v.contact_name.trim(), contact_email: v.contact_email.trim() } : {}),
  ...(v.contact_phone.trim() === "" ? {} : { contact_phone: v.contact_phone.trim() }),
  locale
})

/** The first step holding a field the server refused, if any. */
export const firstRefusedStep = (fields: Readonly<Record<string, unknown>>): FormStep | undefined =>
  formSteps.find((step) => Object.keys(fields).some((field) => stepOfField[field as keyof ScanValues] === step))
