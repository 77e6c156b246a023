import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const shimmer = keyframes({
  "0%": { backgroundPosition: "100% 0" },
  "100%": { backgroundPosition: "-100% 0" }
})

export const skeleton = style({
  display: "block",
  background: `linear-gradient(90deg, ${vars.color.skeleton} 0%, ${vars.color.skeletonShine} 50%, ${vars.color.skeleton} 100%)`,
  backgroundSize: "200% 100%",
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  borderRadius: vars.radius.sm
})
