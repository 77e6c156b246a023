import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const creep = keyframes({
  "0%": { transform: "scaleX(0)" },
  "30%": { transform: "scaleX(0.45)" },
  "100%": { transform: "scaleX(0.9)" }
})

export const track = style({
  position: "fixed",
  top: 0,
  left: 0,
  right: 0,
  height: 3,
  zIndex: vars.zIndex.progress,
  pointerEvents: "none"
})

export const bar = style({
  height: "100%",
  transformOrigin: "left",
  background: vars.color.primary,
  boxShadow: "0 0 8px rgba(29, 78, 216, 0.45)",
  transition: "transform 200ms ease-out, opacity 300ms ease 100ms, background-color 150ms"
})

/** Loading: creeps towards 90 % over the 5 s budget, easing out so it never seems stuck or done. */
export const running = style({ animation: `${creep} 5s cubic-bezier(0.1, 0.6, 0.3, 1) forwards` })
export const finishing = style({ transform: "scaleX(1)", opacity: 0 })
export const failed = style({ transform: "scaleX(1)", background: vars.color.danger, boxShadow: "0 0 8px rgba(220, 38, 38, 0.45)" })
export const hidden = style({ transform: "scaleX(0)", opacity: 0, transition: "none" })
