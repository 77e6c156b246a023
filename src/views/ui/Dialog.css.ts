import { keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

const enter = keyframes({
  from: { opacity: 0, transform: "translateY(8px) scale(0.98)" },
  to: { opacity: 1, transform: "none" }
})
const fade = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const dialog = style({
  width: "min(calc(100vw - 32px), var(--dialog-width, 480px))",
  maxHeight: "calc(100vh - 64px)",
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  overflow: "hidden",
  selectors: {
    "&[open]": { display: "flex", flexDirection: "column", animation: `${enter} 180ms cubic-bezier(0.2, 0, 0, 1)` },
    "&::backdrop": { background: vars.color.overlay, backdropFilter: "blur(2px)", animation: `${fade} 180ms ease-out` }
  },
  // A phone shows it as a sheet from the bottom edge; the strip it leaves at the top is where notices
  // raised from inside it appear, so they never cover its buttons.
  "@media": {
    "(max-width: 576px)": {
      width: "100vw",
      maxWidth: "100vw",
      maxHeight: "calc(100dvh - 88px)",
      margin: "auto 0 0",
      borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
      borderBottom: 0
    }
  }
})

export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space["4"],
  padding: `${vars.space["5"]} ${vars.space["6"]} 0`
})

export const title = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.snug })
export const description = style({ marginTop: 4, fontSize: vars.fontSize.md, color: vars.color.textSubtle })

export const body = style({ padding: `${vars.space["4"]} ${vars.space["6"]} ${vars.space["6"]}`, overflowY: "auto", flex: 1 })

export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space["2"],
  padding: `${vars.space["3"]} ${vars.space["6"]}`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.sidebar
})

export const close = style({ marginTop: -4, marginRight: -8 })
