import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({ display: "flex", flexDirection: "column", gap: 6 })

export const row = style({
  display: "inline-flex",
  alignItems: "flex-start",
  gap: 10,
  cursor: "pointer",
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  lineHeight: "20px"
})

export const box = style({
  position: "relative",
  flex: "none",
  width: 18,
  height: 18,
  marginTop: 1
})

/** The native input stays in place (so clicks, focus and forms work) but is drawn by `mark`. */
export const input = style({
  position: "absolute",
  inset: 0,
  margin: 0,
  opacity: 0,
  cursor: "pointer"
})

export const mark = style({
  position: "absolute",
  inset: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: 5,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: "transparent",
  boxShadow: vars.shadow.xs,
  pointerEvents: "none",
  transition: `background-color ${vars.motion.fast}, border-color ${vars.motion.fast}`,
  selectors: {
    [`${input}:checked + &`]: { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.textOnPrimary },
    [`${input}:focus-visible + &`]: { boxShadow: vars.shadow.focus },
    [`${input}[aria-invalid='true'] + &`]: { borderColor: vars.color.danger },
    [`${input}:disabled + &`]: { background: vars.color.surfaceMuted, opacity: 0.6 }
  }
})
