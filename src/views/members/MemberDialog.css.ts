import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

/** The dialog's body is 488 px tall; only the list scrolls inside it. */
export const body = style({ display: "flex", flexDirection: "column", gap: 14, height: 488, minHeight: 0 })

// Invite box

export const inviteRow = style({ display: "flex", alignItems: "flex-start", gap: 8 })

export const tagsField = style({ position: "relative", flex: 1, minWidth: 0 })

export const tags = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 6,
  minHeight: 38,
  maxHeight: 84,
  overflowY: "auto",
  padding: "4px 8px",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.xs,
  cursor: "text",
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    "&:hover": { borderColor: vars.color.borderStrong },
    "&:focus-within": { borderColor: vars.color.primary, boxShadow: vars.shadow.focus },
    "&[data-invalid='true']": { borderColor: vars.color.danger }
  }
})

export const tag = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  maxWidth: "100%",
  height: 26,
  padding: "0 2px 0 8px",
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  border: `1px solid ${vars.color.primarySoftBorder}`,
  color: vars.color.infoText,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium
})

export const tagText = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: 180 })

export const tagRemove = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 20,
  height: 20,
  border: 0,
  borderRadius: vars.radius.full,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  selectors: { "&:hover": { background: "rgba(29, 78, 216, 0.12)" }, "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus } }
})

export const tagInput = style({
  flex: 1,
  minWidth: 64,
  height: 28,
  padding: "0 4px",
  border: 0,
  outline: "none",
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: { "&::placeholder": { color: vars.color.textFaint } }
})

export const roleSelect = style({
  height: 38,
  padding: "0 30px 0 10px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.xs,
  appearance: "none",
  cursor: "pointer",
  selectors: { "&:focus": { outline: "none", borderColor: vars.color.primary, boxShadow: vars.shadow.focus } }
})

export const selectWrap = style({ position: "relative", flex: "none" })
export const selectChevron = style({ position: "absolute", right: 10, top: 12, pointerEvents: "none", color: vars.color.textSubtle })

export const fieldNote = style({ marginTop: 6 })

export const suggestions = style({
  position: "absolute",
  zIndex: 5,
  top: "calc(100% + 4px)",
  left: 0,
  right: 0,
  maxHeight: 232,
  overflowY: "auto",
  margin: 0,
  padding: 4,
  listStyle: "none",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg
})

export const suggestionsTitle = style({
  padding: "6px 8px 4px",
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
  color: vars.color.textFaint
})

export const option = style({
  display: "flex",
  alignItems: "center",
  gap: 10,
  padding: "7px 8px",
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  selectors: { "&[aria-selected='true'], &:hover": { background: vars.color.surfaceHover } }
})

export const optionNote = style({ padding: "10px 8px", fontSize: vars.fontSize.sm, color: vars.color.textSubtle })

// Search

export const search = style({ display: "flex", gap: 8 })
export const searchField = style({ position: "relative", flex: 1 })
export const searchIcon = style({ position: "absolute", left: 11, top: 11, color: vars.color.textFaint, pointerEvents: "none" })
export const searchInput = style({ paddingLeft: 34 })

// List

export const listHead = style({
  display: "flex",
  alignItems: "baseline",
  justifyContent: "space-between",
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
  color: vars.color.textSubtle
})

export const listScroll = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  margin: "0 -8px",
  padding: "0 8px"
})

export const list = style({ listStyle: "none", margin: 0, padding: 0 })

export const row = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: "9px 8px",
  borderRadius: vars.radius.md,
  selectors: { "& + &": { borderTop: `1px solid ${vars.color.surfaceMuted}` } }
})

export const temporaryRow = style({ background: vars.color.warningSoft, selectors: { "& + &": { borderTopColor: "transparent" } } })

export const who = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0, flex: 1 })
export const name = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  minWidth: 0
})
export const nameText = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const email = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
  minWidth: 0
})
export const emailText = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })

export const badge = style({
  flex: "none",
  padding: "1px 6px",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: 11,
  fontWeight: vars.fontWeight.medium
})
// Amber 800 on amber 200: 5.7:1 (the token's amber 700 is 4.0:1 there).
export const badgeWarning = style({ background: vars.color.warningSoftBorder, color: "#92400e" })
export const you = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.regular, color: vars.color.textSubtle })

export const fixedRole = style({
  flex: "none",
  padding: "0 10px",
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle,
  fontWeight: vars.fontWeight.medium
})

export const roleTrigger = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  height: 30,
  padding: "0 8px 0 10px",
  border: `1px solid transparent`,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  selectors: {
    "&:hover, &[aria-expanded='true']": { background: vars.color.surfaceHover, borderColor: vars.color.border, color: vars.color.text },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus },
    "&:disabled": { cursor: "progress", opacity: 0.7 }
  }
})

export const footer = style({ display: "flex", justifyContent: "center", padding: "10px 0 4px" })

export const skeletonRow = style({ display: "flex", alignItems: "center", gap: 12, padding: "10px 8px" })
export const skeletonLines = style({ display: "flex", flexDirection: "column", gap: 7, flex: 1 })
