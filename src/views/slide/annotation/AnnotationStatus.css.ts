import { style } from "@vanilla-extract/css"

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "4px 10px",
  borderRadius: 999,
  background: "rgba(17, 24, 39, 0.78)",
  color: "#e5e7eb",
  fontSize: 12,
  fontVariantNumeric: "tabular-nums",
  pointerEvents: "auto"
})

export const muted = style({ color: "#9ca3af" })

export const link = style({
  border: "none",
  background: "none",
  color: "#93c5fd",
  cursor: "pointer",
  padding: 0,
  font: "inherit",
  textDecoration: "underline"
})

export const error = style({
  ...{},
  padding: "4px 10px",
  borderRadius: 999,
  background: "rgba(127, 29, 29, 0.85)",
  color: "#fecaca",
  fontSize: 12
})

export const comment = style({
  width: 300,
  padding: "6px 10px",
  borderRadius: 6,
  border: "1px solid rgba(96, 165, 250, 0.7)",
  background: "rgba(17, 24, 39, 0.92)",
  color: "#f9fafb",
  fontSize: 13,
  pointerEvents: "auto",
  outline: "none"
})
