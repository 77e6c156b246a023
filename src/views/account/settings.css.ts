// The look shared by the settings pages (inside SettingsLayout's content column).
import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space["6"] })

export const identity = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["4"],
  paddingBottom: vars.space["5"],
  marginBottom: vars.space["5"],
  borderBottom: `1px solid ${vars.color.border}`
})

/** The kit's avatar at profile size; `&&` outweighs the kit's own size class. */
export const bigAvatar = style({
  selectors: { "&&": { width: 72, height: 72, fontSize: vars.fontSize.xl, flex: "none" } }
})

export const identityText = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 })

export const name = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold, color: vars.color.text })

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textSubtle, overflowWrap: "anywhere" })

export const details = style({
  display: "grid",
  gridTemplateColumns: "minmax(140px, 200px) 1fr",
  gap: `${vars.space["3"]} ${vars.space["6"]}`,
  margin: 0,
  fontSize: vars.fontSize.md,
  "@media": { "(max-width: 576px)": { gridTemplateColumns: "1fr", gap: vars.space["1"] } }
})

export const term = style({ color: vars.color.textSubtle, fontWeight: vars.fontWeight.medium })

export const definition = style({
  margin: 0,
  color: vars.color.text,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  "@media": { "(max-width: 576px)": { marginBottom: vars.space["3"] } }
})

export const empty = style({ color: vars.color.textFaint })

export const pill = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "2px 10px",
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  border: "1px solid"
})

export const pillOn = style({
  background: vars.color.successSoft,
  color: vars.color.successText,
  borderColor: vars.color.successSoftBorder
})

export const pillOff = style({ background: vars.color.surfaceMuted, color: vars.color.textMuted, borderColor: vars.color.border })

export const inlineRow = style({ display: "flex", alignItems: "center", flexWrap: "wrap", gap: vars.space["3"] })

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space["5"] })

export const grid = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: vars.space["4"],
  "@media": { "(max-width: 768px)": { gridTemplateColumns: "1fr" } }
})

export const wide = style({ gridColumn: "1 / -1" })

export const formActions = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space["3"],
  paddingTop: vars.space["4"],
  borderTop: `1px solid ${vars.color.border}`
})

export const narrow = style({ maxWidth: 440, display: "flex", flexDirection: "column", gap: vars.space["4"] })

export const avatarEditor = style({ display: "flex", alignItems: "center", gap: vars.space["5"], flexWrap: "wrap" })

export const avatarPreview = style({
  width: 88,
  height: 88,
  borderRadius: vars.radius.full,
  objectFit: "cover",
  border: `1px solid ${vars.color.border}`,
  flex: "none"
})

export const avatarControls = style({ display: "flex", flexDirection: "column", gap: vars.space["2"] })

export const fileLabel = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.text })

/**
 * The avatar's file input: the native control is hidden (its words would be the browser's language,
 * not the page's) but stays focusable; the label after it is drawn as the app's small secondary
 * Button and takes its focus ring.
 */
export const fileInput = style({
  position: "absolute",
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0
})

/** The label drawn as a button: the hidden input's focus shows on it. */
export const fileButton = style({
  selectors: { [`${fileInput}:focus-visible + &`]: { outline: "none", boxShadow: vars.shadow.focus } }
})

export const filePicker = style({ position: "relative", display: "flex", alignItems: "center", gap: vars.space["3"] })

export const textarea = style({
  minHeight: 104,
  height: "auto",
  paddingTop: vars.space["2"],
  paddingBottom: vars.space["2"],
  resize: "vertical",
  lineHeight: vars.lineHeight.normal
})

export const steps = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: vars.space["6"],
  alignItems: "start",
  "@media": { "(max-width: 640px)": { gridTemplateColumns: "1fr" } }
})

export const qr = style({
  width: 184,
  height: 184,
  padding: vars.space["2"],
  background: "#fff",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  imageRendering: "pixelated"
})

export const stepTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, color: vars.color.text })

export const secret = style({
  display: "inline-block",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  letterSpacing: "0.08em",
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflowWrap: "anywhere",
  userSelect: "all"
})

export const codes = style({
  listStyle: "none",
  margin: 0,
  padding: vars.space["4"],
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: `${vars.space["2"]} ${vars.space["6"]}`,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  letterSpacing: "0.06em",
  background: vars.color.surfaceMuted,
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg
})

export const activityList = style({ listStyle: "none", margin: 0, padding: 0 })

export const activityItem = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space["3"],
  padding: `${vars.space["3"]} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: "none" } }
})

export const activityIcon = style({
  flex: "none",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 32,
  height: 32,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary
})

export const activityText = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 })

export const activitySentence = style({ margin: 0, color: vars.color.text, fontSize: vars.fontSize.md })

/** The lab an activity names, while it exists. */
export const activityLab = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } }
})

/** "Today", "Yesterday", a date: above each day's activities. */
export const activityDay = style({
  margin: `${vars.space["4"]} 0 0`,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: vars.color.textSubtle,
  selectors: { "&:first-child": { marginTop: 0 } }
})

export const pager = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["3"],
  paddingTop: vars.space["4"],
  marginTop: vars.space["2"],
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle
})
