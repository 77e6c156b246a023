import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] })

export const choices = style({ display: "flex", flexDirection: "column", gap: 8, margin: 0, padding: 0, border: 0, minWidth: 0 })
export const legend = style({
  marginBottom: 6,
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text
})

export const choice = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: "10px 12px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: "pointer",
  transition: `border-color ${vars.motion.fast}, background-color ${vars.motion.fast}`,
  selectors: {
    "&:hover": { borderColor: vars.color.borderStrong },
    "&:has(input:checked)": { borderColor: vars.color.primary, background: vars.color.primarySoft },
    "&:has(input:focus-visible)": { boxShadow: vars.shadow.focus }
  }
})
export const radio = style({ margin: 0, accentColor: vars.color.primary, flex: "none" })
export const choiceIcon = style({ display: "inline-flex", color: vars.color.primary, flex: "none" })
export const choiceText = style({ display: "flex", flexDirection: "column", minWidth: 0 })
export const choiceName = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap"
})
export const choiceHint = style({ fontSize: vars.fontSize.xs, color: vars.color.textSubtle })

export const confirmBody = style({ fontSize: vars.fontSize.md, color: vars.color.textMuted, lineHeight: vars.lineHeight.normal })

/* ---- folder tree ---- */

export const tree = style({
  height: 300,
  overflowY: "auto",
  margin: 0,
  padding: 4,
  listStyle: "none",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface
})
export const node = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  height: 34,
  paddingRight: 10,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { boxShadow: `inset ${vars.shadow.focus}` },
    "&[aria-selected='true']": { background: vars.color.primarySoft, color: vars.color.primaryActive, fontWeight: vars.fontWeight.medium },
    "&[aria-disabled='true']": { color: vars.color.textFaint, cursor: "not-allowed", background: "transparent" }
  }
})
export const twisty = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 22,
  height: 22,
  flex: "none",
  border: 0,
  borderRadius: 4,
  background: "transparent",
  color: vars.color.textSubtle,
  cursor: "pointer",
  padding: 0,
  selectors: { "&:hover": { background: vars.color.surfaceActive } }
})
export const twistyOpen = style({ transform: "rotate(90deg)" })
export const nodeIcon = style({ display: "inline-flex", flex: "none", color: "#6d95ee" })
export const nodeName = style({ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const nodeNote = style({
  flex: "0 1 auto",
  maxWidth: "45%",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.xs,
  color: vars.color.textFaint,
  fontWeight: vars.fontWeight.regular
})
export const treeStatus = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: 10,
  height: 300,
  color: vars.color.textSubtle
})
