import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const anchor = style({ position: "relative", display: "inline-flex" })

export const block = style({ display: "flex" })

export const bubble = style({
  position: "fixed",
  zIndex: vars.zIndex.toast,
  // As wide as the text up to the cap, wherever the bubble starts: a fixed box placed near the right
  // edge would otherwise shrink to the room left there, a column of one word per line.
  width: "max-content",
  maxWidth: "min(280px, calc(100vw - 16px))",
  overflowWrap: "anywhere",
  padding: "6px 10px",
  borderRadius: vars.radius.sm,
  background: "#111827",
  color: "#f9fafb",
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.snug,
  boxShadow: vars.shadow.md,
  pointerEvents: "none",
  animation: `${appear} 120ms ease-out 80ms both`
})

/** The bubble as a manual popover (TruncationTip): in the top layer, so it shows above a modal dialog too. */
export const popover = style({ inset: "auto", margin: 0, border: 0, overflow: "visible" })
