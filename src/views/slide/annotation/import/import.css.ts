// The import preview dialog: a compact report like a desktop tool's import summary. Numbers in
// tabular figures, the class table and the notes in quiet rows, warnings in the warning tone, and
// the colour choice as a two-way segmented control per class.
import { style } from "@vanilla-extract/css"
import { vars } from "../../../theme/tokens.css.ts"

export const summary = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.textMuted, lineHeight: 1.5 })

export const tally = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], marginTop: vars.space["3"] })

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "3px 10px",
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: "tabular-nums",
  color: vars.color.text
})

export const section = style({ marginTop: vars.space["5"] })

export const heading = style({
  margin: `0 0 ${vars.space["2"]}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
  color: vars.color.textSubtle
})

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm })

export const th = style({
  textAlign: "left",
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textSubtle,
  padding: "6px 8px",
  borderBottom: `1px solid ${vars.color.border}`
})

export const thNumber = style([th, { textAlign: "right" }])

export const td = style({ padding: "7px 8px", borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "middle" })

export const tdNumber = style([td, { textAlign: "right", fontVariantNumeric: "tabular-nums", fontWeight: vars.fontWeight.medium }])

export const className = style({ display: "inline-flex", alignItems: "center", gap: 8, minWidth: 0 })

export const swatch = style({
  flex: "none",
  width: 12,
  height: 12,
  borderRadius: 3,
  boxShadow: "inset 0 0 0 1px rgba(0, 0, 0, 0.2)"
})

export const badge = style({
  marginLeft: 6,
  padding: "1px 6px",
  borderRadius: vars.radius.sm,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: 11,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: "nowrap"
})

export const warning = style({
  display: "flex",
  gap: vars.space["2"],
  marginTop: vars.space["4"],
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.warningSoftBorder}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warningText,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.45
})

export const warningIcon = style({ flex: "none", marginTop: 2 })

export const colourRow = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: vars.space["2"],
  padding: "8px 0",
  borderBottom: `1px solid ${vars.color.border}`
})

export const colourWhat = style({ display: "flex", alignItems: "center", gap: 8, fontSize: vars.fontSize.sm, minWidth: 0 })

export const colourNote = style({ color: vars.color.textSubtle })

export const segmented = style({
  display: "inline-flex",
  padding: 2,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`
})

export const segment = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "4px 10px",
  border: 0,
  borderRadius: 6,
  background: "none",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  ":focus-visible": { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.surface, color: vars.color.text, boxShadow: "0 1px 2px rgba(0, 0, 0, 0.12)" }
  }
})

export const notes = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  maxHeight: 168,
  overflowY: "auto",
  fontSize: vars.fontSize.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md
})

export const note = style({
  display: "flex",
  gap: vars.space["3"],
  padding: "6px 10px",
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: 0 } }
})

export const noteItem = style({ flex: "none", minWidth: 56, color: vars.color.textSubtle, fontVariantNumeric: "tabular-nums" })

export const hint = style({ margin: `${vars.space["4"]} 0 0`, fontSize: vars.fontSize.xs, color: vars.color.textSubtle, lineHeight: 1.45 })

export const reading = style({ display: "flex", alignItems: "center", gap: vars.space["2"], color: vars.color.textMuted })

// The footer's three buttons wrap on a phone, Import last (nearest the thumb), Cancel first.
export const footer = style({ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: vars.space["2"], width: "100%" })
