import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"
import { dark } from "../SlideLayout.css.ts"

const PHONE = "(max-width: 640px)"

export const root = style({ "@media": { [PHONE]: { height: "auto", minHeight: `calc(100dvh - ${vars.layout.header})` } } })

export const bar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["3"],
  flex: "none",
  height: 52,
  padding: `0 ${vars.space["3"]} 0 ${vars.space["4"]}`,
  background: dark.chrome,
  "@media": { [PHONE]: { gap: vars.space["2"], padding: `0 ${vars.space["2"]} 0 ${vars.space["3"]}` } },
  borderBottom: `1px solid ${dark.line}`
})

export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, whiteSpace: "nowrap" })

// On a phone the panes say how many there are; the bar keeps room for its two buttons.
export const count = style({
  color: dark.muted,
  fontSize: vars.fontSize.xs,
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
  "@media": { [PHONE]: { display: "none" } }
})

export const spacer = style({ flex: 1 })

const chip = {
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  height: 32,
  padding: "0 12px",
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  whiteSpace: "nowrap"
} as const

/** A toggle that reads on or off at a glance: a lit dot and a blue edge while synchronised. */
export const sync = style({
  ...chip,
  border: `1px solid ${dark.line}`,
  background: "transparent",
  color: dark.muted,
  selectors: {
    "&[aria-pressed='true']": { borderColor: "rgba(96, 165, 250, 0.55)", background: "rgba(96, 165, 250, 0.12)", color: "#dbeafe" },
    "&:hover": { background: "rgba(255, 255, 255, 0.06)" }
  }
})

export const dot = style({
  width: 8,
  height: 8,
  borderRadius: "50%",
  background: dark.faint,
  selectors: { [`${sync}[aria-pressed='true'] &`]: { background: "#60a5fa", boxShadow: "0 0 0 3px rgba(96, 165, 250, 0.25)" } }
})

export const add = style({
  ...chip,
  border: "none",
  background: vars.color.primary,
  color: vars.color.textOnPrimary,
  selectors: { "&:hover": { background: vars.color.primaryHover } }
})

export const addLabel = style({ "@media": { [PHONE]: { display: "none" } } })

/** Two side by side, three or four in a 2 × 2 grid; on a phone one above the other. */
export const grid = style({
  flex: 1,
  minHeight: 0,
  display: "grid",
  gap: 2,
  background: "#0b0c0f",
  gridTemplateColumns: "1fr",
  gridAutoRows: "1fr",
  selectors: {
    "&[data-count='2']": { gridTemplateColumns: "1fr 1fr" },
    "&[data-count='3'], &[data-count='4']": { gridTemplateColumns: "1fr 1fr", gridTemplateRows: "1fr 1fr" }
  },
  "@media": {
    [PHONE]: {
      selectors: {
        "&[data-count]": { gridTemplateColumns: "1fr", gridTemplateRows: "none", gridAutoRows: "min(62dvh, 460px)" }
      }
    }
  }
})

export const empty = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["2"],
  padding: vars.space["6"],
  textAlign: "center"
})

export const emptyTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold })

export const emptyBody = style({ margin: 0, maxWidth: 420, color: dark.muted, fontSize: vars.fontSize.sm })

export const slot = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["2"],
  margin: vars.space["4"],
  border: `1px dashed rgba(255, 255, 255, 0.16)`,
  borderRadius: vars.radius.lg,
  background: "transparent",
  color: dark.muted,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  selectors: { "&:hover": { borderColor: "rgba(96, 165, 250, 0.6)", color: dark.text, background: "rgba(96, 165, 250, 0.06)" } },
  "@media": { [PHONE]: { display: "none" } }
})
