// The Details tab's original file: a plain download link for who may download it (owner and
// admins, the server's rule in src/contract/permissions.ts). A link rather than a fetch: the media
// cookie carries the session, and the browser streams a slide of gigabytes to disk. A scanner's file
// comes without its label and macro by default (they often name the patient), which is said, with
// a second link for the file exactly as scanned.
import type { LabDetail } from "../../contract/labs.ts"
import { can } from "../../contract/permissions.ts"
import { originalDownloadUrl } from "../../contract/slides.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { formatSize } from "../labs/formatting.ts"
import * as css from "./SlideDetailsPanel.css.ts"

export const OriginalDownloadSection = ({ lab }: { readonly lab: LabDetail }) => {
  const t = useT()
  const { locale } = useLocale()
  if (!can(lab.role, "lab.download")) return null
  return (
    <section className={css.section} aria-labelledby="slide-original-title" data-testid="slide-original">
      <h2 id="slide-original-title" className={css.heading}>
        {t("viewer.original.title")}
      </h2>
      <a className={css.download} href={originalDownloadUrl(lab.id)} download data-testid="slide-original-download">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M8 2v8m0 0L4.5 6.5M8 10l3.5-3.5M2.5 12.5v1h11v-1" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span>{t("viewer.original.download")}</span>
      </a>
      <p className={css.hint}>
        {lab.scanner === null ? t("viewer.original.downloadHint", { size: formatSize(locale, lab) }) : formatSize(locale, lab)}
      </p>
      {lab.scanner !== null && (
        <>
          <p className={css.hint} data-testid="slide-original-redacted">
            {t("viewer.original.redacted")}
          </p>
          <a className={css.secondaryLink} href={originalDownloadUrl(lab.id, true)} download data-testid="slide-original-keep">
            {t("viewer.original.keep")}
          </a>
        </>
      )}
    </section>
  )
}
