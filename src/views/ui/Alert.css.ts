import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  display: "flex",
  gap: vars.space["3"],
  alignItems: "flex-start",
  padding: `${vars.space["3"]} 14px`,
  borderRadius: vars.radius.md,
  border: "1px solid",
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug
})

export const kind = styleVariants({
  info: { background: vars.color.infoSoft, borderColor: vars.color.infoSoftBorder, color: vars.color.infoText },
  success: { background: vars.color.successSoft, borderColor: vars.color.successSoftBorder, color: vars.color.successText },
  warning: { background: vars.color.warningSoft, borderColor: vars.color.warningSoftBorder, color: vars.color.warningText },
  error: { background: vars.color.dangerSoft, borderColor: vars.color.dangerSoftBorder, color: vars.color.dangerText }
})

export const icon = style({ flex: "none", marginTop: 1 })
export const body = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0, flex: 1 })
export const title = style({ fontWeight: vars.fontWeight.semibold })
export const message = style({ color: vars.color.textMuted })
export const action = style({ flex: "none", marginLeft: "auto" })
