import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"

export const hero = style({
  position: "relative",
  overflow: "hidden",
  padding: `${vars.space["16"]} 0 ${vars.space["20"]}`,
  background: `radial-gradient(80% 60% at 85% 0%, rgba(29, 78, 216, 0.08) 0%, rgba(29, 78, 216, 0) 70%), ${vars.color.surface}`
})

export const heroGrid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1.1fr)",
  gap: vars.space["12"],
  alignItems: "center",
  "@media": { "(max-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})

export const heroCopy = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space["5"] })

export const ctas = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"], marginTop: vars.space["2"] })

export const ctaNote = style({ fontSize: vars.fontSize.sm, color: vars.color.textSubtle })

export const features = style({
  display: "grid",
  // Eight cards: four to a row on a laptop, two on a tablet, one on a phone.
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  gap: vars.space["5"],
  "@media": {
    "(max-width: 1200px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "(max-width: 576px)": { gridTemplateColumns: "minmax(0, 1fr)" }
  }
})

export const feature = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3"],
  padding: vars.space["6"],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.xs
})

export const featureIcon = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 40,
  height: 40,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primary
})

export const featureTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold })
export const featureBody = style({ flex: 1, color: vars.color.textSubtle, lineHeight: vars.lineHeight.relaxed })

// At the card's foot, so the links of a row line up whatever the length of the text above.
export const featureLink = style({
  display: "inline-flex",
  alignItems: "center",
  alignSelf: "flex-start",
  gap: vars.space["1"],
  minHeight: 24,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  selectors: { "&:hover": { textDecoration: "underline" } }
})

export const band = style({
  position: "relative",
  overflow: "hidden",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["8"],
  flexWrap: "wrap",
  padding: `${vars.space["12"]} ${vars.space["12"]}`,
  borderRadius: vars.radius.xl,
  color: "#eef2ff",
  background:
    "radial-gradient(90% 120% at 100% 0%, #2b5cf0 0%, rgba(43, 92, 240, 0) 60%), linear-gradient(160deg, #1e40af 0%, #172554 100%)",
  "@media": { "(max-width: 576px)": { padding: vars.space["8"] } }
})

export const bandCopy = style({ position: "relative", display: "flex", flexDirection: "column", gap: vars.space["3"], maxWidth: 560 })

export const bandTitle = style({
  fontSize: 28,
  lineHeight: 1.2,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "-0.02em",
  color: "#fff"
})

export const bandBody = style({ color: "rgba(238, 242, 255, 0.85)", fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.relaxed })

/** Above the decorative motif. */
export const bandButton = style({ position: "relative" })

export const bandMotif = style({
  position: "absolute",
  right: -120,
  top: -120,
  width: 360,
  height: 360,
  opacity: 0.5,
  pointerEvents: "none"
})

export const final = style({ display: "flex", flexDirection: "column", alignItems: "center", textAlign: "center", gap: vars.space["4"] })
