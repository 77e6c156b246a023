import { keyframes, style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const enter = keyframes({ from: { opacity: 0, transform: "translateY(8px) scale(0.98)" }, to: { opacity: 1, transform: "none" } })
const drain = keyframes({ from: { transform: "scaleX(1)" }, to: { transform: "scaleX(0)" } })

// Where notices appear, chosen so they never sit on an action: not at the top right, where the page's
// own actions are (Upload, New folder), nor at the bottom right, the contact button's and the upload
// panel's corner. On a wide screen they rise from the bottom left of the content, beside the sidebar;
// on a narrow one they sit at the very top, over the header's strip, where a dialog (shown there as
// a sheet from the bottom) leaves room for them and no page action is. The slide page is the
// exception on a wide screen (below).
export const region = style({
  position: "fixed",
  inset: "auto auto 24px 24px",
  overflow: "visible",
  border: 0,
  background: "transparent",
  zIndex: vars.zIndex.toast,
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  width: "min(380px, calc(100vw - 32px))",
  margin: 0,
  padding: 0,
  listStyle: "none",
  pointerEvents: "none",
  selectors: {
    "html:has(aside[data-expanded='true']) &": { left: `calc(${vars.layout.sidebar} + 24px)` },
    "html:has(aside[data-expanded='false']) &": { left: `calc(${vars.layout.sidebarCollapsed} + 24px)` }
  },
  "@media": {
    "(max-width: 960px)": {
      selectors: { "html &&": { inset: "8px 12px auto 12px", width: "auto" } }
    },
    // On the slide page every part of the stage is slide: the bottom left is the scale bar's and
    // the zoom's, the lower edge is what a pathologist reads, and a notice anywhere on the slide is
    // under the pen (a drag that starts on it draws nothing). Notices sit over the header's middle,
    // as on a phone; in full screen, over the middle of the viewer's own bar.
    "(min-width: 961px)": {
      selectors: {
        "html:has([data-testid='slide-layout']) &&": { inset: "6px auto auto 50%", transform: "translateX(-50%)" }
      }
    }
  }
})

export const toast = style({
  position: "relative",
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space["3"],
  padding: "12px 12px 12px 14px",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  overflow: "hidden",
  pointerEvents: "auto",
  animation: `${enter} 180ms cubic-bezier(0.2, 0, 0, 1)`
})

export const icon = styleVariants({
  success: { color: vars.color.success, flex: "none", marginTop: 1 },
  error: { color: vars.color.danger, flex: "none", marginTop: 1 },
  info: { color: vars.color.primary, flex: "none", marginTop: 1 }
})

export const body = style({ flex: 1, minWidth: 0 })
export const title = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.snug })
export const message = style({ marginTop: 2, fontSize: vars.fontSize.sm, color: vars.color.textMuted, lineHeight: vars.lineHeight.snug })

/** A thin bar that drains over the toast's lifetime and pauses with it on hover. */
export const timer = style({
  position: "absolute",
  left: 0,
  right: 0,
  bottom: 0,
  height: 2,
  transformOrigin: "left",
  animationName: drain,
  animationTimingFunction: "linear",
  animationFillMode: "forwards",
  selectors: { [`${toast}:hover &`]: { animationPlayState: "paused" } }
})

export const timerKind = styleVariants({
  success: { background: vars.color.success },
  error: { background: vars.color.danger },
  info: { background: vars.color.primary }
})
