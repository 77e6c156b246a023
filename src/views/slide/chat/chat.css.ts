// The chat tab on the viewer's dark chrome: a scrolling log with the newest at the bottom, each
// message an avatar, a name, a time and the text; a composer pinned below with the `@` listbox above
// it. Same density and contrast as the other side-panel tabs (panels.css.ts).
import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"
import { dark } from "../SlideLayout.css.ts"

const ring = { outline: "2px solid #93c5fd", outlineOffset: 1 }
const border = "rgba(255, 255, 255, 0.12)"

export const root = style({ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" })

export const log = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  padding: "8px 0",
  display: "flex",
  flexDirection: "column",
  ":focus-visible": ring
})

export const marker = style({ padding: "6px 12px", color: dark.muted, fontSize: 12, textAlign: "center" })

export const empty = style({ margin: "auto 0", padding: "24px 20px", textAlign: "center", color: dark.muted })
export const emptyTitle = style({ margin: "0 0 4px", color: dark.text, fontWeight: vars.fontWeight.semibold, fontSize: 14 })

export const item = style({
  display: "grid",
  gridTemplateColumns: "28px minmax(0, 1fr)",
  columnGap: 10,
  padding: "6px 12px",
  ":hover": { background: "rgba(255, 255, 255, 0.03)" }
})

export const mentionsMe = style({ boxShadow: "inset 3px 0 0 #60a5fa", background: "rgba(96, 165, 250, 0.08)" })

export const head = style({ display: "flex", alignItems: "baseline", gap: 8, minWidth: 0 })
export const author = style({
  minWidth: 0,
  color: "#f3f4f6",
  fontWeight: vars.fontWeight.semibold,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap"
})
export const time = style({ color: dark.muted, fontSize: 11, flex: "none" })

export const text = style({
  margin: "2px 0 0",
  color: dark.text,
  lineHeight: 1.45,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere"
})
export const link = style({ color: "#93c5fd", textDecoration: "underline", ":focus-visible": ring })

export const pending = style({ opacity: 0.7 })
export const failedLine = style({
  display: "flex",
  alignItems: "center",
  flexWrap: "wrap",
  gap: 8,
  marginTop: 4,
  color: "#fca5a5",
  fontSize: 12
})
export const textButton = style({
  border: 0,
  background: "none",
  padding: "2px 4px",
  borderRadius: 4,
  color: "#93c5fd",
  fontSize: 12,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  ":hover": { background: "rgba(255, 255, 255, 0.06)" },
  ":focus-visible": ring
})

export const composer = style({ flex: "none", position: "relative", borderTop: `1px solid ${dark.line}`, padding: "8px 12px 10px" })
export const row = style({ display: "flex", alignItems: "flex-end", gap: 8 })
export const input = style({
  flex: 1,
  minHeight: 36,
  maxHeight: 140,
  resize: "none",
  padding: "8px 10px",
  border: `1px solid ${border}`,
  borderRadius: 6,
  background: "#111318",
  color: dark.text,
  font: "inherit",
  fontSize: 13,
  lineHeight: 1.4,
  "::placeholder": { color: dark.muted },
  ":focus": { outline: "none", borderColor: "#60a5fa", boxShadow: "0 0 0 1px #60a5fa" }
})
export const send = style({
  flex: "none",
  height: 36,
  padding: "0 14px",
  border: 0,
  borderRadius: 6,
  background: "#2563eb",
  color: "#fff",
  fontWeight: vars.fontWeight.semibold,
  fontSize: 13,
  cursor: "pointer",
  ":hover": { background: "#1d4ed8" },
  ":disabled": { background: "#374151", color: dark.muted, cursor: "default" },
  ":focus-visible": ring
})
export const cancel = style({
  flex: "none",
  height: 36,
  padding: "0 12px",
  border: `1px solid ${border}`,
  borderRadius: 6,
  background: "transparent",
  color: dark.text,
  fontSize: 13,
  cursor: "pointer",
  ":hover": { background: "rgba(255, 255, 255, 0.06)" },
  ":focus-visible": ring
})
export const hint = style({ margin: "4px 0 0", color: dark.muted, fontSize: 11 })
export const over = style({ margin: "4px 0 0", color: "#fca5a5", fontSize: 12 })
export const readOnly = style({ flex: "none", borderTop: `1px solid ${dark.line}`, padding: "10px 12px", color: dark.muted, fontSize: 12 })

export const listbox = style({
  position: "absolute",
  left: 12,
  right: 12,
  bottom: "calc(100% - 4px)",
  margin: 0,
  padding: 4,
  listStyle: "none",
  maxHeight: 220,
  overflowY: "auto",
  background: "#262a32",
  border: `1px solid ${border}`,
  borderRadius: 8,
  boxShadow: "0 8px 24px rgba(0, 0, 0, 0.45)",
  zIndex: 2
})
export const option = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "6px 8px",
  borderRadius: 6,
  color: dark.text,
  cursor: "pointer",
  selectors: { '&[aria-selected="true"]': { background: "#1e3a8a", color: "#fff" } }
})
export const optionEmail = style({ color: dark.muted, fontSize: 11, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: 18,
  height: 18,
  marginLeft: 6,
  padding: "0 5px",
  borderRadius: 9,
  background: "#2563eb",
  color: "#fff",
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold
})
