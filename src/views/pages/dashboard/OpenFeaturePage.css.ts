import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const finding = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[3],
  color: vars.color.textMuted,
  padding: `${vars.space[6]} 0`
})
