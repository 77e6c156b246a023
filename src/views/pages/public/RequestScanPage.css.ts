import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const hero = style({
  padding: `${vars.space["12"]} 0 ${vars.space["10"]}`,
  background: `linear-gradient(180deg, ${vars.color.primarySoft} 0%, ${vars.color.surface} 100%)`,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { "(max-width: 576px)": { padding: `${vars.space["8"]} 0 ${vars.space["6"]}` } }
})

export const heroInner = style({ display: "flex", flexDirection: "column", gap: vars.space["4"], maxWidth: 720 })

export const title = style({
  margin: 0,
  fontSize: 40,
  lineHeight: 1.1,
  letterSpacing: "-0.03em",
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  "@media": { "(max-width: 576px)": { fontSize: 30 } }
})

export const body = style({
  padding: `${vars.space["10"]} 0 ${vars.space["16"]}`,
  background: vars.color.canvas,
  "@media": { "(max-width: 576px)": { padding: `${vars.space["6"]} 0 ${vars.space["10"]}` } }
})

export const grid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)",
  gap: vars.space["8"],
  alignItems: "start",
  "@media": { "(max-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})

export const main = style({ minWidth: 0 })

export const aside = style({ display: "flex", flexDirection: "column", gap: vars.space["8"], minWidth: 0 })

export const asideTitle = style({
  margin: `0 0 ${vars.space["4"]}`,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text
})

export const hint = style({ margin: `0 0 ${vars.space["4"]}`, fontSize: vars.fontSize.md, color: vars.color.textSubtle, lineHeight: 1.6 })
