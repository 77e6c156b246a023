import { style } from "@vanilla-extract/css"

/** The wand's options, a chip beside the annotation count like the comment box. */
export const root = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  padding: "4px 12px",
  borderRadius: 999,
  background: "rgba(17, 24, 39, 0.85)",
  color: "#e5e7eb",
  fontSize: 12,
  fontVariantNumeric: "tabular-nums",
  pointerEvents: "auto"
})

export const slider = style({
  width: 140,
  accentColor: "#60a5fa",
  cursor: "pointer",
  "@media": { "(max-width: 480px)": { width: 96 } }
})

export const value = style({ minWidth: "3ch", textAlign: "right", color: "#f9fafb" })
