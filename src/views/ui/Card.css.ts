import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.xs,
  minWidth: 0
})

export const padding = styleVariants({
  none: { padding: 0 },
  sm: { padding: vars.space["4"] },
  md: { padding: vars.space["6"] },
  lg: { padding: vars.space["8"] }
})

export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space["4"],
  padding: `${vars.space["5"]} ${vars.space["6"]}`,
  borderBottom: `1px solid ${vars.color.border}`
})

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.snug })
export const description = style({ marginTop: 2, fontSize: vars.fontSize.sm, color: vars.color.textSubtle })
