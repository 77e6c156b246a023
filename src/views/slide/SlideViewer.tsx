// The deep-zoom canvas: one OpenSeadragon viewer on a div, opened on the slide's Deep Zoom descriptor
// (tiles beside it, same origin, authorised by the media cookie). OpenSeadragon's own buttons are
// off: ViewerControls draws ours. The navigator (overview) sits bottom-right.
//
// The viewer is created once per tile source and handed to the page through `onViewer`, so the
// controls, scale bar, zoom indicator and the annotation overlay (a Konva stage in the viewer's own
// canvas element, src/annotation/render/) can follow it.
// Every handler added here is removed in the same effect, and the viewer destroyed, on unmount.
import OpenSeadragon from "openseadragon"
import { useEffect, useId, useRef, useState } from "react"
import { useT } from "../../i18n/index.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { AlertTriangleIcon, Button, RefreshIcon } from "../ui/index.ts"
import { nearestRotation, normalizeDegrees } from "./rotation.ts"
import { shortcutOf, toolShortcutOf } from "./shortcuts.ts"
import * as css from "./SlideViewer.css.ts"
import { useTilesLoading } from "./useTilesLoading.ts"

export interface SlideViewerProps {
  /** URL of the .dzi descriptor. */
  readonly tileSource: string
  /** Degrees, 0..270, as the page's machine holds it. */
  readonly rotation: number
  /** The live viewer once created; null again when it is destroyed. */
  readonly onViewer: (viewer: OpenSeadragon.Viewer | null) => void
}

/** Someone who asked for less motion gets zoom and pan without the springy glide. */
const reducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches

const options = (element: HTMLElement, tileSource: string): OpenSeadragon.Options => ({
  element,
  tileSources: tileSource,
  // Our own controls (ViewerControls); OpenSeadragon's image buttons would load sprites and clash.
  showNavigationControl: false,
  showNavigator: true,
  navigatorPosition: "BOTTOM_RIGHT",
  navigatorSizeRatio: 0.16,
  navigatorMaintainSizeRatio: true,
  navigatorAutoFade: false,
  navigatorRotate: true,
  navigatorBackground: "#0d0f13",
  navigatorOpacity: 1,
  navigatorBorderColor: "rgba(255, 255, 255, 0.28)",
  navigatorDisplayRegionColor: "#60a5fa",
  // Keep the slide on screen while dragging, not only once the drag ends.
  constrainDuringPan: true,
  visibilityRatio: 0.5,
  minZoomImageRatio: 0.8,
  // Twice the scan's resolution at most: beyond that there is nothing more to see, only blur.
  maxZoomPixelRatio: 2,
  // Smooth, quick zoom: short springy animations and gentle steps per wheel notch.
  animationTime: reducedMotion() ? 0 : 0.6,
  springStiffness: 9,
  zoomPerScroll: 1.25,
  zoomPerClick: 1.6,
  blendTime: reducedMotion() ? 0 : 0.15,
  immediateRender: false,
  // A click selects (and later draws); zooming is the wheel, a double click and the controls.
  gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true, scrollToZoom: true, flickEnabled: false },
  gestureSettingsTouch: { pinchRotate: false },
  // Same origin: no crossOriginPolicy, so tile requests carry the media cookie like any image.
  preserveImageSizeOnResize: true
})

export const SlideViewer = ({ tileSource, rotation, onViewer }: SlideViewerProps) => {
  const t = useT()
  const host = useRef<HTMLDivElement>(null)
  const [viewer, setViewer] = useState<OpenSeadragon.Viewer | null>(null)
  const [openFailed, setOpenFailed] = useState(false)
  const announce = useRef(onViewer)
  announce.current = onViewer
  const helpId = useId()
  const label = t("viewer.canvas.label")
  const tilesLoading = useTilesLoading(viewer)

  useEffect(() => {
    const element = host.current
    if (element === null) return
    const created = OpenSeadragon(options(element, tileSource))
    const onOpen = () => {
      setOpenFailed(false)
      element.dataset.state = "open"
    }
    const onOpenFailed = () => {
      setOpenFailed(true)
      element.dataset.state = "failed"
    }
    // What the viewport really does, for tests and for anyone inspecting the page.
    const onRotate = (event: OpenSeadragon.RotateEvent) => {
      element.dataset.rotation = String(normalizeDegrees(event.degrees))
    }
    // The page's shortcuts (useViewerShortcuts, the tool rail) own + - 0 r R f and the tools' keys;
    // OpenSeadragon would also act on them when its canvas has focus ("f" would flip the slide, "w"
    // pan up while choosing the wand). Arrow keys still pan.
    const onCanvasKey = (event: OpenSeadragon.CanvasKeyEvent) => {
      const key = event.originalEvent as KeyboardEvent
      if (shortcutOf(key) !== null || toolShortcutOf(key) !== null) event.preventDefaultAction = true
    }
    created.addHandler("open", onOpen)
    created.addHandler("open-failed", onOpenFailed)
    created.addHandler("rotate", onRotate)
    created.addHandler("canvas-key", onCanvasKey)
    // OpenSeadragon's canvas takes focus (Tab reaches it) and pans with the arrow keys: say what it is
    // and how to drive it, as an application region with its own keys.
    created.canvas.setAttribute("role", "application")
    created.canvas.setAttribute("aria-roledescription", "slide")
    created.canvas.setAttribute("aria-describedby", helpId)
    element.dataset.rotation = "0"
    setViewer(created)
    announce.current(created)
    return () => {
      created.removeHandler("open", onOpen)
      created.removeHandler("open-failed", onOpenFailed)
      created.removeHandler("rotate", onRotate)
      created.removeHandler("canvas-key", onCanvasKey)
      announce.current(null)
      setViewer(null)
      created.destroy()
    }
  }, [tileSource, helpId])

  useEffect(() => {
    viewer?.canvas.setAttribute("aria-label", label)
  }, [viewer, label])

  useEffect(() => {
    if (viewer === null) return
    const current = viewer.viewport.getRotation()
    if (normalizeDegrees(current) !== rotation) viewer.viewport.setRotation(nearestRotation(current, rotation))
  }, [viewer, rotation])

  return (
    <div className={css.root}>
      <div ref={host} className={css.canvas} data-testid="slide-viewer" data-tiles={tilesLoading ? "loading" : "loaded"} />
      {tilesLoading && !openFailed && (
        <div className={css.tilesLoading} data-testid="tiles-loading" role="status">
          <span className={css.tilesTrack} aria-hidden="true">
            <span className={css.tilesBar} />
          </span>
          <span className={css.tilesLabel}>{t("viewer.tilesLoading")}</span>
        </div>
      )}
      <p id={helpId} className={visuallyHidden}>
        {t("viewer.canvas.help")}
      </p>
      {openFailed && (
        <div className={css.failure} role="alert">
          <AlertTriangleIcon size={22} />
          <p className={css.failureTitle}>{t("viewer.openFailed.title")}</p>
          <p className={css.failureBody}>{t("viewer.openFailed.body")}</p>
          <Button variant="secondary" size="sm" iconStart={<RefreshIcon size={14} />} onClick={() => viewer?.open({ tileSource })}>
            {t("viewer.openFailed.retry")}
          </Button>
        </div>
      )}
    </div>
  )
}
