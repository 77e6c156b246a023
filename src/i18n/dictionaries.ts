// Both dictionaries, keyed by locale. Small enough (text only) to ship in the main chunk, which keeps
// switching language instant and avoids a loading state for words.
import type { Locale } from "./locale.ts"
import { en } from "./en/index.ts"
import { id } from "./id/index.ts"

export type Dictionary = typeof en

export const dictionaries: Record<Locale, Dictionary> = { en, id }
