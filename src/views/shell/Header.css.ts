import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.header,
  display: "flex",
  alignItems: "center",
  gap: vars.space["3"],
  height: vars.layout.header,
  padding: `0 ${vars.space["4"]} 0 ${vars.space["3"]}`,
  background: "rgba(255, 255, 255, 0.92)",
  backdropFilter: "saturate(180%) blur(8px)",
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { "(max-width: 960px)": { gap: vars.space["2"], padding: `0 ${vars.space["2"]}` } }
})

export const divider = style({
  width: 1,
  height: 20,
  background: vars.color.border,
  flex: "none",
  "@media": { "(max-width: 960px)": { display: "none" } }
})

/** The menus' chevrons give their room to the breadcrumb on a narrow screen. */
export const chevron = style({ flex: "none", "@media": { "(max-width: 960px)": { display: "none" } } })

export const spacer = style({ flex: 1 })

export const actions = style({ display: "flex", alignItems: "center", gap: 4, flex: "none" })

export const pressed = style({ background: vars.color.surfaceActive, color: vars.color.text })

export const langTrigger = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  height: 32,
  padding: "0 10px",
  border: `1px solid transparent`,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  selectors: {
    "&:hover, &[aria-expanded='true']": { background: vars.color.surfaceHover, color: vars.color.text },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})

export const langTriggerOutlined = style({
  borderColor: vars.color.border,
  background: vars.color.surface,
  boxShadow: vars.shadow.xs
})

export const accountTrigger = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  height: 36,
  padding: "0 6px 0 4px",
  marginLeft: 4,
  border: 0,
  borderRadius: vars.radius.full,
  background: "transparent",
  color: vars.color.textSubtle,
  cursor: "pointer",
  selectors: {
    "&:hover, &[aria-expanded='true']": { background: vars.color.surfaceHover, color: vars.color.text },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})

export const accountHeader = style({ display: "flex", alignItems: "center", gap: 10, minWidth: 0 })
export const accountName = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap"
})
export const accountEmail = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap"
})

// Gives way to the actions: the current crumb then ends in an ellipsis (nothing here clips, so the
// menu of folded crumbs can open below).
export const crumbsNav = style({ minWidth: 0, display: "flex" })

export const crumbs = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  minWidth: 0,
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.md,
  whiteSpace: "nowrap"
})

export const crumb = style({ display: "inline-flex", alignItems: "center", gap: 6, minWidth: 0 })

export const crumbLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "4px 6px",
  margin: "0 -2px",
  borderRadius: vars.radius.sm,
  color: vars.color.textSubtle,
  textDecoration: "none",
  selectors: { "&:hover": { color: vars.color.text, background: vars.color.surfaceHover, textDecoration: "none" } }
})

export const crumbCurrent = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  overflow: "hidden",
  textOverflow: "ellipsis"
})

export const crumbSeparator = style({ color: vars.color.textFaint, display: "inline-flex", flex: "none" })

export const crumbMore = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 28,
  height: 28,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textSubtle,
  cursor: "pointer",
  selectors: {
    "&:hover, &[aria-expanded='true']": { background: vars.color.surfaceHover, color: vars.color.text },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})
