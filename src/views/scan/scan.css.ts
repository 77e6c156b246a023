// The scan-request wizard and lists: the stepper, the step panel, choice cards, the review and the
// request cards of the account's and staff's lists.
import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const narrow = "(max-width: 576px)"

export const wizard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.md,
  overflow: "hidden"
})

export const wizardHead = style({
  padding: `${vars.space["5"]} ${vars.space["6"]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.canvas,
  "@media": { [narrow]: { padding: vars.space["4"] } }
})

export const wizardBody = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["5"],
  padding: vars.space["6"],
  "@media": { [narrow]: { padding: vars.space["4"] } }
})

// The stepper: numbered circles joined by a line; the compact form (phones) is a line of text and a bar.
export const stepper = style({
  display: "flex",
  alignItems: "flex-start",
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { [narrow]: { display: "none" } }
})

export const stepperItem = style({
  position: "relative",
  flex: "1 1 0",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space["2"],
  minWidth: 0,
  textAlign: "center",
  selectors: {
    // The line to the previous step, behind the circles.
    "&:not(:first-child)::before": {
      content: "''",
      position: "absolute",
      top: 15,
      right: "50%",
      width: "100%",
      height: 2,
      background: vars.color.border,
      zIndex: 0
    },
    "&[data-state='done']:not(:first-child)::before, &[data-state='current']:not(:first-child)::before": {
      background: vars.color.primary
    }
  }
})

export const stepperDot = style({
  position: "relative",
  zIndex: 1,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 32,
  height: 32,
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.textSubtle,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: "tabular-nums",
  selectors: {
    "[data-state='current'] > &": { borderColor: vars.color.primary, color: vars.color.primary, boxShadow: vars.shadow.focus },
    "[data-state='done'] > &": { borderColor: vars.color.primary, background: vars.color.primary, color: vars.color.textOnPrimary }
  }
})

export const stepperLabel = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle,
  lineHeight: vars.lineHeight.snug,
  padding: `0 ${vars.space["1"]}`,
  selectors: {
    "[data-state='current'] > &": { color: vars.color.text, fontWeight: vars.fontWeight.semibold },
    "[data-state='done'] > &": { color: vars.color.textMuted }
  }
})

export const compactSteps = style({
  display: "none",
  flexDirection: "column",
  gap: vars.space["2"],
  "@media": { [narrow]: { display: "flex" } }
})

export const compactText = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textSubtle })
export const compactName = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold })

export const bar = style({ height: 6, borderRadius: vars.radius.full, background: vars.color.border, overflow: "hidden" })
export const barFill = style({ height: "100%", borderRadius: vars.radius.full, background: vars.color.primary })

export const stepTitle = style({
  margin: 0,
  fontSize: vars.fontSize["2xl"],
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "-0.01em",
  color: vars.color.text,
  // Focused as a step opens: keep the stepper above it in sight, below the public bar.
  scrollMarginTop: 160,
  selectors: { "&:focus": { outline: "none" } }
})

export const stepLead = style({ margin: `${vars.space["1"]} 0 0`, color: vars.color.textSubtle, lineHeight: vars.lineHeight.relaxed })

export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
  gap: vars.space["4"],
  "@media": { [narrow]: { gridTemplateColumns: "minmax(0, 1fr)" } }
})

export const actions = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space["3"],
  paddingTop: vars.space["5"],
  borderTop: `1px solid ${vars.color.border}`,
  "@media": { [narrow]: { flexDirection: "column-reverse", alignItems: "stretch" } }
})

export const actionsEnd = style({ marginLeft: "auto", "@media": { [narrow]: { marginLeft: 0 } } })

// Choice cards: a fieldset of radios, each a bordered card with a title and a line of help.
export const choices = style({ border: 0, margin: 0, padding: 0, minWidth: 0, display: "flex", flexDirection: "column", gap: 6 })

export const choiceList = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
  gap: vars.space["3"]
})

export const choice = style({
  display: "flex",
  gap: vars.space["3"],
  alignItems: "flex-start",
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  cursor: "pointer",
  transition: `border-color ${vars.motion.fast}, background ${vars.motion.fast}`,
  selectors: {
    "&:hover": { borderColor: vars.color.borderStrong },
    "&:has(input:checked)": { borderColor: vars.color.primary, background: vars.color.primarySoft },
    "&:has(input:focus-visible)": { boxShadow: vars.shadow.focus },
    "&:has(input[aria-invalid='true'])": { borderColor: vars.color.danger }
  }
})

export const choiceInput = style({ margin: "3px 0 0", width: 16, height: 16, accentColor: vars.color.primary, flex: "none" })
export const choiceText = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 })
export const choiceTitle = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text })
export const choiceHint = style({ fontSize: vars.fontSize.sm, color: vars.color.textSubtle, lineHeight: vars.lineHeight.snug })

// The review: one section per step, its answers as a definition list, and a way back to edit it.
export const reviewSection = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3"],
  paddingBottom: vars.space["4"],
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-of-type": { borderBottom: 0, paddingBottom: 0 } }
})

export const reviewHead = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space["3"] })

export const reviewTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text })

export const answers = style({
  display: "grid",
  gridTemplateColumns: "minmax(140px, 200px) minmax(0, 1fr)",
  gap: `${vars.space["2"]} ${vars.space["6"]}`,
  margin: 0,
  "@media": { [narrow]: { gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space["1"] } }
})

export const answerTerm = style({ color: vars.color.textSubtle, fontSize: vars.fontSize.md })

export const answerValue = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  "@media": { [narrow]: { marginBottom: vars.space["2"] } }
})

export const accountNote = style({
  display: "flex",
  gap: vars.space["3"],
  alignItems: "flex-start",
  padding: vars.space["4"],
  borderRadius: vars.radius.lg,
  background: vars.color.canvas,
  border: `1px solid ${vars.color.border}`
})

export const accountText = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0, overflowWrap: "anywhere" })

// The sent panel.
export const sent = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space["4"] })

export const sentIcon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 48,
  height: 48,
  borderRadius: vars.radius.full,
  background: vars.color.successSoft,
  color: vars.color.successText
})

export const reference = style({
  display: "inline-flex",
  padding: "4px 12px",
  borderRadius: vars.radius.md,
  background: vars.color.canvas,
  border: `1px solid ${vars.color.border}`,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  color: vars.color.text
})

export const sentActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"] })

export const muted = style({ margin: 0, color: vars.color.textSubtle, lineHeight: vars.lineHeight.relaxed })

export const skeletonStack = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] })

// A request as a card in the account's and staff's lists.
export const list = style({ display: "flex", flexDirection: "column", gap: vars.space["4"], margin: 0, padding: 0, listStyle: "none" })

export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
  padding: vars.space["5"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  "@media": { [narrow]: { padding: vars.space["4"] } }
})

export const cardHead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["3"] })

export const cardTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  overflowWrap: "anywhere",
  minWidth: 0,
  flex: "1 1 240px"
})

export const cardMeta = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textSubtle })

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "2px 10px",
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  border: "1px solid",
  whiteSpace: "nowrap",
  selectors: {
    "&[data-state='received']": { background: vars.color.surfaceMuted, borderColor: vars.color.borderStrong, color: vars.color.textMuted },
    "&[data-state='scanning']": {
      background: vars.color.warningSoft,
      borderColor: vars.color.warningSoftBorder,
      color: vars.color.warningText
    },
    "&[data-state='uploaded']": { background: vars.color.infoSoft, borderColor: vars.color.infoSoftBorder, color: vars.color.infoText },
    "&[data-state='returned']": {
      background: vars.color.successSoft,
      borderColor: vars.color.successSoftBorder,
      color: vars.color.successText
    }
  }
})

export const timeline = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space["2"]} ${vars.space["5"]}`,
  margin: 0,
  padding: 0,
  listStyle: "none"
})

export const timelineItem = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2"],
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle,
  selectors: { "&[data-reached='true']": { color: vars.color.text } }
})

export const timelineDot = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 18,
  height: 18,
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.textOnPrimary,
  selectors: { "[data-reached='true'] > &": { borderColor: vars.color.primary, background: vars.color.primary } }
})

export const folderNote = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["3"],
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.infoSoft,
  border: `1px solid ${vars.color.infoSoftBorder}`,
  color: vars.color.infoText,
  fontSize: vars.fontSize.md
})

export const cardActions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["3"] })

export const filters = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], margin: 0, padding: 0, border: 0, minWidth: 0 })

export const more = style({ display: "flex", justifyContent: "center", marginTop: vars.space["5"] })

export const staffPage = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["5"],
  maxWidth: 1040,
  width: "100%",
  margin: "0 auto",
  padding: vars.space["6"],
  "@media": { [narrow]: { padding: vars.space["4"] } }
})

// Where to send the glass slides, on the sent panel: a box set apart, since it is what the
// requester acts on next.
export const shipping = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
  alignSelf: "stretch",
  padding: vars.space["5"],
  borderRadius: vars.radius.lg,
  background: vars.color.canvas,
  border: `1px solid ${vars.color.border}`,
  "@media": { [narrow]: { padding: vars.space["4"] } }
})

export const packingSteps = style({
  margin: 0,
  paddingLeft: vars.space["5"],
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  color: vars.color.text,
  lineHeight: vars.lineHeight.relaxed
})
