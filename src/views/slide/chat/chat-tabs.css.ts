// The two halves of the chat tab (messages, comments) as a segmented control, and the mute switch.
import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"
import { dark } from "../SlideLayout.css.ts"

const ring = { outline: "2px solid #93c5fd", outlineOffset: 1 }

export const root = style({ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" })
export const bar = style({
  flex: "none",
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "8px 12px",
  borderBottom: `1px solid ${dark.line}`
})
export const switcher = style({
  display: "inline-flex",
  padding: 2,
  borderRadius: 7,
  background: "rgba(255, 255, 255, 0.06)"
})
export const segment = style({
  height: 26,
  padding: "0 12px",
  border: 0,
  borderRadius: 5,
  background: "transparent",
  color: dark.muted,
  fontSize: 12,
  fontWeight: vars.fontWeight.semibold,
  cursor: "pointer",
  ":focus-visible": ring,
  selectors: { '&[aria-checked="true"]': { background: "#374151", color: "#f3f4f6" } }
})
export const mute = style({
  position: "relative",
  marginLeft: "auto",
  width: 30,
  height: 30,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  border: 0,
  borderRadius: 6,
  background: "transparent",
  color: dark.muted,
  cursor: "pointer",
  ":hover": { background: "rgba(255, 255, 255, 0.06)", color: "#f3f4f6" },
  ":focus-visible": ring,
  selectors: { '&[aria-pressed="true"]': { color: "#fbbf24" } }
})
/** The stroke across the bell while muted. */
export const slash = style({
  position: "absolute",
  width: 20,
  height: 2,
  borderRadius: 1,
  background: "currentColor",
  transform: "rotate(-45deg)"
})
export const mutedNote = style({
  flex: "none",
  margin: 0,
  padding: "6px 12px",
  color: "#fbbf24",
  fontSize: 11,
  borderBottom: `1px solid ${dark.line}`
})
