// Turns the machines' Notices (an i18n key, or the server's own words) into text in the page's language.
import { useCallback } from "react"
import type { FieldNotices, Notice } from "../../effects/Notice.ts"
import { translateAny, useT } from "../../i18n/index.ts"

export const useNoticeText = () => {
  const t = useT()
  const text = useCallback(
    (notice: Notice | null | undefined): string | undefined =>
      notice == null
        ? undefined
        : "text" in notice
          ? notice.text
          : translateAny(t, notice.key, notice.params ? { ...notice.params } : undefined),
    [t]
  )
  /** The first message of a field, as forms show one message per field. */
  const field = useCallback((fields: FieldNotices, name: string) => text(fields[name]?.[0]), [text])
  /**
   * The form-wide message, unless it only repeats what a shown field already says (a 400 without a
   * message is summarised by its first field message, which is also shown beside that field).
   */
  const summary = useCallback(
    (error: Notice | null, fields: FieldNotices, shownFields: ReadonlyArray<string>) => {
      const message = text(error)
      return message !== undefined && shownFields.some((name) => field(fields, name) === message) ? undefined : message
    },
    [text, field]
  )
  return { text, field, summary }
}
