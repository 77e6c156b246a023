// What a lab looks like in a list: a folder drawn as a folder; a slide by its thumbnail when the
// server has one, else a drawn glass slide (so a slide still being processed never looks broken).
// The upload status shows on the picture while it is not ready: a quiet spinner while uploading or
// processing, a red badge when it failed.
import { useState } from "react"
import type { Lab } from "../../contract/labs.ts"
import { useT } from "../../i18n/index.ts"
import { AlertCircleIcon, cx } from "../ui/index.ts"
import * as css from "./labs.css.ts"

type Pictured = Pick<Lab, "is_dir" | "thumbnail_url" | "status">

export const LabThumbnail = ({ lab, size = "tile" }: { readonly lab: Pictured; readonly size?: "tile" | "mini" }) => {
  const t = useT()
  const [broken, setBroken] = useState<string | null>(null)
  const image = !lab.is_dir && lab.thumbnail_url !== null && broken !== lab.thumbnail_url ? lab.thumbnail_url : null
  const kind = lab.is_dir ? "folder" : image !== null ? "image" : "slide"
  const pending = !lab.is_dir && (lab.status === "uploading" || lab.status === "processing")
  const failed = !lab.is_dir && lab.status === "failed"
  return (
    <span className={cx(css.thumb, css.thumbKind[kind])} aria-hidden="true">
      {image !== null ? (
        <img className={css.thumbImage} src={image} alt="" loading="lazy" decoding="async" onError={() => setBroken(image)} />
      ) : lab.is_dir ? (
        <FolderGlyph size={size === "tile" ? 64 : 20} />
      ) : (
        <SlideGlyph size={size === "tile" ? 112 : 26} />
      )}
      {size === "tile" && (pending || failed) && lab.status !== null && (
        <span className={cx(css.thumbStatus, failed && css.thumbStatusFailed)} data-testid="lab-status">
          {pending ? <span className={css.thumbSpinner} /> : <AlertCircleIcon size={12} />}
          {t(`labs.status.${lab.status}`)}
        </span>
      )}
      {size === "mini" && pending && <span className={css.miniPending} />}
      {size === "mini" && failed && <span className={css.miniFailed} />}
    </span>
  )
}

/** A filled folder in the brand's blue: back, tab and a lighter front. */
const FolderGlyph = ({ size }: { readonly size: number }) => (
  <svg width={size} height={size * 0.8} viewBox="0 0 60 48" aria-hidden="true" focusable="false">
    <path d="M4 6a4 4 0 0 1 4-4h13.2a4 4 0 0 1 3.1 1.5L27 7h25a4 4 0 0 1 4 4v29a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4Z" fill="#6d95ee" />
    <path d="M4 15a4 4 0 0 1 4-4h44a4 4 0 0 1 4 4v25a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4Z" fill="#a9c2f7" />
    <path d="M4 15a4 4 0 0 1 4-4h44a4 4 0 0 1 4 4v2H4Z" fill="#bcd0fa" />
  </svg>
)

/** A glass slide with its label and a stained tissue section (H&E pinks and purples). */
const SlideGlyph = ({ size }: { readonly size: number }) => (
  <svg width={size} height={size * 0.42} viewBox="0 0 100 42" aria-hidden="true" focusable="false">
    <rect x="1" y="1" width="98" height="40" rx="3" fill="#fbfcfd" stroke="#d5d9e0" />
    <rect x="5" y="5" width="22" height="32" rx="1.5" fill="#e8ebf0" />
    <path d="M9 13h14M9 18h10M9 23h12" stroke="#c3c8d1" strokeWidth="1.6" strokeLinecap="round" />
    <path d="M44 11c6-5 17-6 25-3 9 3 15 2 19 7 4 6 0 13-7 16-8 4-15 1-22 3-7 2-14 1-17-5-3-5-4-12 2-18Z" fill="#e7b3cf" />
    <path d="M50 15c5-3 12-3 17-1 6 2 11 2 13 6 2 4-1 8-6 9-6 2-10 0-15 1-5 1-10 0-11-4-1-4-1-8 2-11Z" fill="#cf8ab5" />
    <circle cx="58" cy="20" r="1.6" fill="#7b4b98" />
    <circle cx="66" cy="24" r="1.3" fill="#7b4b98" />
    <circle cx="72" cy="18" r="1.5" fill="#7b4b98" />
    <circle cx="62" cy="27" r="1.1" fill="#7b4b98" />
    <circle cx="54" cy="25" r="1.2" fill="#7b4b98" />
  </svg>
)
