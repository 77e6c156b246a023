// The Comments tab of the chat panel: a filter above a list of threads, each a button (avatar,
// author, last activity, the first comment on two lines, reply count, resolved badge).
import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"
import { dark } from "../SlideLayout.css.ts"

const ring = { outline: "2px solid #93c5fd", outlineOffset: -2 }

export const root = style({ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" })
export const filter = style({
  flex: "none",
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "8px 12px",
  borderBottom: `1px solid ${dark.line}`,
  color: dark.text,
  fontSize: 12,
  cursor: "pointer"
})
export const center = style({ margin: "auto 0", padding: "24px 20px", textAlign: "center", color: dark.muted })
export const emptyTitle = style({ margin: "0 0 4px", color: dark.text, fontWeight: vars.fontWeight.semibold, fontSize: 14 })
export const list = style({ flex: 1, minHeight: 0, overflowY: "auto", margin: 0, padding: "4px 0", listStyle: "none" })
export const row = style({
  width: "100%",
  display: "grid",
  gridTemplateColumns: "28px minmax(0, 1fr)",
  columnGap: 10,
  padding: "8px 12px",
  border: 0,
  background: "transparent",
  color: dark.text,
  textAlign: "left",
  font: "inherit",
  cursor: "pointer",
  ":hover": { background: "rgba(255, 255, 255, 0.04)" },
  ":focus-visible": ring,
  selectors: { "&[data-resolved]": { opacity: 0.7 } }
})
export const main = style({ minWidth: 0, display: "flex", flexDirection: "column", gap: 2 })
export const line = style({ display: "flex", alignItems: "baseline", gap: 8, minWidth: 0 })
export const author = style({
  minWidth: 0,
  color: "#f3f4f6",
  fontWeight: vars.fontWeight.semibold,
  fontSize: 13,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap"
})
export const time = style({ flex: "none", marginLeft: "auto", color: dark.muted, fontSize: 11 })
export const comment = style({
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
  fontSize: 13,
  lineHeight: 1.4,
  overflowWrap: "anywhere"
})
export const meta = style({ display: "flex", alignItems: "center", gap: 8, color: dark.muted, fontSize: 11 })
export const resolved = style({ display: "inline-flex", alignItems: "center", gap: 3, color: "#86efac" })
