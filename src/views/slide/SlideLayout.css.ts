import { keyframes, style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

/** The viewer's dark palette: the slide reads best on a dark ground, as in every WSI viewer. */
export const dark = {
  ground: "#16181d",
  chrome: "#1d2026",
  line: "rgba(255, 255, 255, 0.07)",
  text: "#e5e7eb",
  muted: "#9ca3af",
  faint: "#6b7280"
}

/**
 * Above the dashboard's floating contact button (which would sit on the navigator), below the
 * dropdowns, dialogs, toasts and tooltips portalled to <body>.
 */
export const root = style({
  position: "relative",
  zIndex: `calc(${vars.zIndex.floating} + 1)`,
  display: "flex",
  flexDirection: "column",
  minHeight: 420,
  background: dark.ground,
  color: dark.text,
  overflow: "hidden"
})

export const frame = styleVariants({
  // DashboardLayout pads its content (space 6 and 8 and a 96 px bottom gutter; 5 and 4 on narrow
  // screens); the viewer takes the whole area under the header instead, edge to edge.
  dashboard: {
    height: `calc(100dvh - ${vars.layout.header})`,
    margin: `calc(-1 * ${vars.space["6"]}) calc(-1 * ${vars.space["8"]}) -96px`,
    "@media": {
      "(max-width: 960px)": { margin: `calc(-1 * ${vars.space["5"]}) calc(-1 * ${vars.space["4"]}) -96px` }
    }
  },
  // PublicLayout's bar is 64 px high (PublicLayout.css.ts, barInner).
  public: { height: "calc(100dvh - 64px)" }
})

/**
 * Full screen: the page asks the browser to show the document full screen and the viewer covers
 * it, so tooltips and menus (portalled to <body>) still show above it.
 */
export const fullScreen = style({
  position: "fixed",
  inset: 0,
  height: "100dvh",
  margin: 0,
  // Repeated for narrow screens: the dashboard frame's narrow margins come in a media rule, which
  // would otherwise win and push the full-screen viewer 16 px off the right edge of a phone.
  "@media": { "(max-width: 960px)": { margin: 0 } }
})

export const body = style({ position: "relative", flex: 1, minHeight: 0, display: "flex" })

/** On a phone the panel is a sheet over the lower part of the stage: the slide keeps its width. */
const PHONE = "(max-width: 640px)"
const SHEET_HEIGHT = "56%"

export const stage = style({ position: "relative", flex: 1, minWidth: 0, overflow: "hidden", background: dark.ground })

export const controls = style({ position: "absolute", top: 12, right: 12, zIndex: 2 })

// The chips beside the zoom wrap onto another row rather than run off a narrow screen (a phone with
// a shape selected: zoom, scale, count and the selection's actions do not fit on one line).
export const status = style({
  position: "absolute",
  left: 12,
  bottom: 12,
  zIndex: 2,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: 8,
  // Clear of the navigator, 16% of the viewer wide in the bottom-right corner.
  maxWidth: "calc(84% - 36px)",
  // Above the phone's sheet while it is open: the scale bar and the zoom stay in sight.
  "@media": { [PHONE]: { selectors: { [`${body}:has(aside) &`]: { bottom: `calc(${SHEET_HEIGHT} + 12px)` } } } }
})

export const panel = style({
  width: 300,
  flex: "none",
  overflowY: "auto",
  background: dark.chrome,
  borderLeft: `1px solid ${dark.line}`,
  "@media": {
    "(max-width: 1100px)": { width: 260 },
    [PHONE]: {
      position: "absolute",
      left: 0,
      right: 0,
      bottom: 0,
      zIndex: 3,
      width: "auto",
      height: SHEET_HEIGHT,
      display: "flex",
      flexDirection: "column",
      overflowY: "hidden",
      borderLeft: 0,
      borderTop: `1px solid rgba(255, 255, 255, 0.14)`,
      borderRadius: "12px 12px 0 0",
      boxShadow: "0 -12px 32px rgba(0, 0, 0, 0.45)"
    }
  }
})

const shimmer = keyframes({ "0%": { opacity: 0.45 }, "50%": { opacity: 0.8 }, "100%": { opacity: 0.45 } })

/** A placeholder shape on the dark chrome while the slide loads. */
export const placeholder = style({
  display: "block",
  borderRadius: vars.radius.sm,
  background: "rgba(255, 255, 255, 0.09)",
  animation: `${shimmer} 1.6s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } }
})
