import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({ maxWidth: 1120 })

export const heading = style({
  fontSize: vars.fontSize["2xl"],
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "-0.01em",
  marginBottom: vars.space["6"]
})

export const columns = style({
  display: "grid",
  gridTemplateColumns: "220px minmax(0, 1fr)",
  gap: vars.space["8"],
  alignItems: "start",
  "@media": { "(max-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space["5"] } }
})

export const menu = style({
  position: "sticky",
  top: `calc(${vars.layout.header} + 24px)`,
  display: "flex",
  flexDirection: "column",
  gap: 2,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": {
    "(max-width: 960px)": {
      position: "static",
      flexDirection: "row",
      overflowX: "auto",
      borderBottom: `1px solid ${vars.color.border}`,
      gap: 4
    }
  }
})

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: 10,
  height: 36,
  padding: "0 12px",
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover, color: vars.color.text, textDecoration: "none" },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  },
  "@media": { "(max-width: 960px)": { borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0` } }
})

export const active = style({
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}, ${vars.shadow.xs}`,
  selectors: { "&:hover": { background: vars.color.surface } },
  "@media": { "(max-width: 960px)": { boxShadow: `inset 0 -2px 0 ${vars.color.primary}`, background: "transparent" } }
})

export const icon = style({ display: "inline-flex", color: vars.color.textSubtle })
export const activeIcon = style({ color: vars.color.primary })

export const content = style({ minWidth: 0 })
