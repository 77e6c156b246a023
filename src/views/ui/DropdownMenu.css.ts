import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const enter = keyframes({ from: { opacity: 0, transform: "translateY(-4px)" }, to: { opacity: 1, transform: "none" } })

export const root = style({ position: "relative", display: "inline-flex" })

export const menu = style({
  position: "absolute",
  top: "calc(100% + 6px)",
  zIndex: vars.zIndex.dropdown,
  minWidth: 200,
  maxHeight: vars.layout.dropdownMaxHeight,
  overflowY: "auto",
  padding: 4,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  animation: `${enter} 120ms cubic-bezier(0.2, 0, 0, 1)`
})

export const alignStart = style({ left: 0 })
export const alignEnd = style({ right: 0 })

export const header = style({
  padding: "8px 10px 10px",
  marginBottom: 4,
  borderBottom: `1px solid ${vars.color.border}`
})

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: 10,
  width: "100%",
  minHeight: 34,
  padding: "0 10px",
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: "left",
  textDecoration: "none",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&:hover, &:focus-visible, &:focus": { background: vars.color.surfaceHover, textDecoration: "none" }
  }
})

export const itemIcon = style({ display: "inline-flex", color: vars.color.textSubtle, flex: "none" })
export const itemLabel = style({ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const itemCheck = style({ display: "inline-flex", color: vars.color.primary, flex: "none" })

export const destructive = style({
  color: vars.color.dangerText,
  selectors: {
    "&:hover, &:focus": { background: vars.color.dangerSoft }
  }
})
export const destructiveIcon = style({ color: vars.color.danger })

export const separator = style({ height: 1, margin: "4px 0", border: 0, background: vars.color.border })
