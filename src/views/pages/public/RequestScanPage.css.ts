import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const hero = style({
  padding: `${vars.space["16"]} 0 ${vars.space["10"]}`,
  background: `linear-gradient(180deg, ${vars.color.primarySoft} 0%, ${vars.color.surface} 100%)`,
  borderBottom: `1px solid ${vars.color.border}`
})

export const heroInner = style({ display: "flex", flexDirection: "column", gap: vars.space["4"], maxWidth: 720 })

export const notice = style({ marginTop: vars.space["4"], maxWidth: 720 })

export const grid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)",
  gap: vars.space["10"],
  alignItems: "start",
  "@media": { "(max-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})

export const list = style({ display: "flex", flexDirection: "column", gap: 2, margin: 0, padding: 0, listStyle: "none" })

export const listItem = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: "10px 0",
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  selectors: { "&:last-child": { borderBottom: 0 } }
})

export const listIcon = style({ color: vars.color.primary, display: "inline-flex", flex: "none" })

export const hint = style({ marginTop: vars.space["5"], fontSize: vars.fontSize.sm, color: vars.color.textSubtle })
