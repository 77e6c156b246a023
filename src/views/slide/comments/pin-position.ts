// Where a thread's popover stands beside its pin: to the right of the pin, or to its left when it
// would run off the stage, never past the stage's edges; on a narrow stage (a phone) a sheet along
// the bottom instead. Pure, so the rules are tested alone.
export const CARD_WIDTH = 340
/** Below this stage width the thread is a bottom sheet: a card beside the pin would cover the slide. */
export const SHEET_BELOW = 560
const GAP = 14
const MARGIN = 8

export type Placement =
  | {
      readonly mode: "card"
      readonly left: number
      readonly top: number
      readonly side: "right" | "left"
      /** How far down the card its pointer to the pin sits, kept off the rounded corners. */
      readonly pointer: number
    }
  | { readonly mode: "sheet" }

export const placeCard = (
  pin: { readonly x: number; readonly y: number },
  stage: { readonly width: number; readonly height: number },
  cardHeight: number
): Placement => {
  if (stage.width < SHEET_BELOW) return { mode: "sheet" }
  const right = pin.x + GAP
  const fitsRight = right + CARD_WIDTH <= stage.width - MARGIN
  const left = fitsRight ? right : Math.max(MARGIN, pin.x - GAP - CARD_WIDTH)
  const top = Math.min(Math.max(MARGIN, pin.y - 28), Math.max(MARGIN, stage.height - cardHeight - MARGIN))
  const pointer = Math.min(Math.max(16, pin.y - top), Math.max(16, cardHeight - 16))
  return { mode: "card", left, top, side: fitsRight ? "right" : "left", pointer }
}
