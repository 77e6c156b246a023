import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const root = style({
  position: "relative",
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  background: vars.color.canvas,
  overflow: "hidden"
})

export const top = style({ padding: `${vars.space["5"]} ${vars.space["8"]}`, position: "relative" })

export const logo = style({ color: vars.color.text, textDecoration: "none", selectors: { "&:hover": { textDecoration: "none" } } })

export const center = style({
  position: "relative",
  flex: 1,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  textAlign: "center",
  gap: vars.space["4"],
  padding: `${vars.space["8"]} ${vars.space["6"]} ${vars.space["20"]}`
})

export const field = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 168,
  height: 168,
  marginBottom: vars.space["4"],
  borderRadius: "50%",
  background: `radial-gradient(circle at 50% 45%, #ffffff 0%, #eef2ff 70%, #e0e7ff 100%)`,
  boxShadow: `inset 0 0 0 1px ${vars.color.primarySoftBorder}, 0 0 0 12px rgba(29, 78, 216, 0.04), 0 0 0 24px rgba(29, 78, 216, 0.03)`
})

export const code = style({
  fontSize: 52,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: "-0.04em",
  color: vars.color.primary,
  fontVariantNumeric: "tabular-nums"
})

export const title = style({ fontSize: vars.fontSize["3xl"], fontWeight: vars.fontWeight.semibold, letterSpacing: "-0.02em" })

export const subtitle = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, fontWeight: vars.fontWeight.medium })

export const body = style({ maxWidth: 440, color: vars.color.textSubtle })

export const actions = style({
  display: "flex",
  gap: vars.space["3"],
  marginTop: vars.space["4"],
  flexWrap: "wrap",
  justifyContent: "center"
})
