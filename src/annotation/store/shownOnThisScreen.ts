// Which annotations this viewer hid or showed on a slide, kept in this browser (localStorage) per
// user and slide, so a reload keeps them. A display setting, as in QuPath: hiding a shape to see the
// tissue beneath it must not hide it for a colleague looking at the same slide, and a reviewer may
// hide any shape on their own screen though they may change only their own. The annotation's stored
// `visible` flag (what QuPath and W3C files carry) is the default; these are the exceptions.

/** Exceptions kept per slide at most (the most recent). */
export const SHOWN_LIMIT = 5000

const keyOf = (userId: string, labId: string) => `preparat.annotations.shown.${userId}.${labId}`

export const readShown = (userId: string, labId: string): Array<readonly [string, boolean]> => {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(userId, labId)) ?? "{}")
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return []
    return Object.entries(parsed).flatMap(([id, shown]) => (typeof shown === "boolean" ? [[id, shown] as const] : []))
  } catch {
    return []
  }
}

export const writeShown = (userId: string, labId: string, overrides: Iterable<readonly [string, boolean]>): void => {
  const entries = [...overrides].slice(-SHOWN_LIMIT)
  try {
    if (entries.length === 0) window.localStorage.removeItem(keyOf(userId, labId))
    else window.localStorage.setItem(keyOf(userId, labId), JSON.stringify(Object.fromEntries(entries)))
  } catch {
    // Storage full or refused (private mode): the choice holds for this visit only.
  }
}
