// The upload progress panel: a card docked bottom-right (as file-sync tools do), a dark heading bar
// with the overall state, and one row per file.
import { keyframes, style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const rise = keyframes({ from: { transform: "translateY(12px)", opacity: 0 }, to: { transform: "translateY(0)", opacity: 1 } })
const sweep = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "translateX(250%)" } })

export const panel = style({
  position: "fixed",
  right: 24,
  // Above the floating contact button (24 + 44 + 12), so neither covers the other's buttons.
  bottom: 80,
  zIndex: vars.zIndex.floating,
  width: 360,
  maxWidth: "calc(100vw - 32px)",
  maxHeight: "calc(100dvh - 160px)",
  display: "flex",
  flexDirection: "column",
  overflow: "hidden",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  animation: `${rise} ${vars.motion.slow}`
})

export const header = style({
  display: "flex",
  alignItems: "center",
  gap: 4,
  minHeight: 48,
  padding: "0 6px 0 16px",
  background: "#1f2937",
  color: "#f9fafb"
})

export const title = style({
  flex: 1,
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: "tabular-nums"
})

/** The heading's buttons sit on the dark bar. */
export const headerButton = style({
  color: "#e5e7eb",
  selectors: {
    "&:hover": { background: "rgba(255, 255, 255, 0.12)", color: "#ffffff" },
    "&:active": { background: "rgba(255, 255, 255, 0.18)" }
  }
})

export const chevron = style({ transition: `transform ${vars.motion.normal}` })
export const chevronCollapsed = style({ transform: "rotate(180deg)" })

/** The overall bar under the heading, shown while collapsed. */
export const overall = style({ height: 3, background: "#374151" })
export const overallFill = style({ height: "100%", background: "#60a5fa", transition: `width ${vars.motion.slow}` })

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: "4px 0",
  maxHeight: 320,
  overflowY: "auto",
  overscrollBehavior: "contain"
})

export const row = style({
  display: "grid",
  gridTemplateColumns: "36px minmax(0, 1fr) auto",
  alignItems: "center",
  columnGap: 12,
  padding: "10px 10px 10px 16px",
  selectors: { "& + &": { borderTop: `1px solid ${vars.color.surfaceMuted}` } }
})

export const icon = style({
  position: "relative",
  width: 36,
  height: 36,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  overflow: "hidden",
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary
})
export const iconTone = styleVariants({
  active: {},
  ready: { background: vars.color.successSoft, color: vars.color.successText },
  failed: { background: vars.color.dangerSoft, color: vars.color.dangerText },
  cancelled: { background: vars.color.surfaceMuted, color: vars.color.textSubtle }
})
export const iconImage = style({ width: "100%", height: "100%", objectFit: "cover", display: "block" })

export const body = style({ display: "flex", flexDirection: "column", gap: 3, minWidth: 0 })

export const name = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  textDecoration: "none",
  borderRadius: 4
})
export const nameLink = style({
  selectors: {
    "&:hover": { textDecoration: "underline", textUnderlineOffset: 2 },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})

export const status = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  minWidth: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap"
})
export const statusText = style({ overflow: "hidden", textOverflow: "ellipsis" })
export const statusTone = styleVariants({
  normal: {},
  waiting: { color: vars.color.warningText },
  failed: { color: vars.color.dangerText, whiteSpace: "normal" }
})

export const inlineAction = style({
  flex: "none",
  padding: 0,
  border: 0,
  background: "none",
  color: vars.color.primary,
  font: "inherit",
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  borderRadius: 4,
  selectors: {
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})

export const bar = style({
  position: "relative",
  height: 4,
  overflow: "hidden",
  borderRadius: vars.radius.full,
  background: vars.color.surfaceActive
})
export const barFill = style({
  height: "100%",
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  transition: `width ${vars.motion.normal}`
})
export const barWaiting = style({ background: vars.color.warning })
/** Processing has no percentage: a light sweeping across the full bar. */
export const barSweep = style({
  position: "absolute",
  inset: 0,
  width: "40%",
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  opacity: 0.7,
  animation: `${sweep} 1.4s ease-in-out infinite`
})

export const end = style({ display: "flex", alignItems: "center", gap: 2, color: vars.color.successText })
