// A report's structured form and card on the viewer's dark chrome: grouped case facts, the diagnosis
// set apart (it is what a clinician reads first), and the measurement table in tabular figures.
import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"
import { dark } from "../SlideLayout.css.ts"

const ring = { outline: "2px solid #93c5fd", outlineOffset: 1 }
const border = "rgba(255, 255, 255, 0.12)"

/** A report's form holds many fields: it takes the tab's height and scrolls on its own. */
export const scroller = style({ flex: "1 1 auto", minHeight: 0, overflowY: "auto" })
// Its fields keep their height and the form scrolls, rather than every field being squeezed to fit.
globalStyle(`${scroller} > *`, { flexShrink: 0 })
// The panel's input grows along a row (flex: 1); down a label's column that would squash it to the
// text's height, so in this form it keeps its own.
globalStyle(`${scroller} label > input:not([type="checkbox"])`, { flex: "none" })

export const group = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  margin: 0,
  padding: "8px 10px 10px",
  border: `1px solid ${border}`,
  borderRadius: 5,
  minWidth: 0
})

export const legend = style({
  padding: "0 4px",
  color: dark.muted,
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.06em",
  textTransform: "uppercase"
})

/** Specimen and stain side by side where there is room, one above the other on a phone. */
export const pair = style({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(130px, 1fr))", gap: 8 })

export const hint = style({ color: dark.muted, fontSize: 11.5, lineHeight: 1.4 })

export const check = style({ display: "flex", alignItems: "center", gap: 8, color: dark.text, fontSize: 12.5, cursor: "pointer" })

export const diagnosisInput = style({ fontWeight: vars.fontWeight.semibold })

export const tableWrap = style({ marginTop: 6, overflowX: "auto" })

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: 12,
  fontVariantNumeric: "tabular-nums",
  color: dark.text
})

// The cells are plain elements inside the table: vanilla-extract styles them as descendants.
globalStyle(`${table} th, ${table} td`, {
  padding: "4px 6px",
  borderBottom: `1px solid ${dark.line}`,
  textAlign: "right",
  whiteSpace: "nowrap"
})
globalStyle(`${table} th:first-child`, {
  textAlign: "left",
  whiteSpace: "normal",
  overflowWrap: "anywhere",
  fontWeight: vars.fontWeight.medium
})
globalStyle(`${table} thead th`, { color: dark.muted, fontSize: 11, fontWeight: vars.fontWeight.medium })

export const index = style({
  display: "flex",
  justifyContent: "space-between",
  gap: 8,
  margin: "6px 0 0",
  padding: "0 6px",
  color: dark.text,
  fontSize: 12
})
globalStyle(`${index} strong`, { color: "#93c5fd", fontSize: 13, whiteSpace: "nowrap" })

/** The diagnosis on a card: the first thing read, set apart by an accent bar. */
export const diagnosis = style({
  margin: "8px 0 0",
  padding: "6px 10px",
  borderLeft: "3px solid #60a5fa",
  background: "rgba(96, 165, 250, 0.08)",
  color: "#f9fafb",
  fontSize: 13.5,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.45,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere"
})

export const diagnosisLabel = style({
  display: "block",
  marginBottom: 2,
  color: "#93c5fd",
  fontSize: 10.5,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.06em",
  textTransform: "uppercase"
})

export const facts = style({ margin: "6px 0 0", color: dark.muted, fontSize: 12, overflowWrap: "anywhere" })

export const download = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  height: 28,
  marginTop: 8,
  padding: "0 10px",
  border: `1px solid ${border}`,
  borderRadius: 4,
  background: "transparent",
  color: dark.text,
  fontSize: 12.5,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  ":hover": { background: "rgba(255, 255, 255, 0.06)" },
  ":focus-visible": ring,
  ":disabled": { opacity: 0.55, cursor: "default" }
})
