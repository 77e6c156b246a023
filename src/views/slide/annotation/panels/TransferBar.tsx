// Export and import of the slide's annotations: QuPath GeoJSON and W3C Web Annotation files of what
// the store holds (full-resolution pixels, classes from the labels), and an import of either kind,
// previewed in a dialog before anything is stored (../import/).
import { useSelector } from "@xstate/react"
import { useRef } from "react"
import { toQuPath, toW3C } from "../../../../annotation/interchange/index.ts"
import { useT } from "../../../../i18n/index.ts"
import { UploadIcon } from "../../../ui/index.ts"
import { ImportDialog } from "../import/ImportDialog.tsx"
import { useImport } from "../import/useImport.ts"
import type { AnnotationsView } from "../useAnnotations.ts"
import * as css from "./panels.css.ts"
import { fileNameOf, type LabelRow, labelInfos, recordOf } from "./records.ts"

const download = (json: unknown, name: string, type: string) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(json)], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export interface TransferBarProps {
  readonly view: AnnotationsView
  readonly labId: string
  readonly slideName: string
  readonly mpp: number | null
  /** The image's size in full-resolution pixels, when known: the preview warns of shapes beyond it. */
  readonly image: { readonly width: number; readonly height: number } | null
  readonly labels: ReadonlyArray<LabelRow>
  readonly canEdit: boolean
}

export const TransferBar = ({ view, labId, slideName, mpp, image, labels, canEdit }: TransferBarProps) => {
  const t = useT()
  const fileRef = useRef<HTMLInputElement>(null)
  const flow = useImport(view, labId)
  const importing = useSelector(flow, (s) => s.hasTag("busy"))
  const empty = view.count === 0

  const records = () => [...view.store.all()].map((shape) => recordOf(shape, labId))
  const exportQuPath = () =>
    download(toQuPath(records(), { mpp, labels: labelInfos(labels) }), fileNameOf(slideName, ".geojson"), "application/geo+json")
  const exportW3C = () =>
    download(toW3C(records(), { label: slideName, labels: labelInfos(labels) }), fileNameOf(slideName, ".w3c.json"), "application/ld+json")
  const chosen = async (file: File | undefined) => {
    if (file === undefined) return
    const text = await file.text()
    // The slide as it is now: its labels, the ids of its shapes (an earlier import's among them), its size.
    flow.send({
      type: "import.file",
      text,
      labels: view.labels.getSnapshot().context.labels,
      existing: [...view.store.all()].map((shape) => shape.id),
      image
    })
    if (fileRef.current) fileRef.current.value = ""
  }

  return (
    <div className={css.transfer} data-testid="annotation-transfer">
      <button type="button" className={css.textButton} onClick={exportQuPath} disabled={empty}>
        {t("viewer.annotationPanel.exportQuPath")}
      </button>
      <button type="button" className={css.textButton} onClick={exportW3C} disabled={empty}>
        {t("viewer.annotationPanel.exportW3C")}
      </button>
      {canEdit && (
        <>
          <button type="button" className={css.textButton} onClick={() => fileRef.current?.click()} disabled={importing}>
            <UploadIcon size={14} />
            {importing ? t("viewer.annotationPanel.importing") : t("viewer.annotationPanel.import")}
          </button>
          <input
            ref={fileRef}
            className={css.visuallyHidden}
            type="file"
            tabIndex={-1}
            aria-hidden="true"
            accept=".geojson,.json,application/geo+json,application/json"
            data-testid="annotation-import-file"
            onChange={(event) => void chosen(event.target.files?.[0])}
          />
          <ImportDialog actor={flow} />
        </>
      )}
    </div>
  )
}
