import { style } from "@vanilla-extract/css"

export const presence = style({
  display: "inline-flex",
  alignItems: "center",
  marginInlineEnd: 8,
  listStyle: "none",
  margin: 0,
  padding: 0
})

export const avatar = style({
  marginInlineStart: -6,
  boxShadow: "0 0 0 2px var(--surface, #fff)",
  borderRadius: 999,
  selectors: { "&:first-child": { marginInlineStart: 0 } }
})

export const more = style({ fontSize: 12, marginInlineStart: 6, color: "#6b7280" })

export const bar = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "4px 10px",
  borderRadius: 999,
  background: "rgba(17, 24, 39, 0.78)",
  color: "#e5e7eb",
  fontSize: 12,
  pointerEvents: "auto"
})

/** Unsaved drafts: dashed like the shapes a draft would be, amber so it reads as pending. */
export const unsaved = style([bar, { border: "1px dashed #fbbf24", color: "#fde68a", fontVariantNumeric: "tabular-nums" }])

export const action = style({
  border: "none",
  background: "none",
  color: "#93c5fd",
  cursor: "pointer",
  padding: 0,
  font: "inherit",
  textDecoration: "underline",
  selectors: { "&:focus-visible": { outline: "2px solid #93c5fd", outlineOffset: 2 } }
})

/** "3 selected" on the dark bar, in the selection's blue. */
export const selected = style({ color: "#bfdbfe", fontWeight: 600, fontVariantNumeric: "tabular-nums" })
