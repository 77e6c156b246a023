// One kind of a slide's writing (its notes, or its reports) in the notes tab: the flow
// (notes.machine.ts) runs here, and what each call ends in is said in a toast, as the spec asks.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { useEffect } from "react"
import type { NoteKind } from "../../../contract/notes.ts"
import type { Measurements, ReportRegion } from "../../../contract/report-fields.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { notesMachine } from "../../../machines/notes/notes.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { PlusIcon, useToast } from "../../ui/index.ts"
import { saveFile } from "../../billing/save-file.ts"
import * as panel from "../annotation/panels/panels.css.ts"
import { NoteCard } from "./NoteCard.tsx"
import { NoteForm } from "./NoteForm.tsx"
import * as css from "./notes.css.ts"

export const NotesList = ({
  slideId,
  kind,
  canWrite,
  measurements,
  currentView
}: {
  readonly slideId: string
  readonly kind: NoteKind
  readonly canWrite: boolean
  /** The slide's measurement table as it is now (a report may keep it). */
  readonly measurements: () => Measurements
  /** The part of the slide the viewer shows now (a report's snapshot may show it). */
  readonly currentView: () => ReportRegion | null
}) => {
  const t = useT()
  const { locale } = useLocale()
  const notice = useNoticeText()
  const { toast } = useToast()
  const actor = useActorRef(notesMachine, { input: { slideId, kind } })
  const snapshot = useSelector(actor, (s) => s)
  const { notes, count, nextPage, draft, deleting, error, outcome, file, downloading, prefilledCase } = snapshot.context
  const busy = snapshot.hasTag("busy")

  // A report's PDF, once fetched, is saved as a download link would.
  useEffect(() => {
    if (file !== null) saveFile(file)
  }, [file])

  // Each call's end, said once: a success, or the failure with the server's reason.
  useEffect(() => {
    if (outcome === null) return
    if (outcome.kind === "failed" && outcome.action === "load") return
    toast(
      outcome.kind === "saved"
        ? { kind: "success", title: t("viewer.notes.saved") }
        : outcome.kind === "deleted"
          ? { kind: "success", title: t("viewer.notes.deleted") }
          : {
              kind: "error",
              title:
                outcome.kind === "failed" && outcome.action === "save"
                  ? t("viewer.notes.saveFailed")
                  : outcome.kind === "failed" && outcome.action === "download"
                    ? t("viewer.reports.downloadFailed")
                    : t("viewer.notes.deleteFailed"),
              ...(notice.text(error) ? { message: notice.text(error) } : {})
            }
    )
  }, [outcome, toast, t, notice, error])

  if (snapshot.matches("failed"))
    return (
      <div className={css.empty} role="alert">
        <p>{t("viewer.notes.loadFailed")}</p>
        <button type="button" className={panel.textButton} onClick={() => actor.send({ type: "notes.retry" })}>
          {t("viewer.notes.retry")}
        </button>
      </div>
    )

  return (
    <>
      <div className={css.bar}>
        <span className={panel.count} aria-live="polite">
          {snapshot.matches("loading") ? "" : t("viewer.notes.count", { count })}
        </span>
        {canWrite && draft === null && (
          <button
            type="button"
            className={panel.primaryButton}
            onClick={() => actor.send(kind === "report" ? { type: "notes.new", measurements: measurements() } : { type: "notes.new" })}
            disabled={busy}
          >
            <PlusIcon size={14} />
            {kind === "note" ? t("viewer.notes.newNote") : t("viewer.notes.newReport")}
          </button>
        )}
      </div>
      {draft !== null && (
        <NoteForm
          draft={draft}
          saving={snapshot.matches("saving")}
          {...(kind === "report"
            ? {
                report: {
                  current: measurements(),
                  prefilledCase,
                  onField: (name, value) => actor.send({ type: "notes.field", name, value }),
                  onTable: (table) => actor.send({ type: "notes.measurements", measurements: table }),
                  currentView,
                  onRegion: (region) => actor.send({ type: "notes.region", region })
                }
              }
            : {})}
          error={snapshot.matches("editing") && outcome?.kind === "failed" ? notice.text(error) : undefined}
          onChange={(change) => actor.send({ type: "notes.change", ...change })}
          onSave={() => actor.send({ type: "notes.save" })}
          onCancel={() => actor.send({ type: "notes.cancel" })}
        />
      )}
      {!snapshot.matches("loading") && count === 0 && draft === null ? (
        <p className={css.empty}>{kind === "note" ? t("viewer.notes.emptyNote") : t("viewer.notes.emptyReport")}</p>
      ) : (
        <ul className={css.list} aria-busy={busy} aria-label={kind === "note" ? t("viewer.notes.note") : t("viewer.notes.report")}>
          {notes.map((note) => (
            <NoteCard
              key={note.id}
              note={note}
              asking={deleting === note.id}
              busy={busy || draft !== null}
              onEdit={() => actor.send({ type: "notes.edit", id: note.id })}
              onDelete={() => actor.send({ type: "notes.delete", id: note.id })}
              onConfirm={() => actor.send({ type: "notes.confirm" })}
              onKeep={() => actor.send({ type: "notes.back" })}
              {...(kind === "report"
                ? {
                    report: {
                      downloading: downloading?.id === note.id,
                      onDownload: () => actor.send({ type: "notes.download", id: note.id, lang: locale })
                    }
                  }
                : {})}
            />
          ))}
          {nextPage !== null && (
            <li className={css.more}>
              <button type="button" className={panel.textButton} onClick={() => actor.send({ type: "notes.more" })} disabled={busy}>
                {t("viewer.notes.more")}
              </button>
            </li>
          )}
        </ul>
      )}
    </>
  )
}
