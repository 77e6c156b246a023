// The look shared by the sign-in, registration and recovery pages, inside AuthLayout's card.
import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const header = style({ display: "flex", flexDirection: "column", gap: vars.space["2"], marginBottom: vars.space["6"] })

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 44,
  height: 44,
  marginBottom: vars.space["2"],
  borderRadius: vars.radius.lg,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  border: `1px solid ${vars.color.primarySoftBorder}`
})

export const badgeSuccess = style({
  background: vars.color.successSoft,
  color: vars.color.successText,
  borderColor: vars.color.successSoftBorder
})

export const badgeDanger = style({
  background: vars.color.dangerSoft,
  color: vars.color.dangerText,
  borderColor: vars.color.dangerSoftBorder
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize["2xl"],
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  letterSpacing: "-0.01em"
})

export const lead = style({ margin: 0, fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.normal, color: vars.color.textMuted })

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] })

export const actions = style({ display: "flex", flexDirection: "column", gap: vars.space["3"], marginTop: vars.space["2"] })

/** A label row with a link on the right, e.g. "Password ... Forgot password?". */
export const inlineLinkRow = style({ display: "flex", justifyContent: "flex-end", marginTop: `calc(-1 * ${vars.space["2"]})` })

export const link = style({
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  background: "none",
  border: "none",
  padding: 0,
  cursor: "pointer",
  font: "inherit",
  selectors: {
    "&:hover": { textDecoration: "underline" },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus, borderRadius: vars.radius.sm }
  }
})

export const footer = style({
  marginTop: vars.space["6"],
  paddingTop: vars.space["5"],
  borderTop: `1px solid ${vars.color.border}`,
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: vars.space["1"],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted
})

/** A field holding a one-time code: its input gets wide spacing and tabular digits, like the app shows it. */
export const code = style({})

globalStyle(`${code} input`, {
  fontFamily: vars.font.mono,
  letterSpacing: "0.2em",
  fontVariantNumeric: "tabular-nums"
})

export const policy = style({
  listStyle: "none",
  margin: `calc(-1 * ${vars.space["2"]}) 0 0`,
  padding: vars.space["3"],
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: `${vars.space["1"]} ${vars.space["3"]}`,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
  "@media": { "(max-width: 460px)": { gridTemplateColumns: "1fr" } }
})

export const policyTitle = style({ gridColumn: "1 / -1", fontWeight: vars.fontWeight.medium, color: vars.color.textMuted })

export const policyItem = style({ display: "flex", alignItems: "center", gap: vars.space["2"] })

export const policyMet = style({ color: vars.color.successText })

export const policyDot = style({
  width: 14,
  height: 14,
  flex: "none",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: vars.radius.full,
  border: `1.5px solid ${vars.color.borderStrong}`
})

export const policyDotMet = style({ borderColor: vars.color.success, background: vars.color.success, color: "#fff" })

export const methodSwitch = style({ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: vars.space["2"] })
