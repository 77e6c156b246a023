import { style } from "@vanilla-extract/css"

export const size = style({ width: 110, accentColor: "#93c5fd", cursor: "pointer" })

export const value = style({ minWidth: 44, textAlign: "end", fontVariantNumeric: "tabular-nums" })

/** The subtract toggle: a pill that reads as on when pressed. */
export const toggle = style({
  border: "1px solid rgba(147, 197, 253, 0.6)",
  borderRadius: 999,
  background: "none",
  color: "#e5e7eb",
  cursor: "pointer",
  padding: "2px 10px",
  minHeight: 28,
  font: "inherit",
  selectors: {
    '&[aria-pressed="true"]': { background: "#fca5a5", borderColor: "#fca5a5", color: "#111827", fontWeight: 600 },
    "&:focus-visible": { outline: "2px solid #93c5fd", outlineOffset: 2 }
  }
})

/** The options sit on the dark status bar as a fieldset without its frame. */
export const options = style({ border: "none", margin: 0, minInlineSize: 0 })
