import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  textAlign: "center",
  gap: vars.space["2"],
  padding: `${vars.space["16"]} ${vars.space["6"]}`
})

export const bordered = style({
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface
})

export const illustration = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 56,
  height: 56,
  marginBottom: vars.space["2"],
  borderRadius: vars.radius.lg,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  boxShadow: `0 0 0 8px ${vars.color.surface}, 0 0 0 9px ${vars.color.border}`
})

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text })

export const description = style({
  maxWidth: 420,
  fontSize: vars.fontSize.md,
  color: vars.color.textSubtle,
  lineHeight: vars.lineHeight.normal
})

export const actions = style({
  display: "flex",
  gap: vars.space["2"],
  marginTop: vars.space["4"],
  flexWrap: "wrap",
  justifyContent: "center"
})
