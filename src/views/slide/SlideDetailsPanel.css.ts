import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"
import { dark } from "./SlideLayout.css.ts"

export const root = style({ display: "flex", flexDirection: "column" })

export const section = style({ padding: `${vars.space["4"]} ${vars.space["4"]}`, borderBottom: `1px solid ${dark.line}` })

export const heading = style({
  margin: `0 0 ${vars.space["3"]}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
  color: dark.muted
})

export const list = style({ display: "flex", flexDirection: "column", gap: 10, margin: 0 })

export const row = style({ display: "grid", gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)", gap: vars.space["3"] })

export const term = style({ fontSize: vars.fontSize.sm, color: dark.muted })

export const value = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: dark.text,
  fontVariantNumeric: "tabular-nums",
  overflowWrap: "anywhere"
})

export const pictures = style({ display: "flex", flexWrap: "wrap", gap: vars.space["3"], marginBottom: vars.space["3"] })

export const figure = style({ margin: 0, display: "flex", flexDirection: "column", gap: 4, maxWidth: "100%" })

export const picture = style({ display: "block", maxWidth: "100%", maxHeight: 160, borderRadius: 4, background: dark.line })

export const retry = style({
  marginTop: vars.space["2"],
  padding: `4px ${vars.space["3"]}`,
  fontSize: vars.fontSize.sm,
  color: dark.text,
  background: "transparent",
  border: `1px solid ${dark.line}`,
  borderRadius: 4,
  cursor: "pointer"
})

/** The shared Switch is drawn for light pages: on the dark panel its words take the panel's colours. */
export const switchArea = style({ marginTop: vars.space["3"] })
globalStyle(`${switchArea} span[id]`, { color: dark.text })
globalStyle(`${switchArea} span[id] + span[id]`, { color: dark.muted })

/** The original's download: a button-like link, the panel's one call to action. */
export const download = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2"],
  padding: `6px ${vars.space["3"]}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: dark.text,
  textDecoration: "none",
  border: `1px solid ${dark.line}`,
  borderRadius: 6,
  selectors: {
    "&:hover": { background: "rgba(255, 255, 255, 0.06)", textDecoration: "none" },
    "&:focus-visible": { outline: `2px solid ${dark.text}`, outlineOffset: 2 }
  }
})

export const hint = style({ margin: `${vars.space["2"]} 0 0`, fontSize: vars.fontSize.xs, lineHeight: 1.5, color: dark.muted })

export const secondaryLink = style({
  display: "inline-block",
  marginTop: vars.space["2"],
  fontSize: vars.fontSize.sm,
  color: dark.text,
  textDecoration: "underline",
  textUnderlineOffset: 3
})
