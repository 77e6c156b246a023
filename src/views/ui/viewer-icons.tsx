// The slide viewer's icons (zoom, fit, rotate, full screen, the side panel, undo and redo) and the drawing tools'
// (pan, rectangle, polygon, ellipse, freehand area, brush, wand, point, ruler), in icons.tsx's style.
import { type IconProps, Svg } from "./icon-svg.tsx"

export const ZoomInIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3M11 8v6M8 11h6" />
  </Svg>
)

export const ZoomOutIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3M8 11h6" />
  </Svg>
)

/** Fit the whole slide in view: a frame's four corners around a dot. */
export const FitIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2" />
    <rect x="8" y="8" width="8" height="8" rx="1" />
  </Svg>
)

export const RotateCwIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8" />
    <path d="M21 3v5h-5" />
  </Svg>
)

export const MaximizeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3" />
  </Svg>
)

export const MinimizeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 3v3a2 2 0 0 1-2 2H3M21 8h-3a2 2 0 0 1-2-2V3M3 16h3a2 2 0 0 1 2 2v3M16 21v-3a2 2 0 0 1 2-2h3" />
  </Svg>
)

/** The pan tool. */
export const HandIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M18 11V6a2 2 0 0 0-4 0v5M14 10V4a2 2 0 0 0-4 0v2M10 10.5V6a2 2 0 0 0-4 0v8" />
    <path d="M18 8a2 2 0 1 1 4 0v6a8 8 0 0 1-8 8h-2c-2.8 0-4.5-.86-5.99-2.34l-3.6-3.6a2 2 0 0 1 2.83-2.82L7 15" />
  </Svg>
)

export const SquareIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
  </Svg>
)

/** The polygon tool: a pentagon with its corners marked. */
export const PolygonIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m12 3 8.5 6.2-3.2 10H6.7l-3.2-10Z" />
  </Svg>
)

/** An ellipse, for the ellipse tool. */
export const EllipseIcon = (props: IconProps) => (
  <Svg {...props}>
    <ellipse cx="12" cy="12" rx="9" ry="6.5" />
  </Svg>
)

/** A closed freehand loop, for the freehand area tool. */
export const LassoIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M7 18.5c-3-1.6-4.4-4.6-3.3-7.6C5 7 9.6 4.4 14.3 5.1c4.4.7 7 4 5.8 7.4-1.1 3.2-5.3 5-9.4 4.6" />
    <path d="M7 18.5c.4 1.4 1.7 2.1 3 1.5" />
  </Svg>
)

/** A round brush with its painted stroke, for the brush tool. */
export const BrushIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 17c2.5 0 3.5-1.5 5-3.5S11 10 14 10" />
    <circle cx="17.5" cy="8.5" r="3.5" />
    <path d="M4 21h7" />
  </Svg>
)

/** A magic wand with a spark, for the wand (a region grown from a click). */
export const WandIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m4 20 11-11" />
    <path d="m13.5 7.5 3 3" />
    <path d="M18 2.5v3M16.5 4h3" />
    <path d="M20.5 9v2M19.5 10h2" />
    <path d="M10 3v2M9 4h2" />
  </Svg>
)

/** A point, for counting cells. */
export const MapPinIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 10c0 4.99-5.54 10.19-7.4 11.8a1 1 0 0 1-1.2 0C9.54 20.19 4 14.99 4 10a8 8 0 0 1 16 0" />
    <circle cx="12" cy="10" r="3" />
  </Svg>
)

export const RulerIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M21.3 15.3a2.4 2.4 0 0 1 0 3.4l-2.6 2.6a2.4 2.4 0 0 1-3.4 0L2.7 8.7a2.41 2.41 0 0 1 0-3.4l2.6-2.6a2.41 2.41 0 0 1 3.4 0Z" />
    <path d="m14.5 12.5 2-2M11.5 9.5l2-2M8.5 6.5l2-2M17.5 15.5l2-2" />
  </Svg>
)

export const PanelRightIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M15 3v18" />
  </Svg>
)

export const RotateCcwIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
    <path d="M3 3v5h5" />
  </Svg>
)

export const UndoIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 5.5 5.5a5.5 5.5 0 0 1-5.5 5.5H11" />
  </Svg>
)

export const RedoIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m15 14 5-5-5-5" />
    <path d="M20 9H9.5A5.5 5.5 0 0 0 4 14.5A5.5 5.5 0 0 0 9.5 20H13" />
  </Svg>
)
