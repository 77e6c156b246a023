import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 5fr) minmax(0, 6fr)",
  minHeight: "100vh",
  "@media": { "(max-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})

export const brand = style({
  position: "relative",
  overflow: "hidden",
  display: "flex",
  flexDirection: "column",
  justifyContent: "space-between",
  gap: vars.space["10"],
  padding: `${vars.space["10"]} ${vars.space["12"]}`,
  color: "#eef2ff",
  background:
    "radial-gradient(120% 80% at 100% 0%, #2b5cf0 0%, rgba(43, 92, 240, 0) 60%), linear-gradient(160deg, #1e40af 0%, #1d3fb8 40%, #172554 100%)",
  "@media": { "(max-width: 960px)": { display: "none" } }
})

export const brandGrid = style({
  position: "absolute",
  inset: 0,
  backgroundImage:
    "linear-gradient(rgba(255,255,255,0.05) 1px, transparent 1px), linear-gradient(90deg, rgba(255,255,255,0.05) 1px, transparent 1px)",
  backgroundSize: "32px 32px",
  maskImage: "radial-gradient(ellipse at 70% 40%, black 10%, transparent 70%)",
  pointerEvents: "none"
})

/** Top-right, clear of the copy, so the words never sit on the cells. */
export const motif = style({
  position: "absolute",
  right: -120,
  top: -120,
  width: 460,
  height: 460,
  opacity: 0.9,
  pointerEvents: "none"
})

export const brandTop = style({ position: "relative" })

export const brandCopy = style({ position: "relative", maxWidth: 400, display: "flex", flexDirection: "column", gap: vars.space["5"] })

export const brandTitle = style({
  fontSize: 30,
  lineHeight: 1.2,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "-0.02em",
  color: "#ffffff"
})

export const brandLead = style({ fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.relaxed, color: "rgba(238, 242, 255, 0.82)" })

export const points = style({ display: "flex", flexDirection: "column", gap: 12, margin: 0, padding: 0, listStyle: "none" })

export const point = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  fontSize: vars.fontSize.md,
  color: "rgba(238, 242, 255, 0.92)"
})

export const pointIcon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 24,
  height: 24,
  flex: "none",
  borderRadius: vars.radius.full,
  background: "rgba(255, 255, 255, 0.14)",
  color: "#ffffff"
})

export const footnote = style({ position: "relative", fontSize: vars.fontSize.sm, color: "rgba(238, 242, 255, 0.65)" })

export const formSide = style({
  display: "flex",
  flexDirection: "column",
  minHeight: "100vh",
  background: vars.color.canvas
})

export const topBar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["4"],
  padding: `${vars.space["5"]} ${vars.space["8"]}`,
  "@media": { "(max-width: 576px)": { padding: `${vars.space["4"]} ${vars.space["4"]}` } }
})

/** The logo appears on the form side only when the brand panel is hidden. */
export const mobileLogo = style({
  visibility: "hidden",
  color: vars.color.text,
  textDecoration: "none",
  "@media": { "(max-width: 960px)": { visibility: "visible" } }
})

export const center = style({
  flex: 1,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: `${vars.space["6"]} ${vars.space["6"]} ${vars.space["10"]}`,
  "@media": { "(max-width: 576px)": { alignItems: "flex-start", padding: `${vars.space["2"]} ${vars.space["4"]} ${vars.space["8"]}` } }
})

export const card = style({
  width: "100%",
  maxWidth: 440,
  padding: `${vars.space["10"]} ${vars.space["10"]}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.md,
  "@media": { "(max-width: 576px)": { padding: `${vars.space["8"]} ${vars.space["5"]}`, borderRadius: vars.radius.lg } }
})

export const bottom = style({
  display: "flex",
  justifyContent: "center",
  gap: vars.space["5"],
  padding: `0 ${vars.space["6"]} ${vars.space["6"]}`,
  fontSize: vars.fontSize.sm
})

export const bottomLink = style({ color: vars.color.textSubtle, selectors: { "&:hover": { color: vars.color.text } } })
