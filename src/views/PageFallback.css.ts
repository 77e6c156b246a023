import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "./theme/tokens.css.ts"

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const full = style({
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["5"],
  background: vars.color.canvas,
  color: vars.color.textSubtle,
  // Invisible for a moment, so quick loads never flash a loading screen.
  animation: `${appear} 200ms ease 150ms both`
})

export const mark = style({ color: vars.color.text })

export const row = style({ display: "flex", alignItems: "center", gap: 10, fontSize: vars.fontSize.md })

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space["6"], animation: `${appear} 200ms ease 150ms both` })

export const pageHead = style({ display: "flex", justifyContent: "space-between", alignItems: "flex-end", gap: vars.space["4"] })

export const grid = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", gap: vars.space["4"] })

export const tile = style({
  display: "flex",
  flexDirection: "column",
  gap: 10,
  padding: 12,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg
})

export const inline = style({ display: "flex", justifyContent: "center", padding: `${vars.space["16"]} 0`, color: vars.color.textSubtle })
