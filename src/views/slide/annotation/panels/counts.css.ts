// The counts panel: a dense table of each label's count and density, the pair's index set large
// (the figure a pathologist reads out), on the viewer's dark chrome.
import { style } from "@vanilla-extract/css"
import { vars } from "../../../theme/tokens.css.ts"
import { dark } from "../../SlideLayout.css.ts"

export const table = style({ width: "100%", borderCollapse: "collapse", fontVariantNumeric: "tabular-nums", fontSize: 12.5, marginTop: 6 })

export const th = style({
  textAlign: "right",
  fontWeight: vars.fontWeight.medium,
  color: dark.muted,
  fontSize: 11,
  padding: "3px 4px",
  borderBottom: `1px solid ${dark.line}`,
  selectors: { "&:first-child": { textAlign: "left" } }
})

export const td = style({
  textAlign: "right",
  padding: "3px 4px",
  color: dark.text,
  whiteSpace: "nowrap",
  selectors: { "&:first-child": { textAlign: "left", whiteSpace: "normal" } }
})

export const nameCell = style({ display: "inline-flex", alignItems: "center", gap: 6, minWidth: 0 })

export const total = style({ fontWeight: vars.fontWeight.semibold, borderTop: `1px solid ${dark.line}` })

export const field = style({ display: "grid", gridTemplateColumns: "74px 1fr", alignItems: "center", gap: 6, marginTop: 6 })

export const fieldLabel = style({ color: dark.muted, fontSize: 12 })

export const index = style({
  display: "flex",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: 8,
  marginTop: 8,
  padding: "6px 10px",
  borderRadius: 6,
  background: "rgba(37, 99, 235, 0.16)",
  border: "1px solid rgba(147, 197, 253, 0.35)"
})

export const indexValue = style({
  fontSize: 20,
  fontWeight: vars.fontWeight.semibold,
  color: "#f9fafb",
  fontVariantNumeric: "tabular-nums"
})

export const indexMeta = style({ color: dark.muted, fontSize: 12, textAlign: "right" })

export const actions = style({ display: "flex", justifyContent: "flex-end", marginTop: 8 })

export const toggle = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  padding: 0,
  border: 0,
  background: "none",
  color: "inherit",
  font: "inherit",
  letterSpacing: "inherit",
  textTransform: "inherit",
  cursor: "pointer",
  ":focus-visible": { outline: "2px solid #93c5fd", outlineOffset: 1 }
})

/** Open, the section scrolls within a bound, so the annotation list below keeps its room. */
export const body = style({ maxHeight: "32vh", overflowY: "auto", marginRight: -6, paddingRight: 6 })

export const pair = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 6, marginTop: 8 })

export const pairField = style({ display: "flex", flexDirection: "column", gap: 3, minWidth: 0 })

export const summary = style({ color: dark.muted, fontSize: 12, fontVariantNumeric: "tabular-nums" })
