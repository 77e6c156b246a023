// Where an imported annotation came from, as the selected annotation's panel says it: "imported,
// drawn by … on …" from the W3C creator and created its file carried (src/contract/annotation-provenance.ts).
import type { AnnotationProps } from "../../../../annotation/props.ts"

export interface Provenance {
  /** Who drew it: the creator's name, or its IRI when the file named no one. */
  readonly by: string | null
  /** When, in the reader's language; a date-only time is that calendar day wherever the reader is. */
  readonly on: string | null
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Null when the file said neither. */
export const provenanceOf = (props: AnnotationProps | undefined, locale: string): Provenance | null => {
  const by = props?.creator?.name ?? props?.creator?.id ?? null
  const created = props?.created
  const time = created === undefined ? Number.NaN : Date.parse(created)
  const on = Number.isNaN(time)
    ? null
    : new Intl.DateTimeFormat(locale, {
        dateStyle: "medium",
        ...(DATE_ONLY.test(created!) ? { timeZone: "UTC" } : { timeStyle: "short" })
      }).format(time)
  return by === null && on === null ? null : { by, on }
}
