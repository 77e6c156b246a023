// The table view: a real table (one row per lab) whose columns follow the list: the owner and the
// modification date everywhere, when it was opened on Recently Access, the user's role on Shared Lab.
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { Avatar, Button, cx, GlobeIcon, MoreHorizontalIcon, StarIcon } from "../ui/index.ts"
import { useSession } from "../session.tsx"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { formatMoment, formatSize } from "./formatting.ts"
import { belowRightOf, itemProps } from "./item-events.ts"
import { labPath } from "./lab-paths.ts"
import type { LabListProps } from "./LabGrid.tsx"
import type { LabItemProps } from "./LabTile.tsx"
import { AutoTagList } from "./AutoTagList.tsx"
import { LabThumbnail } from "./LabThumbnail.tsx"
import * as css from "./labs.css.ts"
import { SelectBox } from "./SelectBox.tsx"

export type TableColumns = "owned" | "recent" | "shared"

export interface LabTableProps extends LabListProps {
  readonly columns: TableColumns
  readonly onSelectAll: (all: boolean) => void
}

export const LabTable = ({ items, selected, columns, onSelectAll, ...handlers }: LabTableProps) => {
  const t = useT()
  const all = items.length > 0 && selected.length === items.length
  return (
    <div className={css.tableWrap}>
      <table className={css.table} aria-label={t("labs.list.label")}>
        <thead>
          <tr>
            <th className={cx(css.th, css.checkCell)}>
              <SelectBox
                label={t("labs.actions.selectAll")}
                checked={all}
                indeterminate={!all && selected.length > 0}
                onChange={() => onSelectAll(!all)}
              />
            </th>
            <th className={css.th}>{t("labs.list.name")}</th>
            <th className={cx(css.th, css.col.owner)}>{t("labs.list.owner")}</th>
            {columns === "shared" && <th className={cx(css.th, css.col.role)}>{t("labs.list.role")}</th>}
            <th className={cx(css.th, css.col.date)}>{columns === "recent" ? t("labs.list.opened") : t("labs.list.modified")}</th>
            {columns !== "shared" && <th className={cx(css.th, css.col.size)}>{t("labs.list.size")}</th>}
            <th className={cx(css.th, css.menuCell)}>
              <span className={visuallyHidden}>{t("labs.list.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((lab) => (
            <LabRow key={lab.id} lab={lab} selected={selected.includes(lab.id)} columns={columns} {...handlers} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

const LabRow = ({ lab, selected, columns, onSelect, onOpen, onMenu }: LabItemProps & { readonly columns: TableColumns }) => {
  const t = useT()
  const { locale, localePath } = useLocale()
  const { user } = useSession()
  const mine = user !== null && user.id === lab.user.id
  const when = columns === "recent" && lab.accessed_at !== undefined ? lab.accessed_at : lab.updated_at
  return (
    <tr className={cx(css.row, selected && css.rowSelected)} {...itemProps(lab, selected, { onSelect, onOpen, onMenu })}>
      <td className={cx(css.td, css.checkCell)}>
        <SelectBox label={t("labs.actions.select", { name: lab.name })} checked={selected} onChange={(mode) => onSelect(lab, mode)} />
      </td>
      <td className={cx(css.td, css.nameCell)}>
        <span className={css.nameInner}>
          <span className={css.mini}>
            <LabThumbnail lab={lab} size="mini" />
          </span>
          <span className={css.nameStack}>
            <Link href={localePath(labPath(lab))} className={css.rowName} title={lab.name} draggable={false}>
              {lab.name}
            </Link>
            <AutoTagList tags={lab.auto_tags} inRow />
          </span>
          {lab.is_favorite && <StarIcon size={14} className={css.star} aria-label={t("labs.badges.favorite")} />}
          {lab.is_public && <GlobeIcon size={14} className={css.globe} aria-label={t("labs.badges.public")} />}
        </span>
      </td>
      <td className={css.td}>
        <span className={css.owner}>
          <Avatar name={lab.user.name || lab.user.email} src={lab.user.avatar} size={28} />
          <span className={css.metaText}>{mine ? t("labs.list.me") : lab.user.name || lab.user.email}</span>
        </span>
      </td>
      {columns === "shared" && (
        <td className={css.td}>
          <span className={css.rolePill}>{t(`labs.roles.${lab.role ?? "viewer"}`)}</span>
        </td>
      )}
      <td className={css.td}>
        <time dateTime={when}>{formatMoment(locale, when)}</time>
      </td>
      {columns !== "shared" && <td className={css.td}>{formatSize(locale, lab)}</td>}
      <td className={cx(css.td, css.menuCell)}>
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={t("labs.actions.more", { name: lab.name })}
          aria-haspopup="menu"
          onClick={(event) => onMenu(lab, belowRightOf(event.currentTarget))}
        >
          <MoreHorizontalIcon size={16} />
        </Button>
      </td>
    </tr>
  )
}
