import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const frame = style({
  position: "relative",
  borderRadius: vars.radius.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: "0 30px 60px -20px rgba(15, 23, 42, 0.25), 0 12px 24px -12px rgba(15, 23, 42, 0.12)",
  overflow: "hidden"
})

export const chrome = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  height: 40,
  padding: "0 14px",
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.sidebar
})

export const dot = style({ width: 10, height: 10, borderRadius: "50%", background: vars.color.borderStrong })

export const chromeTitle = style({
  marginLeft: 10,
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textSubtle
})

export const stage = style({ position: "relative", display: "flex", height: 360 })

export const tools = style({
  display: "flex",
  flexDirection: "column",
  gap: 6,
  padding: 8,
  borderRight: `1px solid ${vars.color.border}`,
  background: vars.color.surface
})

export const tool = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 32,
  height: 32,
  borderRadius: vars.radius.md,
  color: vars.color.textSubtle
})

export const toolActive = style({ background: vars.color.primarySoft, color: vars.color.primary })

export const canvas = style({ position: "relative", flex: 1, overflow: "hidden", background: "#f8eef3" })

export const chip = style({
  position: "absolute",
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  height: 26,
  padding: "0 10px",
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: "#fff",
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  boxShadow: vars.shadow.md
})

export const countCard = style({
  position: "absolute",
  right: 16,
  bottom: 16,
  display: "flex",
  alignItems: "center",
  gap: 10,
  padding: "10px 14px",
  borderRadius: vars.radius.lg,
  background: "rgba(255, 255, 255, 0.96)",
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
  fontSize: vars.fontSize.sm
})

export const countIcon = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 30,
  height: 30,
  borderRadius: vars.radius.md,
  background: "linear-gradient(135deg, #6366f1, #1d4ed8)",
  color: "#fff"
})

export const countTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text })
export const countSub = style({ fontSize: vars.fontSize.xs, color: vars.color.textSubtle, fontFamily: vars.font.mono })

export const minimap = style({
  position: "absolute",
  left: 16,
  bottom: 16,
  width: 92,
  height: 64,
  borderRadius: vars.radius.md,
  background: "#f3dfe8",
  border: "2px solid rgba(255,255,255,0.9)",
  boxShadow: vars.shadow.md,
  overflow: "hidden"
})

export const minimapView = style({
  position: "absolute",
  left: 30,
  top: 16,
  width: 34,
  height: 24,
  border: `2px solid ${vars.color.primary}`,
  borderRadius: 3
})
