// The detections layer: analyses file their results under labels of their own (label_type
// "analysis": Ki67 positive and negative, Count #RRGGBB), so the layer is those labels, hidden or
// shown together the way the labels list hides one (a view setting of this screen, never sent).
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { labelsMachine } from "../../../machines/annotation/labels.machine.ts"
import { useT } from "../../../i18n/index.ts"
import * as panels from "../annotation/panels/panels.css.ts"

export const DetectionsLayer = ({ labels }: { readonly labels: ActorRefFrom<typeof labelsMachine> }) => {
  const t = useT()
  const layer = useSelector(labels, (s) => s.context.labels.filter((l) => l.label_type === "analysis"))
  const hidden = useSelector(labels, (s) => s.context.hidden)
  if (layer.length === 0) return null
  const shown = layer.some((l) => !hidden.includes(l.id))
  const setShown = (visible: boolean) => {
    for (const label of layer) labels.send({ type: "label.visibility", id: label.id, visible })
  }
  return (
    <section className={panels.section} aria-labelledby="analysis-layer-title" data-testid="analysis-layer">
      <div className={panels.sectionHead}>
        <h3 id="analysis-layer-title" className={panels.heading}>
          {t("viewer.analysis.layer")}
        </h3>
        <label className={panels.checkbox}>
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} data-testid="analysis-layer-toggle" />
          {t("viewer.analysis.layerShow")}
        </label>
      </div>
      <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: 10 }}>
        {layer.map((label) => (
          <li key={label.id} className={panels.checkbox} style={{ cursor: "default", opacity: hidden.includes(label.id) ? 0.5 : 1 }}>
            <span className={panels.swatch} style={{ background: label.color || "#FFFFFF" }} />
            {label.name}
          </li>
        ))}
      </ul>
      <p className={panels.hint} style={{ marginTop: 6 }}>
        {t("viewer.analysis.layerHint")}
      </p>
    </section>
  )
}
