// The grid view: tiles in as many columns as fit.
import type { ListedLab } from "../../effects/labs/list.ts"
import { useT } from "../../i18n/index.ts"
import { cx } from "../ui/index.ts"
import type { LabItemProps } from "./LabTile.tsx"
import { LabTile } from "./LabTile.tsx"
import * as css from "./labs.css.ts"

export interface LabListProps extends Omit<LabItemProps, "lab" | "selected"> {
  readonly items: ReadonlyArray<ListedLab>
  readonly selected: ReadonlyArray<string>
}

export const LabGrid = ({ items, selected, ...handlers }: LabListProps) => {
  const t = useT()
  return (
    <ul className={cx(css.grid, selected.length > 0 && css.selecting)} aria-label={t("labs.list.label")}>
      {items.map((lab) => (
        <LabTile key={lab.id} lab={lab} selected={selected.includes(lab.id)} {...handlers} />
      ))}
    </ul>
  )
}
