import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  height: 26,
  padding: "0 10px",
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  border: `1px solid ${vars.color.primarySoftBorder}`,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold
})
