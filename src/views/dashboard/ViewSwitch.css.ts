import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const group = style({
  margin: 0,
  minWidth: 0,
  display: "inline-flex",
  padding: 2,
  gap: 2,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md
})

export const option = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 30,
  height: 30,
  border: 0,
  borderRadius: 6,
  background: "transparent",
  color: vars.color.textSubtle,
  cursor: "pointer",
  transition: `background-color ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: {
    "&:hover": { color: vars.color.text },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})

export const selected = style({ background: vars.color.surface, color: vars.color.text, boxShadow: vars.shadow.xs })
