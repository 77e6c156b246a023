// Shared look of every form control: label above, control, then hint or error below.
import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const field = style({ display: "flex", flexDirection: "column", gap: 6, minWidth: 0 })

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  lineHeight: vars.lineHeight.snug
})

export const required = style({ color: vars.color.danger, marginLeft: 2 })

export const control = style({ position: "relative", display: "flex", alignItems: "center" })

export const input = style({
  width: "100%",
  height: 38,
  padding: `0 ${vars.space["3"]}`,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  boxShadow: vars.shadow.xs,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  appearance: "none",
  selectors: {
    "&::placeholder": { color: vars.color.textFaint },
    "&:hover:not(:disabled)": { borderColor: vars.color.borderStrong },
    "&:focus": { outline: "none", borderColor: vars.color.primary, boxShadow: vars.shadow.focus },
    "&:disabled": { background: vars.color.surfaceMuted, color: vars.color.textSubtle, cursor: "not-allowed" },
    "&[aria-invalid='true']": { borderColor: vars.color.danger },
    "&[aria-invalid='true']:focus": { boxShadow: vars.shadow.focusDanger }
  }
})

/** Room on the right for a trailing button (password toggle) or the select chevron. */
export const inputWithTrailing = style({ paddingRight: 40 })

export const trailing = style({
  position: "absolute",
  right: 4,
  top: "50%",
  transform: "translateY(-50%)",
  display: "flex",
  alignItems: "center"
})

export const trailingIcon = style([trailing, { right: 12, pointerEvents: "none", color: vars.color.textSubtle }])

export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textSubtle, lineHeight: vars.lineHeight.snug })

export const error = style({
  display: "flex",
  alignItems: "flex-start",
  gap: 6,
  fontSize: vars.fontSize.xs,
  color: vars.color.dangerText,
  lineHeight: vars.lineHeight.snug
})

export const iconButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 30,
  height: 30,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textSubtle,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover, color: vars.color.text },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})
