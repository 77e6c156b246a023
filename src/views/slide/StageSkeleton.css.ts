import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"
import { dark } from "./SlideLayout.css.ts"

export const root = style({
  position: "absolute",
  inset: 0,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["4"]
})

export const label = style({ fontSize: vars.fontSize.sm, color: dark.muted })
