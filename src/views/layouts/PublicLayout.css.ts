import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({ minHeight: "100vh", display: "flex", flexDirection: "column", background: vars.color.surface })

export const bar = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.header,
  background: "rgba(255, 255, 255, 0.85)",
  backdropFilter: "saturate(180%) blur(10px)",
  borderBottom: `1px solid ${vars.color.border}`
})

export const barInner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["6"],
  maxWidth: 1200,
  height: 64,
  margin: "0 auto",
  padding: `0 ${vars.space["6"]}`,
  "@media": { "(max-width: 576px)": { gap: vars.space["3"], padding: `0 ${vars.space["4"]}` } }
})

export const logo = style({ color: vars.color.text, textDecoration: "none", selectors: { "&:hover": { textDecoration: "none" } } })

export const links = style({
  display: "flex",
  alignItems: "center",
  gap: 4,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { "(max-width: 960px)": { display: "none" } }
})

export const link = style({
  display: "inline-flex",
  alignItems: "center",
  height: 32,
  padding: "0 10px",
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  selectors: { "&:hover": { color: vars.color.text, background: vars.color.surfaceHover, textDecoration: "none" } }
})

export const spacer = style({ flex: 1 })

export const actions = style({ display: "flex", alignItems: "center", gap: vars.space["2"] })

export const hideNarrow = style({ "@media": { "(max-width: 960px)": { display: "none" } } })

/** Below 576 px the account actions live in the menu too. */
export const hidePhone = style({ "@media": { "(max-width: 576px)": { display: "none" } } })

export const sections = style({ "@media": { "(max-width: 960px)": { display: "none" } } })

export const menuTrigger = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  height: 32,
  padding: "0 10px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  boxShadow: vars.shadow.xs,
  cursor: "pointer",
  selectors: {
    "&:hover, &[aria-expanded='true']": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})

export const main = style({ flex: 1 })

export const footer = style({ borderTop: `1px solid ${vars.color.border}`, background: vars.color.canvas })

export const footerInner = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: vars.space["4"],
  maxWidth: 1200,
  margin: "0 auto",
  padding: `${vars.space["8"]} ${vars.space["6"]}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle
})

export const footerLinks = style({ display: "flex", flexWrap: "wrap", gap: vars.space["5"], margin: 0, padding: 0, listStyle: "none" })

export const footerLink = style({ color: vars.color.textSubtle, selectors: { "&:hover": { color: vars.color.text } } })
