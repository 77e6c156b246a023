import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: 12 })
export const text = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 })
export const label = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium, color: vars.color.text })
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textSubtle, lineHeight: vars.lineHeight.snug })

export const track = style({
  position: "relative",
  flex: "none",
  width: 36,
  height: 20,
  marginTop: 1,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
  cursor: "pointer",
  transition: `background-color ${vars.motion.fast}`,
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus },
    "&:disabled": { cursor: "not-allowed", opacity: 0.6 }
  }
})
export const on = style({ background: vars.color.primary })

export const thumb = style({
  position: "absolute",
  top: 2,
  left: 2,
  width: 16,
  height: 16,
  borderRadius: vars.radius.full,
  background: "#fff",
  boxShadow: "0 1px 2px rgba(16, 24, 40, 0.2)",
  transition: `transform ${vars.motion.fast}`,
  selectors: { [`${on} &`]: { transform: "translateX(16px)" } }
})
