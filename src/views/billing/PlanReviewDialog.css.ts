import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const facts = style({
  display: "grid",
  gap: 8,
  margin: `0 0 ${vars.space["4"]}`,
  padding: vars.space["4"],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceHover
})

export const fact = style({ display: "flex", justifyContent: "space-between", gap: 16, color: vars.color.textMuted })

export const amount = style({ margin: 0, fontWeight: vars.fontWeight.semibold, color: vars.color.text, fontVariantNumeric: "tabular-nums" })

export const heading = style({ margin: `${vars.space["3"]} 0 4px`, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold })

export const body = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.relaxed })
