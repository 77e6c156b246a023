// Placeholder created by the shell work so the dictionaries build; the auth area owns and replaces it.
import type { auth as en } from "../en/auth.ts"

export const auth: typeof en = {}
