// Upload in the labs toolbar: opens the file picker on slide formats; the files chosen go to the
// folder being browsed. Beside it, a folder picker: a scanner's slide of several files (an MRXS
// folder, a VMS set, a DICOM series) is zipped here and goes as one upload (slide-folders.ts). The
// inputs are visually hidden but real, so a test can hand them files.
import { useRef } from "react"
import { ACCEPT_ATTRIBUTE } from "../../effects/uploads/formats.ts"
import { filesToUpload, pickedFromInput } from "../../effects/uploads/slide-folders.ts"
import { useT } from "../../i18n/index.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { Button, FolderUpIcon, Tooltip, UploadIcon } from "../ui/index.ts"

export const UploadButton = ({ onFiles }: { readonly onFiles: (files: ReadonlyArray<File>) => void }) => {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const folder = useRef<HTMLInputElement | null>(null)
  return (
    <>
      <Tooltip content={t("uploads.buttonHint")} placement="bottom">
        <Button variant="primary" iconStart={<UploadIcon size={16} />} onClick={() => input.current?.click()} data-testid="upload-button">
          {t("uploads.button")}
        </Button>
      </Tooltip>
      <Tooltip content={t("uploads.folderHint")} placement="bottom">
        <Button
          variant="secondary"
          iconOnly
          aria-label={t("uploads.folderButton")}
          onClick={() => folder.current?.click()}
          data-testid="upload-folder-button"
        >
          <FolderUpIcon size={16} />
        </Button>
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className={visuallyHidden}
        tabIndex={-1}
        aria-label={t("uploads.picker")}
        data-testid="upload-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          // Cleared, so choosing the same file again still fires a change.
          event.currentTarget.value = ""
          if (files.length > 0) onFiles(files)
        }}
      />
      <input
        ref={(element) => {
          folder.current = element
          // React has no prop for it; every current browser reads the property.
          if (element) element.webkitdirectory = true
        }}
        type="file"
        multiple
        className={visuallyHidden}
        tabIndex={-1}
        aria-label={t("uploads.folderPicker")}
        data-testid="upload-folder-input"
        onChange={(event) => {
          const picked = pickedFromInput([...(event.currentTarget.files ?? [])])
          event.currentTarget.value = ""
          if (picked.length > 0) void filesToUpload(picked).then((files) => files.length > 0 && onFiles(files))
        }}
      />
    </>
  )
}
