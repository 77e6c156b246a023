// The analysis panel on the viewer's dark chrome: the analysis as a segmented choice, parameters in
// a compact grid with their units beside the numbers, a live progress bar, the headline figure set
// large over a dense table, and the upgrade offer as a card with one clear action.
import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"
import { dark } from "../SlideLayout.css.ts"

const ring = { outline: "2px solid #93c5fd", outlineOffset: 1 }
const border = "rgba(255, 255, 255, 0.12)"

export const head = style({ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: 8, flexWrap: "wrap" })

export const title = style({ margin: 0, fontSize: 14, fontWeight: vars.fontWeight.semibold, color: "#f9fafb" })

export const usage = style({ color: dark.muted, fontSize: 12, fontVariantNumeric: "tabular-nums" })

export const segmented = style({
  display: "grid",
  // One row for the analyses while they fit; they wrap on a narrower panel.
  gridTemplateColumns: "repeat(auto-fit, minmax(56px, 1fr))",
  gap: 2,
  padding: 2,
  margin: "6px 0 0",
  minWidth: 0,
  borderRadius: 6,
  background: "#15171b",
  border: `1px solid ${border}`
})

export const segment = style({
  height: 28,
  border: 0,
  borderRadius: 4,
  background: "none",
  color: dark.muted,
  fontSize: 12.5,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  ":hover": { color: dark.text },
  ":focus-visible": ring,
  ":disabled": { opacity: 0.55, cursor: "default" },
  selectors: { '&[aria-pressed="true"]': { background: "#2f343d", color: "#f9fafb", boxShadow: "0 1px 2px rgba(0,0,0,0.4)" } }
})

export const kindHint = style({ margin: "6px 0 0", color: dark.muted, fontSize: 12, lineHeight: 1.45 })

export const group = style({ border: 0, margin: "10px 0 0", padding: 0, minWidth: 0 })

export const legend = style({ padding: 0, marginBottom: 4, color: dark.text, fontSize: 12, fontWeight: vars.fontWeight.medium })

export const radio = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  height: 24,
  color: dark.text,
  fontSize: 12.5,
  cursor: "pointer"
})

export const radioDisabled = style({ color: dark.faint, cursor: "default" })

export const triple = style({ display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 6 })

export const pair = style({ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: 6 })

export const numberField = style({ display: "flex", flexDirection: "column", gap: 3, minWidth: 0, color: dark.muted, fontSize: 11.5 })

export const withUnit = style({
  display: "flex",
  alignItems: "center",
  height: 28,
  border: `1px solid ${border}`,
  borderRadius: 4,
  background: "#15171b",
  ":focus-within": { ...ring, outlineOffset: 0 }
})

export const numberInput = style({
  flex: 1,
  minWidth: 0,
  height: "100%",
  padding: "0 6px",
  border: 0,
  background: "none",
  color: dark.text,
  fontSize: 13,
  fontVariantNumeric: "tabular-nums",
  outline: "none"
})

// Muted, not faint: at 11.5 px the faint grey is 3.7:1 on the panel, under WCAG AA (axe).
export const unit = style({ flex: "none", paddingRight: 6, color: dark.muted, fontSize: 11.5 })

export const colorRow = style({ display: "flex", alignItems: "center", gap: 6 })

export const colorInput = style({
  width: 36,
  height: 28,
  padding: 2,
  border: `1px solid ${border}`,
  borderRadius: 4,
  background: "#15171b"
})

export const details = style({ marginTop: 10 })

export const summaryToggle = style({ color: dark.text, fontSize: 12, fontWeight: vars.fontWeight.medium, cursor: "pointer" })

export const actions = style({ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 6, marginTop: 12, flexWrap: "wrap" })

export const runButton = style({ flex: 1, justifyContent: "center", height: 32 })

export const invalid = style({ margin: "8px 0 0", color: "#fca5a5", fontSize: 12 })

export const alert = style({
  margin: "0 0 10px",
  padding: "8px 10px",
  borderRadius: 6,
  border: "1px solid rgba(248, 113, 113, 0.4)",
  background: "rgba(220, 38, 38, 0.14)",
  color: "#fecaca",
  fontSize: 12.5,
  lineHeight: 1.45
})

export const alertTitle = style({ display: "block", fontWeight: vars.fontWeight.semibold, color: "#fee2e2" })

export const note = style({
  margin: "0 0 10px",
  padding: "8px 10px",
  borderRadius: 6,
  border: `1px solid ${border}`,
  background: "rgba(255, 255, 255, 0.04)",
  color: dark.text,
  fontSize: 12.5
})

export const progressHead = style({ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: 8, marginTop: 8 })

export const stateChip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  color: "#bfdbfe",
  fontSize: 12.5,
  fontWeight: vars.fontWeight.medium
})

export const percent = style({ color: "#f9fafb", fontSize: 18, fontWeight: vars.fontWeight.semibold, fontVariantNumeric: "tabular-nums" })

export const track = style({ height: 8, marginTop: 6, borderRadius: 999, background: "#2a2e36", overflow: "hidden" })

export const bar = style({
  height: "100%",
  borderRadius: 999,
  background: "linear-gradient(90deg, #2563eb, #60a5fa)",
  transition: "width 300ms ease"
})

export const meta = style({ margin: "6px 0 0", color: dark.muted, fontSize: 12, fontVariantNumeric: "tabular-nums" })

export const lead = style({
  display: "flex",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: 8,
  marginTop: 8,
  padding: "8px 10px",
  borderRadius: 6,
  background: "rgba(37, 99, 235, 0.16)",
  border: "1px solid rgba(147, 197, 253, 0.35)"
})

export const leadLabel = style({ color: dark.muted, fontSize: 12 })

export const leadValue = style({ fontSize: 24, fontWeight: vars.fontWeight.semibold, color: "#f9fafb", fontVariantNumeric: "tabular-nums" })

export const upgrade = style({
  padding: "12px",
  borderRadius: 8,
  border: "1px solid rgba(250, 204, 21, 0.35)",
  background: "linear-gradient(180deg, rgba(250, 204, 21, 0.10), rgba(250, 204, 21, 0.03))"
})

export const upgradeTitle = style({ margin: 0, color: "#fef3c7", fontSize: 13.5, fontWeight: vars.fontWeight.semibold })

export const upgradeBody = style({ margin: "4px 0 10px", color: dark.text, fontSize: 12.5, lineHeight: 1.45 })

export const upgradeLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  height: 30,
  padding: "0 12px",
  borderRadius: 4,
  background: "#facc15",
  color: "#1f2937",
  fontSize: 12.5,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  ":hover": { background: "#fde047" },
  ":focus-visible": ring
})
