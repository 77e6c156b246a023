import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "none",
  borderRadius: vars.radius.full,
  overflow: "hidden",
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.02em",
  userSelect: "none",
  boxShadow: "inset 0 0 0 1px rgba(16, 24, 40, 0.06)"
})

export const size = styleVariants({
  40: { width: 40, height: 40, fontSize: 14 },
  36: { width: 36, height: 36, fontSize: 13 },
  28: { width: 28, height: 28, fontSize: 11 }
})

/** Soft tints for initials: distinguishable, never loud. */
export const tints = [
  { background: "#e0e7ff", color: "#3730a3" },
  { background: "#dbeafe", color: "#1e40af" },
  { background: "#dcfce7", color: "#166534" },
  { background: "#fef3c7", color: "#92400e" },
  { background: "#fce7f3", color: "#9d174d" },
  { background: "#ede9fe", color: "#5b21b6" },
  { background: "#ccfbf1", color: "#115e59" }
].map((tint) => style(tint))

export const image = style({ width: "100%", height: "100%", objectFit: "cover" })
