// The viewer's notes tab: the slide's notes and its reports, one at a time behind a switch, each
// listed five a page with the newest first (NotesList). Only the slide's members see this tab.
import { useState } from "react"
import type { NoteKind } from "../../../contract/notes.ts"
import type { Measurements, ReportRegion } from "../../../contract/report-fields.ts"
import { useT } from "../../../i18n/index.ts"
import * as css from "./notes.css.ts"
import { NotesList } from "./NotesList.tsx"

const KINDS: ReadonlyArray<NoteKind> = ["note", "report"]

export const NotesPanel = ({
  slideId,
  measurements,
  currentView
}: {
  readonly slideId: string
  readonly measurements: () => Measurements
  readonly currentView: () => ReportRegion | null
}) => {
  const t = useT()
  const [kind, setKind] = useState<NoteKind>("note")
  return (
    <div className={css.root} data-testid="notes-panel">
      <div className={css.bar}>
        <fieldset className={css.switcher} aria-label={t("viewer.notes.kinds")}>
          {KINDS.map((k) => (
            <button key={k} type="button" className={css.switchButton} aria-pressed={kind === k} onClick={() => setKind(k)}>
              {k === "note" ? t("viewer.notes.note") : t("viewer.notes.report")}
            </button>
          ))}
        </fieldset>
      </div>
      <NotesList key={kind} slideId={slideId} kind={kind} canWrite measurements={measurements} currentView={currentView} />
    </div>
  )
}
