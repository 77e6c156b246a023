// The dashboard's breadcrumb title, from the current path; a folder's crumb shows the folder's name
// once the labs page has published it. Collapsed (narrow screens) it shows the page you are on, the
// segments before it in a menu.
import { Fragment } from "react"
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { ChevronRightIcon, HomeIcon } from "../ui/index.ts"
import { breadcrumbTrail, fromSharedLab } from "./breadcrumb-trail.ts"
import { CrumbsMenu } from "./CrumbsMenu.tsx"
import { useShownFolderName, useShownFolderShared } from "./shown-folder.ts"
import { useShownInvoiceNumber } from "./shown-invoice.ts"
import * as css from "./Header.css.ts"
import { links } from "../../contract/routes.ts"

export const Breadcrumb = ({ path, collapsed = false }: { path: string; collapsed?: boolean }) => {
  const t = useT()
  const { localePath } = useLocale()
  const shared = useShownFolderShared()
  const trail = shared ? fromSharedLab(breadcrumbTrail(path)) : breadcrumbTrail(path)
  const folderName = useShownFolderName(trail.at(-1)?.labId)
  // An invoice's crumb names it by its number once the invoice page has it.
  const invoiceId = trail.at(-1)?.label === "invoice" ? trail.at(-1)?.params?.id : undefined
  const invoiceNumber = useShownInvoiceNumber(invoiceId)
  if (invoiceNumber !== undefined) {
    const last = trail.at(-1)
    if (last !== undefined) trail[trail.length - 1] = { ...last, params: { id: invoiceNumber } }
  }
  const hidden = collapsed ? trail.slice(0, -1) : []
  const shown = trail.slice(hidden.length)
  return (
    <nav aria-label={t("shell.breadcrumb.label")} className={css.crumbsNav}>
      <ol className={css.crumbs}>
        {hidden.length > 0 && (
          <li className={css.crumb}>
            <CrumbsMenu
              crumbs={hidden.map((crumb) => ({
                id: crumb.label,
                label: t(`shell.breadcrumb.${crumb.label}`, crumb.params),
                href: localePath(crumb.href ?? links.labs())
              }))}
            />
          </li>
        )}
        {shown.map((crumb, i) => (
          <Fragment key={crumb.label}>
            {(i > 0 || hidden.length > 0) && (
              <li className={css.crumbSeparator} aria-hidden="true">
                <ChevronRightIcon size={14} />
              </li>
            )}
            <li className={css.crumb}>
              {crumb.href ? (
                <Link href={localePath(crumb.href)} className={css.crumbLink}>
                  {i === 0 && hidden.length === 0 && <HomeIcon size={15} />}
                  {t(`shell.breadcrumb.${crumb.label}`, crumb.params)}
                </Link>
              ) : (
                <span className={css.crumbCurrent} aria-current="page">
                  {(crumb.labId !== undefined ? folderName : undefined) ?? t(`shell.breadcrumb.${crumb.label}`, crumb.params)}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  )
}
