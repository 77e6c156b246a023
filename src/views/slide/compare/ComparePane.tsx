// One slide of the compare viewer: its name, its scale bar, its remove button, and its own
// OpenSeadragon viewer. It loads the slide the way the slide page does (slideViewer.machine.ts), so
// a slide still processing, missing or unreachable says so in its pane without taking the others down.
// A slide that recorded no microns per pixel says it follows the others by image size, not by scale.
// Its annotations show over it, read-only and live (usePaneAnnotations.ts), with an eye button and a
// count in the header; drawing and editing stay on the slide's own page.
import { useSelector } from "@xstate/react"
import type OpenSeadragon from "openseadragon"
import { useEffect, useState } from "react"
import type { LabDetail } from "../../../contract/labs.ts"
import { useT } from "../../../i18n/index.ts"
import { slideViewerMachine } from "../../../machines/slide/slideViewer.machine.ts"
import { AlertTriangleIcon, EyeIcon, EyeOffIcon, RotateCwIcon, Spinner, Tooltip, XIcon } from "../../ui/index.ts"
import { useActorRef } from "../../useActorRef.ts"
import { ScaleBar } from "../ScaleBar.tsx"
import { SlideViewer } from "../SlideViewer.tsx"
import * as css from "./ComparePane.css.ts"
import { usePaneAnnotations } from "./usePaneAnnotations.ts"

export interface ComparePaneProps {
  readonly labId: string
  /** The pane's viewer and slide once open; null when it closes. */
  readonly onViewer: (labId: string, open: { readonly viewer: OpenSeadragon.Viewer; readonly lab: LabDetail } | null) => void
  /** The user is moving this pane: the others follow it. */
  readonly onLead: (labId: string) => void
  readonly onRemove: (labId: string) => void
}

const phaseOf = (value: unknown) => (typeof value === "string" ? value : Object.keys(value as object)[0])

export const ComparePane = ({ labId, onViewer, onLead, onRemove }: ComparePaneProps) => {
  const t = useT()
  const actor = useActorRef(slideViewerMachine, { input: { labId } })
  const phase = useSelector(actor, (s) => phaseOf(s.value))
  const lab = useSelector(actor, (s) => s.context.lab)
  const [viewer, setViewer] = useState<OpenSeadragon.Viewer | null>(null)
  const shapes = usePaneAnnotations(labId, viewer)

  useEffect(() => {
    onViewer(labId, viewer && lab ? { viewer, lab } : null)
  }, [labId, viewer, lab, onViewer])
  useEffect(() => () => onViewer(labId, null), [labId, onViewer])

  const name = lab?.name ?? ""
  const lead = () => onLead(labId)
  // Turning the slide is one of the moves the others follow, so this pane leads it.
  const rotate = () => {
    if (viewer === null) return
    onLead(labId)
    viewer.viewport.setRotation(viewer.viewport.getRotation() + 90)
  }
  const ready = phase === "ready" && lab !== null && lab.tile_source !== null

  return (
    <section className={css.root} data-testid="compare-pane" data-lab={labId} aria-label={name || t("compare.loading")}>
      <header className={css.header}>
        <h2 className={css.name} title={name}>
          {name || <span className={css.placeholder} />}
        </h2>
        {ready && lab.mpp === null && (
          <Tooltip content={t("compare.relativeHint")} placement="bottom">
            <span className={css.relative} data-testid="compare-relative">
              {t("compare.relative")}
            </span>
          </Tooltip>
        )}
        <span className={css.spacer} />
        {ready && shapes.count !== null && (
          <span className={css.count} data-testid="compare-annotation-count">
            {t("compare.annotations", { count: shapes.count })}
          </span>
        )}
        {ready && shapes.failed && (
          <button type="button" className={css.retry} onClick={shapes.retry}>
            {t("compare.annotationsFailed")}
          </button>
        )}
        {ready && (
          <Tooltip content={shapes.visible ? t("compare.hideAnnotations") : t("compare.showAnnotations")} placement="bottom">
            <button
              type="button"
              className={css.icon}
              aria-label={shapes.visible ? t("compare.hideAnnotations") : t("compare.showAnnotations")}
              aria-pressed={!shapes.visible}
              data-testid="compare-annotations-toggle"
              onClick={shapes.toggle}
            >
              {shapes.visible ? <EyeIcon size={16} /> : <EyeOffIcon size={16} />}
            </button>
          </Tooltip>
        )}
        {ready && (
          <Tooltip content={t("viewer.controls.rotateRight")} placement="bottom">
            <button type="button" className={css.icon} aria-label={t("viewer.controls.rotateRight")} onClick={rotate}>
              <RotateCwIcon size={16} />
            </button>
          </Tooltip>
        )}
        <Tooltip content={t("compare.remove", { name })} placement="bottom">
          <button type="button" className={css.icon} aria-label={t("compare.remove", { name })} onClick={() => onRemove(labId)}>
            <XIcon size={16} />
          </button>
        </Tooltip>
      </header>
      {/* Capture: OpenSeadragon stops the events it handles from bubbling. */}
      <div className={css.stage} onPointerDownCapture={lead} onWheelCapture={lead} onKeyDownCapture={lead} onTouchStartCapture={lead}>
        {ready ? (
          <>
            <SlideViewer tileSource={lab.tile_source as string} rotation={0} onViewer={setViewer} />
            <div className={css.status}>{viewer && <ScaleBar viewer={viewer} mpp={lab.mpp} />}</div>
          </>
        ) : phase === "loading" ? (
          <div className={css.notice}>
            <Spinner size={22} label={t("compare.loading")} />
          </div>
        ) : (
          <div className={css.notice} role="alert">
            <AlertTriangleIcon size={22} />
            <p>{phase === "notReady" ? t("compare.notReady") : t("compare.unavailable")}</p>
          </div>
        )}
      </div>
    </section>
  )
}
