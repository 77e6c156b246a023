// The "…" of a collapsed breadcrumb: the segments it leaves out, as links in a menu (arrow keys move,
// Escape closes and gives focus back).
import { useT } from "../../i18n/index.ts"
import { cx, DropdownMenu, MoreHorizontalIcon } from "../ui/index.ts"
import * as css from "./Header.css.ts"

export interface HiddenCrumb {
  readonly id: string
  readonly label: string
  /** Already localised. */
  readonly href: string
}

export const CrumbsMenu = ({ crumbs, className }: { readonly crumbs: ReadonlyArray<HiddenCrumb>; readonly className?: string }) => {
  const t = useT()
  return (
    <DropdownMenu
      align="start"
      label={t("shell.header.morePath")}
      minWidth={200}
      items={crumbs.map((crumb) => ({ id: crumb.id, label: crumb.label, href: crumb.href }))}
      trigger={(props) => (
        <button
          type="button"
          {...props}
          className={cx(css.crumbMore, className)}
          aria-label={t("shell.header.morePath")}
          data-testid="crumbs-more"
        >
          <MoreHorizontalIcon size={16} />
        </button>
      )}
    />
  )
}
