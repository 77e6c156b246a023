// The labs lists: the grid of tiles, the table, their thumbnails, and the page's header pieces.
import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

/* ---- header ---- */

export const path = style({ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 2, margin: 0, padding: 0, listStyle: "none" })
export const pathItem = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 2,
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle
})
export const pathLink = style({
  // 24 px tall (20 + 2 + 2): a target small enough to miss is a barrier (WCAG 2.5.8).
  display: "inline-block",
  lineHeight: "20px",
  maxWidth: 220,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  padding: "2px 4px",
  borderRadius: vars.radius.sm,
  color: vars.color.textSubtle,
  textDecoration: "none",
  selectors: {
    "&:hover": { color: vars.color.text, background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})
export const pathSeparator = style({ display: "inline-flex", color: vars.color.textFaint })
export const pathRow = style({ display: "flex", alignItems: "center", minHeight: 22, marginBottom: 6, marginLeft: -4 })
export const searchChip = style({ display: "inline-flex", alignItems: "center", flexWrap: "wrap", gap: 6 })
export const toolbarDivider = style({ width: 1, height: 24, margin: "0 4px", background: vars.color.border })

/* ---- states ---- */

export const skeletonRow = style({
  display: "flex",
  alignItems: "center",
  gap: 16,
  height: 52,
  padding: "0 16px",
  borderBottom: `1px solid ${vars.color.border}`
})
export const grow = style({ flex: 1 })
export const loadingMore = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  fontSize: vars.fontSize.sm,
  color: vars.color.textSubtle
})
export const actionsCol = style({ width: 296 })
export const actionsCell = style({ textAlign: "right", overflow: "visible" })
export const actionsGroup = style({ display: "inline-flex", gap: 8 })

export const more = style({ display: "flex", flexDirection: "column", alignItems: "center", gap: 10, padding: "24px 0 8px" })
export const sentinel = style({ height: 1 })

/* ---- grid ---- */

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(196px, 1fr))",
  gap: 16,
  margin: 0,
  padding: 0,
  listStyle: "none"
})

export const tile = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.xs,
  cursor: "default",
  userSelect: "none",
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    "&:hover": { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.sm },
    "&:focus-within": { borderColor: vars.color.borderStrong }
  }
})

export const tileSelected = style({
  selectors: {
    "&, &:hover, &:focus-within": { borderColor: vars.color.primary, boxShadow: `0 0 0 1px ${vars.color.primary}` }
  }
})

export const tileThumb = style({
  position: "relative",
  aspectRatio: "16 / 10",
  overflow: "hidden",
  borderTopLeftRadius: 11,
  borderTopRightRadius: 11,
  borderBottom: `1px solid ${vars.color.border}`
})

export const tileBody = style({ display: "flex", flexDirection: "column", gap: 2, padding: "10px 12px 12px", minWidth: 0 })

export const tileName = style({
  display: "block",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  textDecoration: "none",
  borderRadius: 4,
  selectors: {
    "&:hover": { textDecoration: "underline", textUnderlineOffset: 2 },
    "&:focus-visible": { outline: "none", boxShadow: vars.shadow.focus }
  }
})

export const meta = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  minWidth: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
  whiteSpace: "nowrap"
})
export const metaText = style({ overflow: "hidden", textOverflow: "ellipsis" })
export const star = style({ flex: "none", color: "#f59e0b", fill: "#fbbf24" })
export const globe = style({ flex: "none", color: vars.color.primary })

/** The selection box and the "⋯" button float over the thumbnail; shown on hover, focus or while selecting. */
export const tileCheck = style({
  position: "absolute",
  top: 10,
  left: 10,
  zIndex: 1,
  display: "flex",
  padding: 3,
  borderRadius: 7,
  background: "rgba(255, 255, 255, 0.92)",
  boxShadow: vars.shadow.xs,
  opacity: 0,
  transition: `opacity ${vars.motion.fast}`
})
export const tileMenu = style({
  position: "absolute",
  top: 8,
  right: 8,
  zIndex: 1,
  opacity: 0,
  background: "rgba(255, 255, 255, 0.92)",
  boxShadow: vars.shadow.xs,
  transition: `opacity ${vars.motion.fast}`
})
export const selecting = style({})
globalStyle(`${tile}:hover ${tileCheck}, ${tile}:focus-within ${tileCheck}, ${tileSelected} ${tileCheck}, ${selecting} ${tileCheck}`, {
  opacity: 1
})
globalStyle(`${tile}:hover ${tileMenu}, ${tile}:focus-within ${tileMenu}, ${tileSelected} ${tileMenu}`, { opacity: 1 })

/* ---- thumbnails ---- */

export const thumb = style({ position: "absolute", inset: 0, display: "flex", alignItems: "center", justifyContent: "center" })
export const thumbKind = styleVariants({
  folder: { background: "linear-gradient(180deg, #f5f8fe 0%, #edf2fc 100%)" },
  slide: { background: "linear-gradient(180deg, #f7f7f9 0%, #f0f1f4 100%)" },
  image: { background: "#1f2430" }
})
export const thumbImage = style({ width: "100%", height: "100%", objectFit: "cover", display: "block" })
export const thumbStatus = style({
  position: "absolute",
  left: 8,
  bottom: 8,
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "3px 9px 3px 7px",
  borderRadius: vars.radius.full,
  fontSize: 11,
  fontWeight: vars.fontWeight.semibold,
  background: "rgba(17, 24, 39, 0.72)",
  color: "#fff",
  backdropFilter: "blur(2px)"
})
export const thumbStatusFailed = style({ background: vars.color.danger })

const turn = keyframes({ to: { transform: "rotate(360deg)" } })
/** A small ring turning while the server still works on the slide. */
export const thumbSpinner = style({
  width: 10,
  height: 10,
  flex: "none",
  borderRadius: "50%",
  border: "2px solid rgba(255, 255, 255, 0.35)",
  borderTopColor: "#fff",
  animation: `${turn} 0.8s linear infinite`
})
/** The table's small picture: a turning ring in its corner, or a red dot. */
export const miniPending = style({
  position: "absolute",
  right: 2,
  bottom: 2,
  width: 10,
  height: 10,
  borderRadius: "50%",
  border: `2px solid ${vars.color.primarySoftBorder}`,
  borderTopColor: vars.color.primary,
  background: vars.color.surface,
  animation: `${turn} 0.8s linear infinite`
})
export const miniFailed = style({
  position: "absolute",
  right: 2,
  bottom: 2,
  width: 9,
  height: 9,
  borderRadius: "50%",
  background: vars.color.danger,
  boxShadow: `0 0 0 2px ${vars.color.surface}`
})

export const mini = style({
  position: "relative",
  flex: "none",
  width: 36,
  height: 28,
  overflow: "hidden",
  borderRadius: 6,
  border: `1px solid ${vars.color.border}`
})

/* ---- table ---- */

export const tableWrap = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.xs,
  overflow: "hidden"
})

export const table = style({ width: "100%", borderCollapse: "collapse", tableLayout: "fixed", fontSize: vars.fontSize.md })

export const th = style({
  height: 40,
  padding: "0 12px",
  textAlign: "left",
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: "0.02em",
  color: vars.color.textSubtle,
  background: "#f9fafb",
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap"
})

export const td = style({
  height: 52,
  padding: "0 12px",
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis"
})

export const row = style({
  cursor: "default",
  userSelect: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover }
  }
})
globalStyle(`${row}:last-child > td`, { borderBottom: 0 })
export const rowSelected = style({ selectors: { "&, &:hover": { background: vars.color.primarySoft } } })

export const checkCell = style({ width: 48, paddingRight: 0 })
export const menuCell = style({ width: 56, textAlign: "right", paddingLeft: 0 })
export const nameCell = style({ color: vars.color.text })
export const nameInner = style({ display: "flex", alignItems: "center", gap: 12, minWidth: 0 })
export const rowName = style([tileName, { fontWeight: vars.fontWeight.medium }])
export const owner = style({ display: "flex", alignItems: "center", gap: 8, minWidth: 0 })
export const col = styleVariants({
  owner: { width: "22%" },
  date: { width: 204 },
  size: { width: 104 },
  role: { width: 120 }
})

export const rolePill = style({
  display: "inline-flex",
  alignItems: "center",
  padding: "2px 8px",
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  border: `1px solid ${vars.color.border}`
})

/** The role pill in a tile's line of facts: compact, and never squeezed by the text beside it. */
export const tileRole = style({ flexShrink: 0, padding: "0 6px", lineHeight: "18px" })

/** A slide's auto tags (AutoTagList.tsx): small pills in a row that wraps. */
export const autoTags = style({ display: "flex", flexWrap: "wrap", gap: 4, margin: 0, padding: 0, listStyle: "none", minWidth: 0 })
/** In a table row the tags are one line under the name, clipped where the column ends. */
export const autoTagsInRow = style({ flexWrap: "nowrap", overflow: "hidden" })
/** A table row's name with its tags under it. */
export const nameStack = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 })
export const autoTag = style({
  padding: "1px 7px",
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.5,
  whiteSpace: "nowrap",
  background: vars.color.primarySoft,
  color: vars.color.primary
})
