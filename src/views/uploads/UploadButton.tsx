// Upload in the labs toolbar: opens the file picker on slide formats; the files chosen go to the
// folder being browsed. The input is visually hidden but real, so a test can hand it files.
import { useRef } from "react"
import { ACCEPT_ATTRIBUTE } from "../../effects/uploads/formats.ts"
import { useT } from "../../i18n/index.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { Button, Tooltip, UploadIcon } from "../ui/index.ts"

export const UploadButton = ({ onFiles }: { readonly onFiles: (files: ReadonlyArray<File>) => void }) => {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <Tooltip content={t("uploads.buttonHint")} placement="bottom">
        <Button variant="primary" iconStart={<UploadIcon size={16} />} onClick={() => input.current?.click()} data-testid="upload-button">
          {t("uploads.button")}
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
    </>
  )
}
