// The tool rail on the viewer's left: where the drawing tools will live (rectangle, polygon,
// freehand, point, comment, measure; a later issue brings them with the annotations). Today only
// panning works; the others are shown, unavailable, so the page already has its final shape and
// tells what is coming.
import type { ReactNode } from "react"
import { useT } from "../../i18n/index.ts"
import { HandIcon, MapPinIcon, MessageIcon, PenIcon, PolygonIcon, RulerIcon, SquareIcon, Tooltip } from "../ui/index.ts"
import * as css from "./ToolRail.css.ts"
import type { KeyPart } from "../../i18n/keys.ts"

const upcoming: ReadonlyArray<{ readonly key: KeyPart<"viewer.tools">; readonly icon: ReactNode }> = [
  { key: "rectangle", icon: <SquareIcon size={18} /> },
  { key: "polygon", icon: <PolygonIcon size={18} /> },
  { key: "freehand", icon: <PenIcon size={18} /> },
  { key: "point", icon: <MapPinIcon size={18} /> },
  { key: "comment", icon: <MessageIcon size={18} /> },
  { key: "measure", icon: <RulerIcon size={18} /> }
]

export const ToolRail = () => {
  const t = useT()
  return (
    <div className={css.root} role="toolbar" aria-orientation="vertical" aria-label={t("viewer.tools.label")}>
      <Tooltip content={t("viewer.tools.pan")} placement="right">
        <button type="button" className={css.tool} aria-label={t("viewer.tools.pan")} aria-pressed="true">
          <HandIcon size={18} />
        </button>
      </Tooltip>
      <span className={css.divider} aria-hidden="true" />
      {upcoming.map(({ key, icon }) => (
        <Tooltip key={key} content={`${t(`viewer.tools.${key}`)} · ${t("viewer.tools.comingSoon")}`} placement="right">
          <button type="button" className={css.tool} aria-label={t(`viewer.tools.${key}`)} aria-disabled="true">
            {icon}
          </button>
        </Tooltip>
      ))}
    </div>
  )
}
