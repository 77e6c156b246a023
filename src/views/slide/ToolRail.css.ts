import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 4,
  width: 48,
  flex: "none",
  padding: `${vars.space["2"]} 0`,
  background: "#1d2026",
  borderRight: "1px solid rgba(255, 255, 255, 0.06)"
})

export const tool = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 36,
  height: 36,
  padding: 0,
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: "#d1d5db",
  cursor: "pointer",
  transition: `background ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: {
    "&:hover": { background: "rgba(255, 255, 255, 0.08)", color: "#ffffff" },
    "&:focus-visible": { outline: "none", boxShadow: "0 0 0 2px #60a5fa" },
    '&[aria-pressed="true"]': { background: "rgba(96, 165, 250, 0.2)", color: "#93c5fd" },
    '&[aria-disabled="true"]': { color: "#5b616d", cursor: "not-allowed", background: "transparent" }
  }
})

export const divider = style({ width: 24, height: 1, margin: "4px 0", background: "rgba(255, 255, 255, 0.1)" })
