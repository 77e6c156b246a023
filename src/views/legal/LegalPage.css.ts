import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

export const layout = style({
  display: "grid",
  gridTemplateColumns: "220px minmax(0, 1fr)",
  gap: vars.space["12"],
  maxWidth: 1080,
  margin: "0 auto",
  padding: `${vars.space["12"]} ${vars.space["6"]} ${vars.space["20"]}`,
  "@media": { "(max-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space["6"] } }
})

export const toc = style({
  position: "sticky",
  top: 88,
  alignSelf: "start",
  fontSize: vars.fontSize.sm,
  "@media": { "(max-width: 960px)": { position: "static", display: "none" } }
})

export const tocTitle = style({
  marginBottom: vars.space["3"],
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
  color: vars.color.textFaint
})

export const tocList = style({
  display: "flex",
  flexDirection: "column",
  gap: 2,
  margin: 0,
  padding: 0,
  listStyle: "none",
  counterReset: "toc"
})

export const tocLink = style({
  display: "block",
  padding: "5px 10px",
  borderRadius: vars.radius.sm,
  color: vars.color.textSubtle,
  lineHeight: vars.lineHeight.snug,
  selectors: { "&:hover": { color: vars.color.text, background: vars.color.surfaceHover, textDecoration: "none" } }
})

export const article = style({ maxWidth: 720, color: vars.color.textMuted, fontSize: 15, lineHeight: vars.lineHeight.relaxed })

export const head = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3"],
  paddingBottom: vars.space["6"],
  marginBottom: vars.space["6"],
  borderBottom: `1px solid ${vars.color.border}`
})

export const title = style({
  fontSize: vars.fontSize["3xl"],
  lineHeight: 1.2,
  letterSpacing: "-0.02em",
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text
})

export const meta = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["4"],
  flexWrap: "wrap",
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle
})

export const intro = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
  marginBottom: vars.space["8"],
  color: vars.color.text
})

export const section = style({
  scrollMarginTop: 88,
  marginBottom: vars.space["8"],
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3"]
})

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  letterSpacing: "-0.01em"
})

export const number = style({ color: vars.color.textFaint, marginRight: 10, fontVariantNumeric: "tabular-nums" })

export const list = style({ margin: 0, paddingLeft: 20, display: "flex", flexDirection: "column", gap: 6 })

export const footer = style({
  marginTop: vars.space["10"],
  paddingTop: vars.space["6"],
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm
})
