// The brush tool's options, on the status bar while the brush is chosen: its size (a slider; [ and ]
// do the same from the keyboard) and Erase, the touch screen's Alt: strokes cut the selected area.
import { BRUSH_SIZES } from "../../../annotation/brush.ts"
import { useT } from "../../../i18n/index.ts"
import { Tooltip } from "../../ui/index.ts"
import * as bar from "./collab/collab.css.ts"
import * as css from "./brush.css.ts"
import type { AnnotationsView } from "./useAnnotations.ts"

export const BrushOptions = ({ view }: { readonly view: AnnotationsView }) => {
  const t = useT()
  if (view.tool !== "brush") return null
  const { px, subtract } = view.brush
  return (
    <fieldset className={`${bar.bar} ${css.options}`} data-testid="brush-options" aria-label={t("viewer.tools.brushOptions")}>
      <label htmlFor="brush-size">{t("viewer.tools.brushSize")}</label>
      <input
        id="brush-size"
        className={css.size}
        type="range"
        min={BRUSH_SIZES.min}
        max={BRUSH_SIZES.max}
        value={px}
        aria-keyshortcuts="[ ]"
        data-testid="brush-size"
        onChange={(event) => view.brush.setSize(Number(event.currentTarget.value))}
      />
      <span className={css.value} data-testid="brush-size-value">
        {t("viewer.tools.brushSizeValue", { size: String(px) })}
      </span>
      <Tooltip content={t("viewer.tools.brushSubtractHint")}>
        <button
          type="button"
          className={css.toggle}
          aria-pressed={subtract}
          aria-keyshortcuts="Alt"
          data-testid="brush-subtract"
          onClick={() => view.brush.setSubtract(!subtract)}
        >
          {t("viewer.tools.brushSubtract")}
        </button>
      </Tooltip>
    </fieldset>
  )
}
