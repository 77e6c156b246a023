// Placeholder created by the shell work so the dictionaries build; the auth area owns and replaces it.
import type { settings as en } from "../en/settings.ts"

export const settings: typeof en = {}
