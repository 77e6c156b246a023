// Billing pages: the plan cards, an invoice's amount and bank panels, status badges, the history,
// the invoice table and staff's receipt cards.
import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const narrow = "(max-width: 576px)"

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space["5"], maxWidth: 1120 })

export const plans = style({
  display: "grid",
  gap: vars.space["4"],
  gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))",
  margin: 0,
  padding: 0,
  listStyle: "none"
})

export const plan = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
  padding: vars.space["6"],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.sm
})

export const planCurrent = style({ borderColor: vars.color.primary, boxShadow: `0 0 0 1px ${vars.color.primary}, ${vars.shadow.md}` })

export const planName = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold, color: vars.color.text })

export const price = style({ margin: 0, fontSize: vars.fontSize["3xl"], fontWeight: vars.fontWeight.bold, color: vars.color.text })

export const per = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular, color: vars.color.textSubtle, marginLeft: 4 })

export const facts = style({ display: "grid", gap: vars.space["2"], margin: 0, flex: 1 })

export const fact = style({ display: "flex", justifyContent: "space-between", gap: vars.space["3"], fontSize: vars.fontSize.md })

export const factName = style({ color: vars.color.textSubtle })

export const factValue = style({ margin: 0, color: vars.color.text, fontWeight: vars.fontWeight.medium, textAlign: "right" })

export const currentTag = style({
  alignSelf: "flex-start",
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  padding: "2px 10px",
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.infoText,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold
})

export const muted = style({ margin: 0, color: vars.color.textSubtle, fontSize: vars.fontSize.sm })

const badgeBase = style({
  display: "inline-flex",
  alignItems: "center",
  padding: "2px 10px",
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: "nowrap",
  border: "1px solid"
})

export const badge = styleVariants({
  unpaid: [badgeBase, { background: vars.color.warningSoft, borderColor: vars.color.warningSoftBorder, color: vars.color.warningText }],
  waiting: [badgeBase, { background: vars.color.infoSoft, borderColor: vars.color.infoSoftBorder, color: vars.color.infoText }],
  paid: [badgeBase, { background: vars.color.successSoft, borderColor: vars.color.successSoftBorder, color: vars.color.successText }],
  cancelled: [badgeBase, { background: vars.color.surfaceMuted, borderColor: vars.color.border, color: vars.color.textMuted }]
})

export const columns = style({
  display: "grid",
  gap: vars.space["5"],
  gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)",
  alignItems: "start",
  "@media": { "(max-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space["5"], minWidth: 0 })

export const amountBox = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  padding: vars.space["5"],
  borderRadius: vars.radius.lg,
  background: vars.color.primarySoft,
  border: `1px solid ${vars.color.primarySoftBorder}`
})

export const amountLabel = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.infoText
})

export const amount = style({
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: vars.space["3"],
  fontSize: vars.fontSize["3xl"],
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
  "@media": { [narrow]: { fontSize: vars.fontSize["2xl"] } }
})

export const code = style({
  background: vars.color.warningSoft,
  color: vars.color.warningText,
  borderRadius: vars.radius.sm,
  padding: "0 4px",
  boxShadow: `inset 0 -2px 0 ${vars.color.warning}`
})

export const rows = style({ display: "grid", gap: vars.space["3"], margin: 0 })

export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)",
  alignItems: "center",
  gap: vars.space["3"],
  fontSize: vars.fontSize.md,
  "@media": { [narrow]: { gridTemplateColumns: "minmax(0, 1fr)", gap: 2 } }
})

export const rowName = style({ color: vars.color.textSubtle })

export const rowValue = style({
  margin: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["2"],
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  minWidth: 0,
  overflowWrap: "anywhere"
})

export const mono = style({ fontFamily: vars.font.mono, fontVariantNumeric: "tabular-nums" })

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] })

export const upload = style({ display: "flex", flexDirection: "column", gap: vars.space["3"] })

export const fileInput = style({
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  maxWidth: "100%",
  selectors: {
    "&::file-selector-button": {
      marginRight: vars.space["3"],
      padding: "6px 12px",
      borderRadius: vars.radius.md,
      border: `1px solid ${vars.color.borderStrong}`,
      background: vars.color.surface,
      font: "inherit",
      cursor: "pointer"
    }
  }
})

export const history = style({ display: "flex", flexDirection: "column", gap: vars.space["3"], margin: 0, padding: 0, listStyle: "none" })

export const historyItem = style({
  display: "grid",
  gridTemplateColumns: "12px minmax(0, 1fr)",
  gap: vars.space["3"],
  fontSize: vars.fontSize.md
})

export const dot = style({ width: 10, height: 10, marginTop: 5, borderRadius: vars.radius.full, background: vars.color.primary })

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.md })

export const th = style({
  textAlign: "left",
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textSubtle,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  borderBottom: `1px solid ${vars.color.border}`
})

export const td = style({
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle"
})

export const hideNarrow = style({ "@media": { [narrow]: { display: "none" } } })

export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  ":hover": { textDecoration: "underline" }
})

export const staffList = style({ display: "flex", flexDirection: "column", gap: vars.space["4"], margin: 0, padding: 0, listStyle: "none" })

export const staffCard = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) 280px",
  gap: vars.space["5"],
  padding: vars.space["5"],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.sm,
  "@media": { "(max-width: 760px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})

export const proofImage = style({
  display: "block",
  width: "100%",
  maxHeight: 320,
  objectFit: "contain",
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md
})

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text })

/** Staff's accept check: the amount expected beside the receipt. */
export const acceptCheck = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["4"],
  alignItems: "flex-start",
  justifyContent: "space-between"
})

export const acceptReceipt = style({
  width: 160,
  maxHeight: 220,
  objectFit: "contain",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  flex: "none"
})
