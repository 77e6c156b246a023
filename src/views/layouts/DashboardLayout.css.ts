import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const shell = style({ display: "flex", minHeight: "100vh", background: vars.color.canvas })

export const main = style({ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" })

export const body = style({ flex: 1, display: "flex", minHeight: 0 })

export const content = style({
  flex: 1,
  minWidth: 0,
  // The bottom gutter (96 px) is the floating contact button's corner (24 + 44 + 24): scrolled to the
  // end, no action of the page sits under it.
  padding: `${vars.space["6"]} ${vars.space["8"]} 96px`,
  "@media": { "(max-width: 960px)": { padding: `${vars.space["5"]} ${vars.space["4"]} 96px` } }
})

export const skipLink = style({
  position: "absolute",
  left: 8,
  top: -48,
  zIndex: vars.zIndex.progress,
  padding: "8px 12px",
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.textOnPrimary,
  selectors: { "&:focus": { top: 8 } }
})
