import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const heading = style({
  margin: `${vars.space["4"]} 0 ${vars.space["2"]}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: vars.color.textMuted
})

/** A steady height: the dialog does not jump as results come and go. */
export const list = style({ height: 320, overflowY: "auto", margin: `0 calc(-1 * ${vars.space["2"]})` })

export const state = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  height: "100%",
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm
})

export const items = style({ listStyle: "none", margin: 0, padding: 0 })

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["3"],
  width: "100%",
  padding: vars.space["2"],
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  textAlign: "left",
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled)": { background: vars.color.surfaceMuted },
    "&:disabled": { cursor: "default", color: vars.color.textMuted }
  }
})

export const thumb = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 48,
  height: 36,
  flex: "none",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted
})

export const itemName = style({
  flex: 1,
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.sm
})
