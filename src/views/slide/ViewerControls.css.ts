import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

/** A dark glass bar floating over the slide. */
export const root = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 2,
  padding: 3,
  borderRadius: vars.radius.lg,
  background: "rgba(13, 15, 19, 0.78)",
  backdropFilter: "blur(8px)",
  border: "1px solid rgba(255, 255, 255, 0.08)",
  boxShadow: "0 8px 24px rgba(0, 0, 0, 0.35)"
})

export const button = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 34,
  height: 34,
  padding: 0,
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: "#e5e7eb",
  cursor: "pointer",
  transition: `background ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: {
    "&:hover": { background: "rgba(255, 255, 255, 0.1)", color: "#ffffff" },
    "&:active": { background: "rgba(255, 255, 255, 0.16)" },
    "&:focus-visible": { outline: "none", boxShadow: "0 0 0 2px #60a5fa" },
    '&[aria-pressed="true"]': { background: "rgba(96, 165, 250, 0.22)", color: "#bfdbfe" }
  }
})

export const divider = style({ width: 1, height: 20, margin: "0 3px", background: "rgba(255, 255, 255, 0.14)" })
