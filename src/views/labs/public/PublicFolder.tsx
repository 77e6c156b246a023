// A public folder seen by a visitor without an account (its shared link): the folder's name and the
// path the visitor may see, its folders and slides, read-only. A lab that is not public answers as if
// it did not exist; the visitor is sent to sign in with the folder kept (return-to.ts), so a
// colleague's link opens once signed in.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../../useActorRef.ts"
import { Link, Redirect } from "wouter"
import type { LabSource } from "../../../effects/labs/list.ts"
import { useLocale, useT } from "../../../i18n/index.ts"
import { signInPathFor } from "../../../machines/auth/return-to.ts"
import { labsBrowserMachine } from "../../../machines/labs/labsBrowser.machine.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { splitLocale } from "../../../contract/routes.ts"
import { GlobeIcon, LinkButton, PageHeader, Skeleton } from "../../ui/index.ts"
import { formatDay, formatSize } from "../formatting.ts"
import { labPath } from "../lab-paths.ts"
import { LabsEmpty } from "../LabsEmpty.tsx"
import { LabsSkeleton } from "../LabsSkeleton.tsx"
import { LabThumbnail } from "../LabThumbnail.tsx"
import * as css from "../labs.css.ts"
import { LoadMore } from "../LoadMore.tsx"
import * as own from "./PublicFolder.css.ts"

export const PublicFolder = ({ folderId }: { readonly folderId: string }) => {
  const t = useT()
  const { locale, localePath } = useLocale()
  const source: LabSource = { kind: "folder", folderId, search: "" }
  const browser = useActorRef(labsBrowserMachine, { input: { source, view: "grid" } })
  const { items, folder, meta, moreError } = useSelector(browser, (s) => s.context)
  const phase = useSelector(browser, (s) =>
    s.matches("loading") ? "loading" : s.matches("failed") || s.matches("missing") ? "failed" : "shown"
  )
  const loadingMore = useSelector(browser, (s) => s.hasTag("loadingMore"))
  useDocumentMeta(folder?.name ?? t("labs.pages.all.title"))

  const here = `${splitLocale(window.location.pathname).path}${window.location.search}`
  if (phase === "failed") return <Redirect to={localePath(signInPathFor(here))} replace />

  return (
    <div className={own.page}>
      <PageHeader
        title={folder === null ? <Skeleton width={220} height={22} /> : folder.name}
        description={
          <span className={own.badge}>
            <GlobeIcon size={14} />
            {t("labs.public.badge")}
          </span>
        }
        actions={
          <LinkButton href={localePath(signInPathFor(here))} variant="secondary">
            {t("labs.public.signIn")}
          </LinkButton>
        }
      />
      <p className={own.hint}>{t("labs.public.hint")}</p>
      {phase === "loading" ? (
        <LabsSkeleton view="grid" />
      ) : items.length === 0 ? (
        <LabsEmpty source={source} />
      ) : (
        <ul className={css.grid} aria-label={t("labs.list.label")}>
          {items.map((lab) => (
            <li key={lab.id} className={css.tile} data-testid="lab-item" data-lab-id={lab.id}>
              <div className={css.tileThumb}>
                <LabThumbnail lab={lab} />
              </div>
              <div className={css.tileBody}>
                <Link href={localePath(labPath(lab))} className={css.tileName} title={lab.name}>
                  {lab.name}
                </Link>
                <span className={css.meta}>
                  <span className={css.metaText}>
                    {lab.is_dir
                      ? `${t("labs.kinds.folder")} · ${formatDay(locale, lab.updated_at)}`
                      : `${t("labs.kinds.image")} · ${formatSize(locale, lab)}`}
                  </span>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {phase === "shown" && items.length > 0 && (
        <LoadMore
          hasMore={meta?.next_page != null}
          loading={loadingMore}
          failure={moreError}
          onMore={() => browser.send({ type: "browser.more" })}
        />
      )}
    </div>
  )
}
