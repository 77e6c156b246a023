import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["3"],
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  marginBottom: vars.space["4"],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.primarySoftBorder}`,
  background: vars.color.primarySoft,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug
})

export const icon = style({
  flex: "none",
  display: "grid",
  placeItems: "center",
  width: 36,
  height: 36,
  borderRadius: "50%",
  background: vars.color.surface,
  color: vars.color.primary
})

export const text = style({ display: "flex", flexDirection: "column", gap: 2, flex: "1 1 260px", minWidth: 0 })
export const lead = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text, overflowWrap: "anywhere" })
export const hint = style({ color: vars.color.textMuted })
export const problem = style({ color: vars.color.dangerText, fontWeight: vars.fontWeight.medium })
export const actions = style({ display: "flex", gap: vars.space["2"], flex: "none", marginLeft: "auto" })
