// Drag and drop onto the labs page: while files are dragged over the window a dashed overlay says
// where they will go; dropping hands them to the uploads. A dropped folder that is a slide of
// several files (an MRXS folder, a VMS set, a DICOM series) goes as one zip made here
// (slide-folders.ts); other files in dropped folders go one by one. Mounted only where the user may
// upload, so elsewhere the browser's own handling is left alone.
import { useEffect, useId, useRef, useState } from "react"
import { createPortal } from "react-dom"
import { droppedEntries, readEntries } from "../../effects/uploads/dropped-entries.ts"
import { filesToUpload } from "../../effects/uploads/slide-folders.ts"
import { useT } from "../../i18n/index.ts"
import { UploadIcon } from "../ui/index.ts"
import * as css from "./DropZone.css.ts"

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") === true

export const DropZone = ({
  folderName,
  onFiles
}: {
  readonly folderName: string
  readonly onFiles: (files: ReadonlyArray<File>) => void
}) => {
  const t = useT()
  const [over, setOver] = useState(false)
  const titleId = useId()
  const latest = useRef(onFiles)
  latest.current = onFiles
  useEffect(() => {
    // dragenter and dragleave fire for every element crossed: count them to know when it left the window.
    let depth = 0
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth += 1
      setOver(true)
    }
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setOver(false)
    }
    const overWindow = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      // Without this the browser would open the file instead of letting it drop here.
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy"
    }
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      setOver(false)
      const entries = droppedEntries(event.dataTransfer)
      if (entries !== null) {
        void readEntries(entries)
          .then(filesToUpload)
          .then((files) => files.length > 0 && latest.current(files))
        return
      }
      const files = [...(event.dataTransfer?.files ?? [])]
      if (files.length > 0) latest.current(files)
    }
    window.addEventListener("dragenter", enter)
    window.addEventListener("dragleave", leave)
    window.addEventListener("dragover", overWindow)
    window.addEventListener("drop", drop)
    return () => {
      window.removeEventListener("dragenter", enter)
      window.removeEventListener("dragleave", leave)
      window.removeEventListener("dragover", overWindow)
      window.removeEventListener("drop", drop)
    }
  }, [])
  if (!over) return null
  return createPortal(
    // A region named by its heading: what the drop will do is a landmark while it is on screen.
    <section className={css.overlay} data-testid="drop-overlay" aria-labelledby={titleId}>
      <div className={css.frame} />
      <div className={css.card}>
        <span className={css.badge} aria-hidden="true">
          <UploadIcon size={26} />
        </span>
        <h2 id={titleId} className={css.title}>
          {t("uploads.drop.title", { folder: folderName })}
        </h2>
        <p className={css.hint}>{t("uploads.drop.hint")}</p>
      </div>
    </section>,
    document.body
  )
}
