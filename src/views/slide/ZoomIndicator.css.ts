import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: 52,
  height: 40,
  padding: "0 10px",
  borderRadius: vars.radius.md,
  background: "rgba(13, 15, 19, 0.72)",
  backdropFilter: "blur(6px)",
  color: "#f9fafb",
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: "tabular-nums",
  pointerEvents: "none"
})
