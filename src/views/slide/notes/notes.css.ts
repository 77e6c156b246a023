// The notes tab on the viewer's dark chrome: a switch between notes and reports, the list of cards
// (title, author and time, the text kept to a few lines until opened), and the writing form. Same
// density, contrast and focus ring as the other side-panel tabs (panels.css.ts).
import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"
import { dark } from "../SlideLayout.css.ts"

const ring = { outline: "2px solid #93c5fd", outlineOffset: 1 }
const border = "rgba(255, 255, 255, 0.12)"

export const root = style({ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" })

export const bar = style({
  flex: "none",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  padding: "10px 12px",
  borderBottom: `1px solid ${dark.line}`
})

export const switcher = style({
  display: "inline-flex",
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: `1px solid ${border}`,
  borderRadius: 5,
  overflow: "hidden"
})

export const switchButton = style({
  height: 28,
  padding: "0 12px",
  border: 0,
  background: "transparent",
  color: dark.muted,
  fontSize: 12.5,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  ":focus-visible": ring,
  selectors: { '&[aria-pressed="true"]': { background: "#2f343d", color: "#f9fafb" }, "&:hover": { color: dark.text } }
})

export const list = style({ flex: 1, minHeight: 0, overflowY: "auto", listStyle: "none", margin: 0, padding: "4px 0" })

export const card = style({ padding: "10px 12px", borderBottom: `1px solid ${dark.line}` })

export const cardHead = style({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: 8 })

export const title = style({
  margin: 0,
  color: "#f9fafb",
  fontSize: 13.5,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: 1.35,
  overflowWrap: "anywhere"
})

export const meta = style({ margin: "2px 0 0", color: dark.muted, fontSize: 12 })

export const value = style({
  margin: "6px 0 0",
  color: dark.text,
  fontSize: 13,
  lineHeight: 1.5,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere"
})

export const clamped = style({ display: "-webkit-box", WebkitLineClamp: 4, WebkitBoxOrient: "vertical", overflow: "hidden" })

export const actions = style({ display: "flex", gap: 2, flex: "none" })

export const confirm = style({
  marginTop: 8,
  padding: "8px 10px",
  border: "1px solid rgba(248, 113, 113, 0.45)",
  borderRadius: 5,
  background: "rgba(248, 113, 113, 0.08)",
  color: dark.text,
  fontSize: 12.5
})

export const confirmActions = style({ display: "flex", gap: 6, marginTop: 8 })

export const dangerButton = style({
  height: 28,
  padding: "0 10px",
  border: "1px solid #dc2626",
  borderRadius: 4,
  background: "#dc2626",
  color: "#fff",
  fontSize: 12.5,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  ":hover": { background: "#b91c1c" },
  ":focus-visible": ring,
  ":disabled": { opacity: 0.55, cursor: "default" }
})

export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  padding: "10px 12px",
  borderBottom: `1px solid ${dark.line}`
})

export const fieldLabel = style({ display: "flex", flexDirection: "column", gap: 4, color: dark.muted, fontSize: 12 })

export const textarea = style({
  minHeight: 120,
  resize: "vertical",
  padding: "6px 8px",
  border: `1px solid ${border}`,
  borderRadius: 4,
  background: "#15171b",
  color: dark.text,
  fontFamily: "inherit",
  fontSize: 13,
  lineHeight: 1.5,
  ":focus-visible": { ...ring, outlineOffset: 0 }
})

export const formActions = style({ display: "flex", justifyContent: "flex-end", gap: 6 })

export const error = style({ margin: 0, color: "#fca5a5", fontSize: 12.5 })

export const empty = style({ padding: "28px 20px", textAlign: "center", color: dark.muted, fontSize: 13, lineHeight: 1.5 })

export const more = style({ display: "flex", justifyContent: "center", padding: "10px 12px" })
