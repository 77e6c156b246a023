import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"
import { dark } from "./SlideLayout.css.ts"

export const center = style({
  position: "absolute",
  inset: 0,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space["6"],
  // A faint glass-slide grid, so the empty stage reads as the viewer waiting, not as a blank page.
  backgroundImage: "radial-gradient(rgba(255, 255, 255, 0.045) 1px, transparent 1px)",
  backgroundSize: "22px 22px"
})

export const card = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space["3"],
  width: "100%",
  maxWidth: 440,
  padding: `${vars.space["8"]} ${vars.space["8"]}`,
  borderRadius: vars.radius.xl,
  background: dark.chrome,
  border: `1px solid rgba(255, 255, 255, 0.08)`,
  boxShadow: "0 24px 60px rgba(0, 0, 0, 0.45)",
  textAlign: "center"
})

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 56,
  height: 56,
  marginBottom: vars.space["1"],
  borderRadius: vars.radius.full
})

export const tone = styleVariants({
  busy: { background: "rgba(96, 165, 250, 0.14)", color: "#93c5fd" },
  error: { background: "rgba(248, 113, 113, 0.14)", color: "#fca5a5" }
})

export const title = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold, color: "#f9fafb" })

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  height: 22,
  padding: "0 10px",
  borderRadius: vars.radius.full,
  background: "rgba(255, 255, 255, 0.08)",
  color: dark.text,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium
})

export const body = style({ margin: 0, fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.relaxed, color: dark.muted })

export const actions = style({
  display: "flex",
  gap: vars.space["2"],
  marginTop: vars.space["2"],
  flexWrap: "wrap",
  justifyContent: "center"
})
