// A comment thread beside its pin, in the viewer's dark chrome: a card with a header (title,
// resolve, close), the first comment and its replies (avatar, name, time, words, the reader's own
// actions on hover or focus), and the reply composer at its foot. On a phone a sheet along the
// bottom of the stage. The Comments tab's list in the chat panel shares the entry styles.
import { style } from "@vanilla-extract/css"
import { vars } from "../../theme/tokens.css.ts"
import { dark } from "../SlideLayout.css.ts"
import { CARD_WIDTH } from "./pin-position.ts"

const ring = { outline: "2px solid #93c5fd", outlineOffset: 1 }
const border = "rgba(255, 255, 255, 0.12)"

export const card = style({
  position: "absolute",
  zIndex: 4,
  width: CARD_WIDTH,
  maxHeight: "min(480px, calc(100% - 16px))",
  display: "flex",
  flexDirection: "column",
  background: dark.chrome,
  color: dark.text,
  border: `1px solid ${border}`,
  borderRadius: 10,
  boxShadow: "0 12px 32px rgba(0, 0, 0, 0.45), 0 2px 6px rgba(0, 0, 0, 0.3)",
  fontSize: 13
})

/** On a phone: along the bottom of the screen, over the side panel's own sheet, the slide above it. */
export const sheet = style({
  position: "fixed",
  left: 0,
  right: 0,
  bottom: 0,
  width: "auto",
  maxHeight: "min(62dvh, 560px)",
  borderRadius: "12px 12px 0 0"
})

export const head = style({
  flex: "none",
  display: "flex",
  alignItems: "center",
  gap: 6,
  padding: "8px 8px 8px 14px",
  borderBottom: `1px solid ${dark.line}`
})
export const title = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  fontSize: 13,
  fontWeight: vars.fontWeight.semibold,
  color: "#f3f4f6",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap"
})

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  padding: "2px 8px",
  borderRadius: 999,
  background: "rgba(34, 197, 94, 0.16)",
  color: "#86efac",
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold
})

export const headButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  height: 28,
  padding: "0 8px",
  border: `1px solid ${border}`,
  borderRadius: 6,
  background: "transparent",
  color: dark.text,
  fontSize: 12,
  cursor: "pointer",
  ":hover": { background: "rgba(255, 255, 255, 0.06)" },
  ":disabled": { opacity: 0.6, cursor: "default" },
  ":focus-visible": ring
})
export const iconButton = style([headButton, { width: 28, padding: 0, justifyContent: "center", border: 0 }])

export const body = style({ flex: 1, minHeight: 0, overflowY: "auto", padding: "6px 0" })

export const entry = style({
  position: "relative",
  display: "grid",
  gridTemplateColumns: "28px minmax(0, 1fr)",
  columnGap: 10,
  padding: "8px 14px"
})
export const first = style({ borderBottom: `1px solid ${dark.line}`, paddingBottom: 12, marginBottom: 4 })

export const entryHead = style({ display: "flex", alignItems: "baseline", gap: 6, minWidth: 0, paddingRight: 56 })
export const author = style({
  minWidth: 0,
  color: "#f3f4f6",
  fontWeight: vars.fontWeight.semibold,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap"
})
export const time = style({ flex: "none", color: dark.muted, fontSize: 11 })

export const actions = style({
  position: "absolute",
  top: 4,
  right: 8,
  display: "flex",
  gap: 2,
  opacity: 0,
  selectors: { [`${entry}:hover &, ${entry}:focus-within &`]: { opacity: 1 } },
  "@media": { "(hover: none)": { opacity: 1 } }
})
export const action = style({
  height: 24,
  padding: "0 6px",
  border: 0,
  borderRadius: 4,
  background: "rgba(255, 255, 255, 0.06)",
  color: dark.muted,
  fontSize: 11,
  cursor: "pointer",
  ":hover": { color: "#f3f4f6", background: "rgba(255, 255, 255, 0.12)" },
  ":focus-visible": ring
})

export const empty = style({ padding: "10px 14px", color: dark.muted, fontSize: 12 })
export const center = style({ padding: "24px 14px", textAlign: "center", color: dark.muted })
export const errorLine = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  margin: "4px 14px",
  padding: "6px 10px",
  borderRadius: 6,
  background: "rgba(239, 68, 68, 0.12)",
  color: "#fca5a5",
  fontSize: 12
})
export const textButton = style({
  marginLeft: "auto",
  border: 0,
  background: "none",
  color: "#93c5fd",
  fontSize: 12,
  cursor: "pointer",
  textDecoration: "underline",
  ":focus-visible": ring
})
export const foot = style({ flex: "none", position: "relative", borderTop: `1px solid ${dark.line}` })
export const readOnly = style({ padding: "10px 14px", color: dark.muted, fontSize: 12 })
export const editBox = style({ gridColumn: "1 / -1", marginTop: 4 })

/** The little tip on the card's side that points at the pin. */
export const pointer = style({
  position: "absolute",
  width: 10,
  height: 10,
  marginTop: -5,
  background: dark.chrome,
  border: `1px solid ${border}`,
  transform: "rotate(45deg)",
  pointerEvents: "none",
  selectors: {
    '&[data-side="right"]': { left: -6, borderTopColor: "transparent", borderRightColor: "transparent" },
    '&[data-side="left"]': { right: -6, borderBottomColor: "transparent", borderLeftColor: "transparent" }
  }
})
