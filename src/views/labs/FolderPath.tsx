// Where a folder sits: All File, then each folder above it the user may see, as links.
import { Fragment } from "react"
import { Link } from "wouter"
import type { Crumb } from "../../contract/labs.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { ChevronRightIcon } from "../ui/index.ts"
import * as css from "./labs.css.ts"

/** `trail` is outermost first and may end with the folder itself, which is the page's title. */
export const FolderPath = ({ trail, current }: { readonly trail: ReadonlyArray<Crumb>; readonly current: string }) => {
  const t = useT()
  const { localePath } = useLocale()
  const above = trail.filter((crumb) => crumb.id !== current)
  return (
    <nav aria-label={t("labs.path.label")}>
      <ol className={css.path}>
        {[{ id: "", name: t("labs.path.root") }, ...above].map((crumb, i) => (
          <Fragment key={crumb.id || "root"}>
            {i > 0 && (
              <li className={css.pathSeparator} aria-hidden="true">
                <ChevronRightIcon size={13} />
              </li>
            )}
            <li className={css.pathItem}>
              <Link
                href={localePath(crumb.id === "" ? "/dashboard/labs" : `/dashboard/labs/${encodeURIComponent(crumb.id)}`)}
                className={css.pathLink}
              >
                {crumb.name}
              </Link>
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  )
}
