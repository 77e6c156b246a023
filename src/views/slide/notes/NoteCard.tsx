// One note or report in the list: its title, who wrote it and when, its text kept to a few lines
// until opened, and (for whoever may) edit and delete, the deletion asked first in place.
import { useState } from "react"
import type { SlideNote } from "../../../contract/notes.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { relativeTime } from "../../notifications/relative-time.ts"
import * as panel from "../annotation/panels/panels.css.ts"
import { PenIcon, TrashIcon } from "../../ui/index.ts"
import * as css from "./notes.css.ts"
import { ReportFoot, ReportHead } from "./ReportSummary.tsx"

/** Texts longer than this start folded. */
const FOLDED_CHARS = 280

export interface NoteCardProps {
  readonly note: SlideNote
  readonly asking: boolean
  readonly busy: boolean
  readonly onEdit: () => void
  readonly onDelete: () => void
  readonly onConfirm: () => void
  readonly onKeep: () => void
  /** A report's card: its fields and a PDF to download. */
  readonly report?: { readonly downloading: boolean; readonly onDownload: () => void }
}

export const NoteCard = ({ note, asking, busy, onEdit, onDelete, onConfirm, onKeep, report }: NoteCardProps) => {
  const t = useT()
  const { locale } = useLocale()
  const long = note.value.length > FOLDED_CHARS || note.value.split("\n").length > 4
  const [open, setOpen] = useState(false)
  const edited = note.updated_at !== note.created_at
  return (
    <li className={css.card} data-testid="note-card">
      <div className={css.cardHead}>
        <div>
          <h3 className={css.title}>{note.title}</h3>
          <p className={css.meta}>
            {t("viewer.notes.byAt", {
              name: note.author?.name ?? t("viewer.notes.formerMember"),
              time: relativeTime(note.created_at, new Date(), locale)
            })}
            {edited && ` · ${t("viewer.notes.edited")}`}
            {note.editor && note.editor.id !== note.author?.id && ` · ${t("viewer.reports.reviewedBy", { name: note.editor.name })}`}
          </p>
        </div>
        {note.can_edit && (
          <div className={css.actions}>
            <button
              type="button"
              className={panel.iconButton}
              onClick={onEdit}
              aria-label={t("viewer.notes.edit", { title: note.title })}
              disabled={busy}
            >
              <PenIcon size={14} />
            </button>
            <button
              type="button"
              className={panel.iconButton}
              onClick={onDelete}
              aria-label={t("viewer.notes.delete", { title: note.title })}
              disabled={busy}
            >
              <TrashIcon size={14} />
            </button>
          </div>
        )}
      </div>
      {report !== undefined && <ReportHead report={note} />}
      {note.value !== "" && <p className={long && !open ? `${css.value} ${css.clamped}` : css.value}>{note.value}</p>}
      {long && (
        <button type="button" className={panel.textButton} style={{ marginTop: 6 }} onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t("viewer.notes.showLess") : t("viewer.notes.showAll")}
        </button>
      )}
      {report !== undefined && <ReportFoot report={note} downloading={report.downloading} busy={busy} onDownload={report.onDownload} />}
      {asking && (
        <div className={css.confirm} role="alertdialog" aria-label={t("viewer.notes.confirmDelete", { title: note.title })}>
          {t("viewer.notes.confirmDelete", { title: note.title })}
          <div className={css.confirmActions}>
            <button type="button" className={css.dangerButton} onClick={onConfirm} disabled={busy}>
              {t("viewer.notes.confirm")}
            </button>
            <button type="button" className={panel.textButton} onClick={onKeep} disabled={busy}>
              {t("viewer.notes.keep")}
            </button>
          </div>
        </div>
      )}
    </li>
  )
}
