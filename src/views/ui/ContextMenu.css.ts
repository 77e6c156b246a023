import { style } from "@vanilla-extract/css"
import { vars } from "../theme/tokens.css.ts"

/**
 * The dropdown's surface, placed at a point instead of under a trigger. A menu of actions shows all of
 * them (no inner scrolling), as long as the window is tall enough.
 */
export const floating = style({ position: "fixed", zIndex: vars.zIndex.dropdown, minWidth: 216, maxHeight: "calc(100vh - 16px)" })
