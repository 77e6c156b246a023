import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"
import { dark } from "../SlideLayout.css.ts"

export const root = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  minWidth: 0,
  minHeight: 0,
  background: dark.ground,
  // A hairline between panes, as the gutters of a light box.
  outline: `1px solid ${dark.line}`
})

export const header = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  flex: "none",
  height: 40,
  padding: `0 ${vars.space["2"]} 0 ${vars.space["3"]}`,
  background: dark.chrome,
  borderBottom: `1px solid ${dark.line}`
})

export const name = style({
  margin: 0,
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: dark.text
})

export const placeholder = style({ display: "inline-block", width: 140, height: 10, borderRadius: 4, background: dark.line })

/** The slide follows by image size: an amber chip, as the viewer marks what is not measured. */
export const relative = style({
  flex: "none",
  padding: "2px 8px",
  borderRadius: 999,
  fontSize: vars.fontSize.xs,
  whiteSpace: "nowrap",
  color: "#fcd34d",
  background: "rgba(252, 211, 77, 0.12)",
  "@media": { "(max-width: 640px)": { maxWidth: 150, overflow: "hidden", textOverflow: "ellipsis" } }
})

export const spacer = style({ flex: 1 })

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 30,
  height: 30,
  flex: "none",
  padding: 0,
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: dark.muted,
  cursor: "pointer",
  selectors: { "&:hover": { background: "rgba(255, 255, 255, 0.08)", color: dark.text } }
})

export const stage = style({ position: "relative", flex: 1, minHeight: 0 })

export const status = style({ position: "absolute", left: 10, bottom: 10, zIndex: 2, pointerEvents: "none" })

export const notice = style({
  position: "absolute",
  inset: 0,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["2"],
  color: dark.muted,
  fontSize: vars.fontSize.sm,
  textAlign: "center",
  padding: vars.space["4"]
})

/** The pane's annotation count, beside its eye button. */
export const count = style({
  flex: "none",
  fontSize: vars.fontSize.xs,
  color: dark.muted,
  whiteSpace: "nowrap",
  "@media": { "(max-width: 640px)": { display: "none" } }
})

export const retry = style({
  flex: "none",
  padding: "2px 8px",
  border: "none",
  borderRadius: 999,
  fontSize: vars.fontSize.xs,
  color: "#fca5a5",
  background: "rgba(248, 113, 113, 0.14)",
  cursor: "pointer"
})
