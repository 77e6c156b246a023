import { globalStyle, keyframes, style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const root = style({ position: "absolute", inset: 0 })

/** OpenSeadragon fills this element; the dark ground is what shows around the slide. */
export const canvas = style({
  position: "absolute",
  inset: 0,
  background: "#16181d",
  selectors: { "&:focus-within": { outline: "none" } }
})

// The canvas pans with the arrow keys once focused: keyboard users see where focus is.
globalStyle(`${canvas} .openseadragon-canvas:focus-visible`, { outline: "2px solid #60a5fa", outlineOffset: -2 })

// The navigator: OpenSeadragon sets its size, colours, border and margin inline; the frame around
// it (a rounded card with a shadow, lifted off the corner) is ours. `translate` is a property of
// its own, which OpenSeadragon leaves alone (it rotates only the navigator's inner elements).
globalStyle(`${canvas} .navigator`, {
  translate: "-12px -12px",
  borderRadius: 6,
  boxShadow: "0 6px 20px rgba(0, 0, 0, 0.45)",
  overflow: "hidden"
})

export const failure = style({
  position: "absolute",
  top: "50%",
  left: "50%",
  transform: "translate(-50%, -50%)",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space["2"],
  maxWidth: 360,
  padding: `${vars.space["6"]} ${vars.space["6"]}`,
  borderRadius: vars.radius.lg,
  background: "rgba(22, 24, 29, 0.92)",
  border: "1px solid rgba(255, 255, 255, 0.12)",
  color: "#fca5a5",
  textAlign: "center"
})

export const failureTitle = style({ color: "#f3f4f6", fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.lg })

export const failureBody = style({ color: "#9ca3af", fontSize: vars.fontSize.sm, marginBottom: vars.space["2"] })

const sweep = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "translateX(250%)" } })

/** While tiles are on their way: a sweeping line along the stage's top edge and a small label. */
export const tilesLoading = style({ position: "absolute", top: 0, left: 0, right: 0, pointerEvents: "none" })

export const tilesTrack = style({
  display: "block",
  position: "relative",
  height: 3,
  overflow: "hidden",
  background: "rgba(96, 165, 250, 0.18)"
})

export const tilesBar = style({
  position: "absolute",
  top: 0,
  bottom: 0,
  width: "40%",
  background: "#60a5fa",
  animation: `${sweep} 1.1s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none", width: "100%", opacity: 0.6 } }
})

export const tilesLabel = style({
  position: "absolute",
  top: 10,
  left: "50%",
  transform: "translateX(-50%)",
  padding: "3px 10px",
  borderRadius: 999,
  fontSize: 12,
  color: "#dbeafe",
  background: "rgba(13, 15, 19, 0.78)",
  border: "1px solid rgba(96, 165, 250, 0.35)",
  whiteSpace: "nowrap"
})
