import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["4"],
  minHeight: "calc(100dvh - 200px)",
  padding: `${vars.space["10"]} ${vars.space["6"]}`,
  textAlign: "center"
})

/** The 404 page's circle (NotFoundPage.css.ts), so both read as the same kind of page. */
export const field = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: 152,
  height: 152,
  marginBottom: vars.space["4"],
  borderRadius: "50%",
  background: "radial-gradient(circle at 50% 45%, #ffffff 0%, #eef2ff 70%, #e0e7ff 100%)",
  boxShadow: `inset 0 0 0 1px ${vars.color.primarySoftBorder}, 0 0 0 12px rgba(29, 78, 216, 0.04), 0 0 0 24px rgba(29, 78, 216, 0.03)`
})

export const code = style({
  fontSize: 46,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: "-0.04em",
  color: vars.color.primary,
  fontVariantNumeric: "tabular-nums"
})

export const title = style({ margin: 0, fontSize: vars.fontSize["3xl"], fontWeight: vars.fontWeight.semibold, letterSpacing: "-0.02em" })

export const body = style({ maxWidth: 460, margin: 0, color: vars.color.textSubtle, lineHeight: vars.lineHeight.relaxed })

export const actions = style({
  display: "flex",
  gap: vars.space["3"],
  marginTop: vars.space["4"],
  flexWrap: "wrap",
  justifyContent: "center"
})
