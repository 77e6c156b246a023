import { keyframes, style } from "@vanilla-extract/css"

const spin = keyframes({ to: { transform: "rotate(360deg)" } })

export const spinner = style({
  display: "inline-block",
  flex: "none",
  borderRadius: "50%",
  borderStyle: "solid",
  borderColor: "currentColor",
  borderRightColor: "transparent",
  opacity: 0.85,
  animation: `${spin} 0.7s linear infinite`
})
