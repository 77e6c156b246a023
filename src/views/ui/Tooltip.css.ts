import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const anchor = style({ position: "relative", display: "inline-flex" })

export const bubble = style({
  position: "absolute",
  left: "50%",
  bottom: "calc(100% + 8px)",
  transform: "translate(-50%, 4px)",
  zIndex: vars.zIndex.dropdown,
  padding: "6px 10px",
  borderRadius: vars.radius.sm,
  background: "#111827",
  color: "#f9fafb",
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.snug,
  whiteSpace: "nowrap",
  boxShadow: vars.shadow.md,
  pointerEvents: "none",
  opacity: 0,
  visibility: "hidden",
  transition: `opacity ${vars.motion.fast}, transform ${vars.motion.fast}, visibility ${vars.motion.fast}`,
  selectors: {
    [`${anchor}:hover > &, ${anchor}:focus-within > &`]: { opacity: 1, visibility: "visible", transform: "translate(-50%, 0)" }
  }
})

export const below = style({ bottom: "auto", top: "calc(100% + 8px)" })

export const right = style({
  bottom: "auto",
  left: "calc(100% + 10px)",
  top: "50%",
  transform: "translate(-4px, -50%)",
  selectors: {
    [`${anchor}:hover > &, ${anchor}:focus-within > &`]: { transform: "translate(0, -50%)" }
  }
})
