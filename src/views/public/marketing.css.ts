// Shared styles of the public pages: page width, section rhythm, eyebrow and headings.
import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const container = style({ maxWidth: 1200, margin: "0 auto", padding: `0 ${vars.space["6"]}` })

export const narrow = style({ maxWidth: 880, margin: "0 auto", padding: `0 ${vars.space["6"]}` })

export const section = style({ padding: `${vars.space["20"]} 0`, "@media": { "(max-width: 576px)": { padding: `${vars.space["12"]} 0` } } })

export const tinted = style({
  background: vars.color.canvas,
  borderTop: `1px solid ${vars.color.border}`,
  borderBottom: `1px solid ${vars.color.border}`
})

export const eyebrow = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  height: 28,
  padding: "0 12px",
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  border: `1px solid ${vars.color.primarySoftBorder}`,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold
})

export const h1 = style({
  fontSize: 50,
  lineHeight: 1.08,
  letterSpacing: "-0.035em",
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  "@media": { "(max-width: 960px)": { fontSize: vars.fontSize["4xl"] }, "(max-width: 576px)": { fontSize: 32 } }
})

export const h2 = style({
  fontSize: 34,
  lineHeight: 1.15,
  letterSpacing: "-0.025em",
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  "@media": { "(max-width: 576px)": { fontSize: 26 } }
})

export const lead = style({
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.relaxed,
  color: vars.color.textMuted,
  "@media": { "(max-width: 576px)": { fontSize: vars.fontSize.lg } }
})

export const sectionHead = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3"],
  maxWidth: 640,
  marginBottom: vars.space["12"]
})

export const muted = style({ color: vars.color.textSubtle, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.relaxed })

export const steps = style({
  display: "grid",
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  gap: vars.space["6"],
  margin: 0,
  padding: 0,
  listStyle: "none",
  counterReset: "step",
  "@media": {
    "(max-width: 960px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "(max-width: 576px)": { gridTemplateColumns: "minmax(0, 1fr)" }
  }
})

export const oneColumn = style({ gridTemplateColumns: "minmax(0, 1fr)", rowGap: vars.space["5"] })

export const twoColumns = style({ gridTemplateColumns: "repeat(2, minmax(0, 1fr))", rowGap: vars.space["8"] })

export const step = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  paddingTop: vars.space["4"],
  borderTop: `2px solid ${vars.color.border}`
})

export const stepNumber = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primary,
  fontVariantNumeric: "tabular-nums"
})

export const stepTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold })
export const stepBody = style({ color: vars.color.textSubtle, lineHeight: vars.lineHeight.relaxed })
