// The viewer's side panel on the dark chrome: tabs, the labels list, the annotation list and the
// export and import bar. Dense, like a desktop slide tool: 13 px text, 28-32 px controls, every
// colour at least 4.5:1 on the chrome, a visible ring on keyboard focus.
import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "../../../theme/tokens.css.ts"
import { dark } from "../../SlideLayout.css.ts"

const ring = { outline: "2px solid #93c5fd", outlineOffset: 1 }
const raised = "#262a32"
const hover = "rgba(255, 255, 255, 0.06)"
const border = "rgba(255, 255, 255, 0.12)"

export const root = style({ display: "flex", flexDirection: "column", height: "100%", minHeight: 0, fontSize: 13 })

// Four tabs may not fit a phone's panel: the strip scrolls sideways rather than cutting the last off.
export const tabs = style({
  display: "flex",
  flex: "none",
  borderBottom: `1px solid ${dark.line}`,
  // Five tabs (annotations, AI, chat, notes, details) fit the panel's 300 px at 1440 px wide.
  padding: "0 4px",
  gap: 2,
  overflowX: "auto",
  scrollbarWidth: "none"
})

export const tab = style({
  position: "relative",
  flex: "none",
  padding: "10px 7px 9px",
  border: 0,
  background: "none",
  color: dark.muted,
  fontSize: 13,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  borderBottom: "2px solid transparent",
  ":hover": { color: dark.text },
  ":focus-visible": ring,
  selectors: { '&[aria-selected="true"]': { color: "#f9fafb", borderBottomColor: "#60a5fa" } }
})

// Crowded (a short window, the counts open), the tab scrolls as a whole and the list keeps its room.
export const tabPanel = style({ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", overflowX: "hidden", overflowY: "auto" })

export const details = style({ flex: 1, minHeight: 0, overflowY: "auto" })

export const section = style({ flex: "none", padding: "10px 12px", borderBottom: `1px solid ${dark.line}` })

export const sectionHead = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8, marginBottom: 6 })

export const heading = style({
  margin: 0,
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
  color: dark.muted
})

export const iconButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "none",
  width: 26,
  height: 26,
  padding: 0,
  border: 0,
  borderRadius: 4,
  background: "none",
  color: dark.muted,
  cursor: "pointer",
  ":hover": { background: hover, color: dark.text },
  ":focus-visible": ring,
  ":disabled": { opacity: 0.45, cursor: "default" },
  selectors: { '&[aria-pressed="true"]': { color: "#f9fafb" } }
})

export const textButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  height: 28,
  padding: "0 10px",
  border: `1px solid ${border}`,
  borderRadius: 4,
  background: raised,
  color: dark.text,
  fontSize: 12.5,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: "nowrap",
  cursor: "pointer",
  ":hover": { background: "#2f343d" },
  ":focus-visible": ring,
  ":disabled": { opacity: 0.55, cursor: "default" }
})

export const primaryButton = style([
  textButton,
  { background: "#2563eb", borderColor: "#2563eb", color: "#fff", ":hover": { background: "#1d4ed8" } }
])

export const labelList = style({ listStyle: "none", margin: 0, padding: 0, maxHeight: 208, overflowY: "auto" })

export const labelRow = style({
  display: "flex",
  alignItems: "center",
  gap: 4,
  height: 30,
  padding: "0 2px 0 4px",
  borderRadius: 4,
  ":hover": { background: hover },
  selectors: { '&[data-active="true"]': { background: "rgba(96, 165, 250, 0.14)" } }
})

export const labelMain = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  flex: 1,
  minWidth: 0,
  height: 26,
  padding: "0 4px",
  border: 0,
  borderRadius: 4,
  background: "none",
  color: dark.text,
  fontSize: 13,
  textAlign: "left",
  cursor: "pointer",
  ":focus-visible": ring,
  selectors: { '&[data-hidden="true"]': { color: dark.muted } }
})

export const labelName = style({ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })

export const virtualName = style({ fontStyle: "italic" })

export const count = style({ color: dark.muted, fontVariantNumeric: "tabular-nums", fontSize: 12 })

/** "3 selected": the selection's colour, so it reads with the highlight on the slide and in the list. */
export const selectionCount = style({
  padding: "1px 8px",
  borderRadius: 999,
  background: "rgba(59, 130, 246, 0.22)",
  color: "#bfdbfe",
  fontVariantNumeric: "tabular-nums",
  fontSize: 12,
  fontWeight: vars.fontWeight.medium
})

export const activeDot = style({ display: "inline-flex", flex: "none", color: "#93c5fd" })

export const swatch = style({
  flex: "none",
  width: 12,
  height: 12,
  borderRadius: 3,
  boxShadow: "inset 0 0 0 1px rgba(0, 0, 0, 0.35), 0 0 0 1px rgba(255, 255, 255, 0.18)"
})

export const colorInput = style({
  flex: "none",
  width: 26,
  height: 26,
  padding: 3,
  border: 0,
  borderRadius: 4,
  background: "none",
  cursor: "pointer",
  ":hover": { background: hover },
  ":focus-visible": ring
})

export const form = style({ display: "flex", alignItems: "center", gap: 6, marginTop: 8 })

export const input = style({
  flex: 1,
  minWidth: 0,
  height: 28,
  padding: "0 8px",
  border: `1px solid ${border}`,
  borderRadius: 4,
  background: "#15171b",
  color: dark.text,
  fontSize: 13,
  "::placeholder": { color: dark.muted },
  ":focus-visible": { ...ring, outlineOffset: 0 }
})

export const select = style([input, { flex: 1, paddingRight: 4, cursor: "pointer" }])

export const toggleRow = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8, marginTop: 6 })

export const checkbox = style({ display: "inline-flex", alignItems: "center", gap: 6, color: dark.text, fontSize: 12.5, cursor: "pointer" })

globalStyle(`${checkbox} input`, { width: 14, height: 14, margin: 0, accentColor: "#3b82f6", cursor: "pointer" })
globalStyle(`${checkbox} input:focus-visible`, ring)

export const hint = style({ margin: 0, color: dark.muted, fontSize: 12, lineHeight: 1.45 })

export const listSection = style({ flex: 1, minHeight: 220, display: "flex", flexDirection: "column" })

export const listHead = style({ flex: "none", padding: "10px 12px 8px", borderBottom: `1px solid ${dark.line}` })

export const filters = style({ display: "flex", gap: 6 })

export const viewport = style({ position: "relative", flex: 1, minHeight: 0, overflowY: "auto", outline: "none" })

export const spacer = style({ position: "relative", width: "100%" })

export const row = style({
  position: "absolute",
  left: 0,
  right: 0,
  display: "flex",
  alignItems: "center",
  gap: 2,
  padding: "0 6px 0 0",
  borderBottom: `1px solid ${dark.line}`,
  selectors: {
    '&[data-current="true"]': { background: "rgba(96, 165, 250, 0.16)", boxShadow: "inset 2px 0 0 #60a5fa" },
    '&[data-selected="true"]': { background: "rgba(59, 130, 246, 0.24)", boxShadow: "inset 3px 0 0 #3b82f6" },
    "&:hover": { background: hover },
    '&[data-selected="true"]:hover': { background: "rgba(59, 130, 246, 0.32)" }
  }
})

export const rowButton = style({
  display: "grid",
  gridTemplateColumns: "12px minmax(0, 1fr) auto",
  gridTemplateRows: "auto auto",
  columnGap: 8,
  rowGap: 2,
  alignItems: "center",
  flex: 1,
  minWidth: 0,
  height: "100%",
  padding: "0 4px 0 12px",
  border: 0,
  background: "none",
  color: dark.text,
  textAlign: "left",
  cursor: "pointer",
  ":focus-visible": { ...ring, outlineOffset: -2 },
  selectors: { '&[data-hidden="true"]': { opacity: 0.6 } }
})

export const rowTitle = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", fontSize: 13 })

export const rowMeasure = style({
  fontVariantNumeric: "tabular-nums",
  fontSize: 12,
  color: dark.text,
  textAlign: "right",
  whiteSpace: "nowrap"
})

export const rowMeta = style({
  gridColumn: "2 / 4",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: 12,
  color: dark.muted
})

export const kind = style({ color: dark.muted })

export const commentIcon = style({ marginRight: 5, verticalAlign: "-1px", color: dark.muted })

/** The chosen annotation's comment, whole: its lines kept, long words broken, a long one scrolled. */
export const commentText = style({
  margin: 0,
  maxHeight: "12em",
  overflowY: "auto",
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  fontSize: 13,
  lineHeight: 1.5,
  color: dark.text
})

export const empty = style({ padding: "20px 16px", color: dark.muted, fontSize: 12.5, lineHeight: 1.5, textAlign: "center" })

export const footer = style({
  flex: "none",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 6,
  padding: "6px 12px",
  borderTop: `1px solid ${dark.line}`,
  color: dark.muted,
  fontSize: 12
})

export const transfer = style({
  flex: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: 6,
  padding: "10px 12px",
  borderTop: `1px solid ${dark.line}`
})

export const visuallyHidden = style({
  position: "absolute",
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0
})
