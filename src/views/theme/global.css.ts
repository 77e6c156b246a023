// Document-wide defaults: box sizing, the font stack, calm scrollbars and one visible focus ring for
// keyboard users (mouse clicks do not draw it, thanks to :focus-visible).
import { globalStyle } from "@vanilla-extract/css"
import { vars } from "./tokens.css.ts"

globalStyle("*, *::before, *::after", { boxSizing: "border-box" })

globalStyle("html", {
  WebkitTextSizeAdjust: "100%",
  textSizeAdjust: "100%"
})

// Keyboard focus and in-page jumps stop clear of the sticky header and of the floating contact button
// (WCAG 2.4.11: a focused control is never hidden behind them).
globalStyle("html", { scrollPaddingTop: 72, scrollPaddingBottom: 96 })

globalStyle("html, body", {
  margin: 0,
  padding: 0,
  minHeight: "100%",
  background: vars.color.canvas,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  WebkitFontSmoothing: "antialiased",
  MozOsxFontSmoothing: "grayscale",
  fontFeatureSettings: "'cv11', 'ss01'"
})

globalStyle("#root", { minHeight: "100vh" })

globalStyle("h1, h2, h3, h4, h5, h6, p", { margin: 0 })

globalStyle("a", { color: vars.color.primary, textDecoration: "none" })
globalStyle("a:hover", { textDecoration: "underline" })
// A link inside running text is underlined: colour alone does not set it apart (WCAG 1.4.1).
globalStyle("p a", { textDecoration: "underline", textUnderlineOffset: "2px" })

globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" })

globalStyle(":focus-visible", { outline: `2px solid ${vars.color.primary}`, outlineOffset: "2px" })
globalStyle(":focus:not(:focus-visible)", { outline: "none" })

globalStyle("::selection", { background: "rgba(29, 78, 216, 0.16)" })

globalStyle("*", { scrollbarWidth: "thin", scrollbarColor: `${vars.color.borderStrong} transparent` })

globalStyle("*", {
  "@media": {
    "(prefers-reduced-motion: reduce)": {
      animationDuration: "0.01ms !important",
      transitionDuration: "0.01ms !important"
    }
  }
})
