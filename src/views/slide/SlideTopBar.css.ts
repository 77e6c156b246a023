import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"
import { dark } from "./SlideLayout.css.ts"

export const root = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["3"],
  flex: "none",
  height: 56,
  padding: `0 ${vars.space["3"]}`,
  background: dark.chrome,
  borderBottom: `1px solid ${dark.line}`
})

const iconButton = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 34,
  height: 34,
  flex: "none",
  padding: 0,
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: dark.text,
  cursor: "pointer",
  transition: `background ${vars.motion.fast}`
} as const

export const back = style({
  ...iconButton,
  marginLeft: -4,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: "rgba(255, 255, 255, 0.08)", color: "#ffffff", textDecoration: "none" },
    "&:focus-visible": { outline: "none", boxShadow: "0 0 0 2px #60a5fa" }
  }
})

export const toggle = style({
  ...iconButton,
  selectors: {
    "&:hover": { background: "rgba(255, 255, 255, 0.08)", color: "#ffffff" },
    "&:focus-visible": { outline: "none", boxShadow: "0 0 0 2px #60a5fa" },
    '&[aria-pressed="true"]': { background: "rgba(96, 165, 250, 0.2)", color: "#93c5fd" }
  }
})

export const titles = style({ display: "flex", flexDirection: "column", gap: 1, minWidth: 0, flex: "0 1 auto" })

export const path = style({ display: "flex", alignItems: "center", gap: 2, margin: 0, padding: 0, listStyle: "none", minWidth: 0 })

export const separator = style({ display: "inline-flex", color: dark.faint })

export const moreItem = style({ display: "inline-flex", flex: "none" })

/** The "…" of a folded path, on the dark bar. */
export const more = style({
  selectors: {
    "&&": { width: 24, height: 24, color: dark.muted },
    "&&:hover, &&[aria-expanded='true']": { background: "rgba(255, 255, 255, 0.08)", color: "#ffffff" }
  }
})

export const crumb = style({ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: 200 })

export const crumbLink = style({
  // 20 px line and 2 px above and below: a 24 px target (WCAG 2.5.8).
  display: "inline-block",
  lineHeight: "20px",
  padding: "2px 3px",
  borderRadius: vars.radius.sm,
  maxWidth: "100%",
  overflow: "hidden",
  textOverflow: "ellipsis",
  verticalAlign: "middle",
  fontSize: vars.fontSize.xs,
  color: dark.muted,
  selectors: {
    "&:hover": { color: "#ffffff" },
    "&:focus-visible": { outline: "none", boxShadow: "0 0 0 2px #60a5fa" }
  }
})

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  color: "#f9fafb",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  maxWidth: 420
})

export const facts = style({
  margin: 0,
  paddingLeft: vars.space["3"],
  borderLeft: `1px solid ${dark.line}`,
  fontSize: vars.fontSize.xs,
  color: dark.muted,
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
  // Gives way to the name on a narrow screen; the details panel lists the same.
  flex: "0 1 auto",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis"
})

export const spacer = style({ flex: 1 })

export const viewOnly = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  height: 26,
  padding: "0 10px",
  borderRadius: vars.radius.full,
  background: "rgba(96, 165, 250, 0.14)",
  color: "#bfdbfe",
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: "nowrap"
})

/** The way into the compare viewer: a quiet outlined button beside the panel's switch. */
export const compare = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  height: 32,
  padding: "0 10px",
  flex: "none",
  border: `1px solid ${dark.line}`,
  borderRadius: vars.radius.md,
  color: dark.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  selectors: { "&:hover": { background: "rgba(255, 255, 255, 0.08)" } }
})

// On a phone the word goes and the icon stays; the word is still the link's name for a screen reader.
export const compareLabel = style({
  "@media": {
    "(max-width: 640px)": {
      position: "absolute",
      width: 1,
      height: 1,
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap"
    }
  }
})
