// One lab in the grid: its picture, name (a link that opens it) and a line of facts, led by the
// user's role on labs someone else owns; the selection box and the "⋯" menu button float over the picture.
import { Link } from "wouter"
import type { ListedLab } from "../../effects/labs/list.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import type { SelectMode } from "../../machines/labs/selection.ts"
import { Button, cx, GlobeIcon, MoreHorizontalIcon, StarIcon } from "../ui/index.ts"
import { formatDay, formatSize } from "./formatting.ts"
import { belowRightOf, itemProps, type MenuPoint } from "./item-events.ts"
import { labPath } from "./lab-paths.ts"
import { AutoTagList } from "./AutoTagList.tsx"
import { LabThumbnail } from "./LabThumbnail.tsx"
import * as css from "./labs.css.ts"
import { SelectBox } from "./SelectBox.tsx"

export interface LabItemProps {
  readonly lab: ListedLab
  readonly selected: boolean
  readonly onSelect: (lab: ListedLab, mode: SelectMode) => void
  readonly onOpen: (lab: ListedLab) => void
  readonly onMenu: (lab: ListedLab, at: MenuPoint) => void
}

export const LabTile = ({ lab, selected, onSelect, onOpen, onMenu }: LabItemProps) => {
  const t = useT()
  const { locale, localePath } = useLocale()
  // A file still uploading has no size yet: its badge says what is happening instead.
  const facts = lab.is_dir
    ? `${t("labs.kinds.folder")} · ${formatDay(locale, lab.updated_at)}`
    : lab.status === "uploading"
      ? t("labs.kinds.image")
      : `${t("labs.kinds.image")} · ${formatSize(locale, lab)}`
  return (
    <li className={cx(css.tile, selected && css.tileSelected)} {...itemProps(lab, selected, { onSelect, onOpen, onMenu })}>
      <div className={css.tileThumb}>
        <LabThumbnail lab={lab} />
      </div>
      <span className={css.tileCheck}>
        <SelectBox label={t("labs.actions.select", { name: lab.name })} checked={selected} onChange={(mode) => onSelect(lab, mode)} />
      </span>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        className={css.tileMenu}
        aria-label={t("labs.actions.more", { name: lab.name })}
        aria-haspopup="menu"
        onClick={(event) => onMenu(lab, belowRightOf(event.currentTarget))}
      >
        <MoreHorizontalIcon size={16} />
      </Button>
      <div className={css.tileBody}>
        <Link href={localePath(labPath(lab))} className={css.tileName} title={lab.name} draggable={false}>
          {lab.name}
        </Link>
        <span className={css.meta}>
          {lab.is_favorite && <StarIcon size={13} className={css.star} aria-label={t("labs.badges.favorite")} />}
          {lab.is_public && <GlobeIcon size={13} className={css.globe} aria-label={t("labs.badges.public")} />}
          {lab.role !== null && lab.role !== "owner" && (
            <span className={cx(css.rolePill, css.tileRole)}>{t(`labs.roles.${lab.role}`)}</span>
          )}
          <span className={css.metaText}>{facts}</span>
        </span>
        <AutoTagList tags={lab.auto_tags} />
      </div>
    </li>
  )
}
