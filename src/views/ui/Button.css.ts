import { keyframes, style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const base = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["2"],
  border: "1px solid transparent",
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.medium,
  lineHeight: 1,
  whiteSpace: "nowrap",
  cursor: "pointer",
  userSelect: "none",
  textDecoration: "none",
  transition: `background-color ${vars.motion.fast}, border-color ${vars.motion.fast}, color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    "&:hover": { textDecoration: "none" },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus },
    "&:disabled, &[aria-disabled='true']": { cursor: "not-allowed", opacity: 0.55 }
  }
})

export const variant = styleVariants({
  primary: {
    background: vars.color.primary,
    color: vars.color.textOnPrimary,
    boxShadow: vars.shadow.xs,
    selectors: {
      "&:hover:not(:disabled):not([aria-disabled='true'])": { background: vars.color.primaryHover },
      "&:active:not(:disabled)": { background: vars.color.primaryActive }
    }
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.border,
    boxShadow: vars.shadow.xs,
    selectors: {
      "&:hover:not(:disabled):not([aria-disabled='true'])": { background: vars.color.surfaceHover, borderColor: vars.color.borderStrong },
      "&:active:not(:disabled)": { background: vars.color.surfaceActive }
    }
  },
  ghost: {
    background: "transparent",
    color: vars.color.textMuted,
    selectors: {
      "&:hover:not(:disabled):not([aria-disabled='true'])": { background: vars.color.surfaceHover, color: vars.color.text },
      "&:active:not(:disabled)": { background: vars.color.surfaceActive }
    }
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.textOnPrimary,
    boxShadow: vars.shadow.xs,
    selectors: {
      "&:hover:not(:disabled):not([aria-disabled='true'])": { background: vars.color.dangerHover },
      "&:focus-visible": { boxShadow: vars.shadow.focusDanger }
    }
  }
})

export const size = styleVariants({
  sm: { height: 30, padding: `0 ${vars.space["3"]}`, fontSize: vars.fontSize.sm },
  md: { height: 36, padding: `0 14px`, fontSize: vars.fontSize.md },
  lg: { height: 44, padding: `0 ${vars.space["5"]}`, fontSize: vars.fontSize.lg, borderRadius: vars.radius.md }
})

/** Square buttons that only hold an icon. */
export const iconOnly = styleVariants({
  sm: { width: 30, padding: 0 },
  md: { width: 36, padding: 0 },
  lg: { width: 44, padding: 0 }
})

export const fullWidth = style({ width: "100%" })

const spin = keyframes({ to: { transform: "rotate(360deg)" } })

/** While loading the label stays in place (no layout jump) but turns invisible under the spinner. */
export const loadingLabel = style({ visibility: "hidden", display: "inline-flex", alignItems: "center", gap: vars.space["2"] })
export const label = style({ display: "inline-flex", alignItems: "center", gap: vars.space["2"] })

export const spinner = style({
  position: "absolute",
  inset: 0,
  margin: "auto",
  width: 16,
  height: 16,
  borderRadius: "50%",
  border: "2px solid currentColor",
  borderRightColor: "transparent",
  animation: `${spin} 0.7s linear infinite`
})
