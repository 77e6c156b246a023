import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const button = style({
  position: "fixed",
  right: 24,
  bottom: 24,
  zIndex: vars.zIndex.floating,
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  height: 44,
  padding: "0 16px 0 14px",
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  transition: `box-shadow ${vars.motion.fast}, transform ${vars.motion.fast}, right ${vars.motion.normal}`,
  selectors: {
    "&:hover": { boxShadow: vars.shadow.lg, transform: "translateY(-1px)", textDecoration: "none" },
    "&:focus-visible": { outline: "none", boxShadow: `${vars.shadow.md}, ${vars.shadow.focus}` }
  }
})

/** Clears the right panel when it is open. */
export const shifted = style({ right: `calc(${vars.layout.rightPanel} + 24px)` })

export const icon = style({ color: vars.color.whatsapp, display: "inline-flex" })
