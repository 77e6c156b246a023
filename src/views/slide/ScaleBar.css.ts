import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

/** Light on a dark glass plate: readable over both pale tissue and the dark ground. */
export const root = style({
  display: "inline-flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: 3,
  padding: "5px 10px 7px",
  borderRadius: vars.radius.md,
  background: "rgba(13, 15, 19, 0.72)",
  backdropFilter: "blur(6px)",
  color: "#f9fafb",
  pointerEvents: "none"
})

export const label = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: "tabular-nums",
  letterSpacing: "0.01em"
})

/** The bar with end ticks: a bottom and two side borders. */
export const bar = style({
  display: "block",
  height: 7,
  borderLeft: "2px solid currentColor",
  borderRight: "2px solid currentColor",
  borderBottom: "2px solid currentColor",
  transition: "width 60ms linear"
})

export const unknown = style({
  display: "inline-flex",
  alignItems: "center",
  height: 26,
  padding: "0 10px",
  borderRadius: vars.radius.md,
  background: "rgba(13, 15, 19, 0.72)",
  color: "#cbd5e1",
  fontSize: vars.fontSize.xs,
  fontStyle: "italic"
})
