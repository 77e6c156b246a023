import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const sidebar = style({
  position: "sticky",
  top: 0,
  flex: "none",
  display: "flex",
  flexDirection: "column",
  height: "100vh",
  background: vars.color.sidebar,
  borderRight: `1px solid ${vars.color.border}`,
  zIndex: vars.zIndex.sidebar,
  overflow: "hidden",
  transition: `width ${vars.motion.slow}`
})

/** Until the preference is applied the width must not animate (it would flash from 64 to 256). */
export const noTransition = style({ transition: "none" })

export const brandRow = style({ display: "flex", alignItems: "center", justifyContent: "space-between", flex: "none" })

export const brand = style({
  display: "flex",
  alignItems: "center",
  height: vars.layout.header,
  padding: "0 18px",
  flex: "none",
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "none" } }
})

export const scroll = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  overflowX: "hidden",
  padding: `${vars.space["2"]} 12px`
})

export const group = style({ display: "flex", flexDirection: "column", gap: 2, marginBottom: vars.space["5"] })

export const groupLabel = style({
  height: 28,
  display: "flex",
  alignItems: "center",
  padding: "0 10px",
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
  color: vars.color.textFaint,
  whiteSpace: "nowrap"
})

export const groupRule = style({ height: 1, margin: "13px 8px 14px", background: vars.color.border })

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  width: "100%",
  height: 36,
  padding: "0 10px",
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  whiteSpace: "nowrap",
  transition: `background-color ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: {
    "&:hover": { background: vars.color.surfaceHover, color: vars.color.text, textDecoration: "none" },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})

export const itemActive = style({
  background: vars.color.primarySoft,
  color: vars.color.primary,
  selectors: { "&:hover": { background: vars.color.primarySoft, color: vars.color.primary } }
})

export const itemIcon = style({ display: "inline-flex", flex: "none", width: 20, justifyContent: "center" })

export const itemLabel = style({ overflow: "hidden", textOverflow: "ellipsis" })

/** What waits behind a staff entry: a count at the row's end, or on the icon's corner when collapsed. */
export const count = style({
  marginLeft: "auto",
  minWidth: 20,
  height: 20,
  padding: "0 6px",
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.textOnPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: "20px",
  textAlign: "center"
})

export const countOnIcon = style({
  position: "absolute",
  top: -6,
  right: -10,
  marginLeft: 0,
  minWidth: 16,
  height: 16,
  lineHeight: "16px",
  padding: "0 4px"
})

export const iconWithCount = style({ position: "relative" })

export const footer = style({
  flex: "none",
  padding: 12,
  borderTop: `1px solid ${vars.color.border}`
})

export const storage = style({
  display: "flex",
  flexDirection: "column",
  gap: 10,
  padding: 12,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`
})

export const storageHead = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text
})

export const storageText = style({ fontSize: vars.fontSize.xs, color: vars.color.textSubtle })

export const meter = style({
  height: 6,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceActive,
  overflow: "hidden"
})

export const meterFill = style({ height: "100%", borderRadius: vars.radius.full, transition: `width ${vars.motion.slow}` })
export const tone = {
  normal: style({ background: vars.color.primary }),
  warning: style({ background: "#eab308" }),
  critical: style({ background: vars.color.danger })
}

export const collapsedFooter = style({ display: "flex", justifyContent: "center" })

/* ---- the narrow-screen drawer (NavDrawer) ---- */

const slideIn = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "none" } })
const fade = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const drawer = style({
  position: "fixed",
  inset: "0 auto 0 0",
  width: "min(288px, calc(100vw - 48px))",
  maxWidth: "none",
  height: "100dvh",
  maxHeight: "none",
  margin: 0,
  padding: 0,
  border: 0,
  background: vars.color.sidebar,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  overflow: "hidden",
  selectors: {
    "&[open]": { display: "flex", animation: `${slideIn} ${vars.motion.slow}` },
    "&::backdrop": { background: vars.color.overlay, animation: `${fade} ${vars.motion.slow}` }
  }
})

/** The sidebar filling the drawer: no stickiness, no fixed width, no border of its own. */
export const inDrawer = style({ position: "static", width: "100%", height: "100%", borderRight: 0, transition: "none" })

export const drawerClose = style({ marginRight: 12 })
