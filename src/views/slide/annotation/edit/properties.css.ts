// The selected annotation's name, description and lock on the dark chrome: a form of the panel's
// density (28 px controls, 13 px text), the lock an amber toggle when on, so a locked shape reads at
// a glance, and the imported provenance as a quiet line.
import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "../../../theme/tokens.css.ts"
import { dark } from "../../SlideLayout.css.ts"

const ring = { outline: "2px solid #93c5fd", outlineOffset: 0 }
const border = "rgba(255, 255, 255, 0.12)"
const amber = "#fbbf24"

export const fields = style({ display: "flex", flexDirection: "column", gap: 6, marginTop: 8 })

export const row = style({ display: "flex", alignItems: "center", gap: 6 })

export const fieldLabel = style({
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap"
})

const field = {
  minWidth: 0,
  border: `1px solid ${border}`,
  borderRadius: 4,
  background: "#15171b",
  color: dark.text,
  fontSize: 13,
  fontFamily: "inherit",
  "::placeholder": { color: dark.muted },
  ":focus-visible": ring,
  ":disabled": { opacity: 0.6 }
} as const

export const name = style({ ...field, flex: 1, height: 28, padding: "0 8px", fontWeight: vars.fontWeight.medium })

export const description = style({
  ...field,
  width: "100%",
  boxSizing: "border-box",
  minHeight: 52,
  maxHeight: 200,
  // Grows with what is typed, up to the maximum, then scrolls (Chromium; elsewhere the user resizes it).
  fieldSizing: "content",
  padding: "6px 8px",
  lineHeight: 1.45,
  resize: "vertical"
})

export const lock = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 5,
  flex: "none",
  height: 28,
  padding: "0 9px",
  border: `1px solid ${border}`,
  borderRadius: 4,
  background: "#262a32",
  color: dark.text,
  fontSize: 12.5,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  ":hover": { background: "#2f343d" },
  ":focus-visible": { ...ring, outlineOffset: 1 },
  selectors: {
    '&[aria-pressed="true"]': { background: "rgba(251, 191, 36, 0.14)", borderColor: "rgba(251, 191, 36, 0.55)", color: amber },
    '&[aria-pressed="true"]:hover': { background: "rgba(251, 191, 36, 0.22)" }
  }
})

export const lockedNote = style({
  display: "flex",
  alignItems: "flex-start",
  gap: 6,
  margin: 0,
  padding: "6px 8px",
  borderRadius: 4,
  background: "rgba(251, 191, 36, 0.08)",
  color: "#fcd34d",
  fontSize: 12,
  lineHeight: 1.45
})

export const readName = style({
  margin: 0,
  color: dark.text,
  fontSize: 13.5,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: "anywhere"
})

export const readDescription = style({
  margin: 0,
  maxHeight: "10em",
  overflowY: "auto",
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  color: dark.text,
  fontSize: 13,
  lineHeight: 1.5
})

/** A quiet line: a detection's measurements on their way, or why they could not be read. */
export const hint = style({ margin: 0, color: dark.muted, fontSize: 12.5, lineHeight: 1.5 })

export const retry = style({
  background: "none",
  border: "none",
  padding: 0,
  color: "#93c5fd",
  font: "inherit",
  textDecoration: "underline",
  cursor: "pointer",
  ":focus-visible": ring
})

/** A detection's measurement list, one row each, as QuPath shows it: the name muted, the value plain. */
export const measurements = style({ margin: 0, display: "grid", gap: 2, fontSize: 12.5, lineHeight: 1.5 })

export const measurement = style({
  display: "flex",
  justifyContent: "space-between",
  gap: 12,
  color: dark.text,
  fontVariantNumeric: "tabular-nums"
})

globalStyle(`${measurement} > dt`, { color: dark.muted })
globalStyle(`${measurement} > dd`, { margin: 0, textAlign: "right" })
