import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const page = style({
  width: "min(1200px, 100%)",
  margin: "0 auto",
  padding: `${vars.space["8"]} ${vars.space["6"]} ${vars.space["16"]}`
})
export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium
})
export const hint = style({ margin: `-${vars.space["3"]} 0 ${vars.space["5"]}`, fontSize: vars.fontSize.sm, color: vars.color.textSubtle })
