import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const pop = keyframes({ from: { transform: "scale(0.4)", opacity: 0 }, to: { transform: "scale(1)", opacity: 1 } })

export const bell = style({ position: "relative" })

/** The unread marker on the bell: a count on a red pill, ringed in the header's colour. */
export const badge = style({
  position: "absolute",
  top: 3,
  right: 2,
  minWidth: 16,
  height: 16,
  padding: "0 4px",
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.textOnPrimary,
  fontSize: 10,
  fontWeight: vars.fontWeight.bold,
  lineHeight: "16px",
  textAlign: "center",
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
  pointerEvents: "none",
  animation: `${pop} 180ms cubic-bezier(0.2, 0, 0, 1)`
})

export const panel = style({ display: "flex", flexDirection: "column", margin: -20 })

export const summary = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  whiteSpace: "nowrap",
  padding: "10px 20px",
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
  borderBottom: `1px solid ${vars.color.border}`
})

export const notice = style({ margin: "12px 16px 0" })

export const list = style({ listStyle: "none", margin: 0, padding: "6px 8px", display: "flex", flexDirection: "column", gap: 2 })

export const item = style({
  position: "relative",
  display: "flex",
  alignItems: "flex-start",
  gap: 12,
  width: "100%",
  padding: "12px 28px 12px 12px",
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  textAlign: "left",
  font: "inherit",
  cursor: "pointer",
  transition: `background ${vars.motion.fast}`,
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus },
    "&:disabled": { cursor: "default" }
  }
})

export const unreadItem = style({ background: "#f5f8ff", selectors: { "&:hover": { background: vars.color.primarySoft } } })

export const itemBody = style({ display: "flex", flexDirection: "column", gap: 3, minWidth: 0, flex: 1 })

export const sentence = style({ fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.snug, color: vars.color.textMuted })
export const sender = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text })

export const lab = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text
})
export const labName = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const labIcon = style({ flex: "none", color: vars.color.textSubtle })

/** Kind and time stay whole; the time moves under the kind when both do not fit. */
export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "2px 6px",
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
  whiteSpace: "nowrap"
})

export const kindChip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  padding: "1px 6px",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: "nowrap"
})

export const dot = style({
  position: "absolute",
  top: 18,
  right: 12,
  width: 8,
  height: 8,
  borderRadius: vars.radius.full,
  background: vars.color.primary
})

export const skeletonRow = style({ display: "flex", gap: 12, padding: "12px 12px" })
export const skeletonLines = style({ display: "flex", flexDirection: "column", gap: 8, flex: 1, paddingTop: 2 })

export const footer = style({ display: "flex", justifyContent: "center", padding: "4px 16px 20px" })
export const end = style({ fontSize: vars.fontSize.xs, color: vars.color.textFaint })

export const empty = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  gap: 8,
  padding: "56px 28px"
})
export const emptyIcon = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 48,
  height: 48,
  marginBottom: 4,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary
})
export const emptyTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold })
export const emptyBody = style({ fontSize: vars.fontSize.sm, color: vars.color.textSubtle, maxWidth: 240 })
