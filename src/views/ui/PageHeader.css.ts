import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  display: "flex",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space["4"],
  flexWrap: "wrap",
  marginBottom: vars.space["6"]
})

export const text = style({ display: "flex", flexDirection: "column", gap: 4, minWidth: 0 })

export const title = style({
  fontSize: vars.fontSize["2xl"],
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "-0.01em",
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text
})

export const description = style({ fontSize: vars.fontSize.md, color: vars.color.textSubtle })

export const actions = style({ display: "flex", alignItems: "center", gap: vars.space["2"], flexWrap: "wrap" })
