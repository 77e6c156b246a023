import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

/** Over the whole window while files are dragged over it: the drop lands wherever it is let go. */
export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.zIndex.dialog,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: 16,
  background: "rgba(239, 244, 255, 0.82)",
  backdropFilter: "blur(2px)",
  pointerEvents: "none",
  animation: `${appear} ${vars.motion.fast}`
})

export const frame = style({
  position: "absolute",
  inset: 16,
  border: `2px dashed ${vars.color.primary}`,
  borderRadius: vars.radius.xl
})

export const card = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 10,
  maxWidth: 440,
  padding: "28px 32px",
  textAlign: "center",
  background: vars.color.surface,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg
})

export const badge = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 56,
  height: 56,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary
})

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold, color: vars.color.text })
export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, lineHeight: vars.lineHeight.normal })
