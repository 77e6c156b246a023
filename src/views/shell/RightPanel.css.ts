import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const slide = keyframes({ from: { opacity: 0, transform: "translateX(12px)" }, to: { opacity: 1, transform: "none" } })

export const panel = style({
  position: "sticky",
  top: vars.layout.header,
  flex: "none",
  width: vars.layout.rightPanel,
  maxWidth: "100vw",
  height: `calc(100vh - ${vars.layout.header})`,
  display: "flex",
  flexDirection: "column",
  background: vars.color.surface,
  borderLeft: `1px solid ${vars.color.border}`,
  animation: `${slide} 180ms cubic-bezier(0.2, 0, 0, 1)`,
  "@media": {
    "(max-width: 960px)": {
      position: "fixed",
      right: 0,
      zIndex: vars.zIndex.floating,
      boxShadow: vars.shadow.lg
    }
  }
})

export const head = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  height: 52,
  padding: "0 8px 0 20px",
  borderBottom: `1px solid ${vars.color.border}`,
  flex: "none"
})

export const title = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold })

export const body = style({ flex: 1, overflowY: "auto", padding: 20 })

/** Where a page's details are portalled: they bring their own layout. */
export const slot = style({ display: "flex", flexDirection: "column", gap: 20 })

export const empty = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  gap: 8,
  padding: "48px 12px"
})

export const emptyIcon = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 44,
  height: 44,
  marginBottom: 4,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
  color: vars.color.textSubtle
})

export const emptyTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold })
export const emptyBody = style({ fontSize: vars.fontSize.sm, color: vars.color.textSubtle, maxWidth: 240 })
