import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const stack = style({ display: "flex", flexDirection: "column", gap: 20 })
export const nothing = style({ alignItems: "center", textAlign: "center", padding: "40px 8px", color: vars.color.textSubtle })
export const grow = style({ flex: 1 })

export const identity = style({ display: "flex", alignItems: "center", gap: 14, minWidth: 0 })
/** The single thumbnail is 77 x 77 px. */
export const picture = style({
  position: "relative",
  flex: "none",
  width: 77,
  height: 77,
  overflow: "hidden",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`
})
export const identityText = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 })
export const name = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflowWrap: "anywhere",
  lineHeight: vars.lineHeight.snug
})
export const kind = style({ fontSize: vars.fontSize.sm, color: vars.color.textSubtle })

export const section = style({
  display: "flex",
  flexDirection: "column",
  gap: 10,
  paddingTop: 16,
  borderTop: `1px solid ${vars.color.border}`
})
export const sectionHead = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8 })
export const sectionTitle = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
  color: vars.color.textSubtle
})

export const facts = style({ display: "grid", gridTemplateColumns: "88px 1fr", gap: "8px 12px", margin: 0, fontSize: vars.fontSize.sm })
export const term = style({ color: vars.color.textSubtle })
export const value = style({ margin: 0, minWidth: 0, color: vars.color.text, overflowWrap: "anywhere" })
export const person = style({ display: "flex", alignItems: "center", gap: 8, minWidth: 0 })
export const muted = style({ fontSize: vars.fontSize.sm, color: vars.color.textSubtle, lineHeight: vars.lineHeight.normal })
export const prose = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  lineHeight: vars.lineHeight.normal,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere"
})

export const entries = style({
  display: "flex",
  flexDirection: "column",
  margin: 0,
  padding: 0,
  listStyle: "none",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md
})
export const entry = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  minHeight: 40,
  padding: "6px 6px 6px 12px",
  selectors: { "& + &": { borderTop: `1px solid ${vars.color.border}` } }
})
export const entryText = style({ display: "flex", flexDirection: "column", flex: 1, minWidth: 0 })
export const entryName = style({ fontSize: vars.fontSize.xs, color: vars.color.textSubtle })
export const entryValue = style({ fontSize: vars.fontSize.sm, color: vars.color.text, overflowWrap: "anywhere" })
export const entryForm = style({
  display: "flex",
  flexDirection: "column",
  gap: 10,
  padding: 12,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.sidebar
})
export const entryButtons = style({ display: "flex", justifyContent: "flex-end", gap: 8 })

export const avatars = style({ display: "flex", alignItems: "center" })
export const stacked = style({
  marginLeft: -8,
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
  selectors: { "&:first-child": { marginLeft: 0 } }
})
export const extra = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 28,
  height: 28,
  marginLeft: -8,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceMuted,
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted
})
export const collaboratorsRow = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8 })

/* ---- several selected ---- */

/** The multiple-selection picture is 312 x 281 px; the panel's padding is given back. */
export const pile = style({
  position: "relative",
  height: 220,
  margin: "-20px -20px 0",
  overflow: "hidden",
  borderBottom: `1px solid ${vars.color.border}`,
  background: "linear-gradient(180deg, #f7f9fd 0%, #eff3fa 100%)"
})
export const pileCard = style({
  position: "absolute",
  top: "50%",
  left: "50%",
  width: 132,
  height: 100,
  overflow: "hidden",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.md
})
export const pileCount = style({
  position: "absolute",
  right: 16,
  bottom: 14,
  padding: "2px 10px",
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: "#fff",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold
})
export const names = style({ display: "flex", flexDirection: "column", gap: 6, margin: 0, padding: 0, listStyle: "none" })
export const nameRow = style({ display: "flex", alignItems: "center", gap: 10, minWidth: 0, fontSize: vars.fontSize.sm })
export const mini = style({
  position: "relative",
  flex: "none",
  width: 28,
  height: 22,
  overflow: "hidden",
  borderRadius: 5,
  border: `1px solid ${vars.color.border}`
})
export const ellipsis = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const buttons = style({ display: "flex", flexDirection: "column", gap: 8 })
