// Placeholder created by the shell work so the dictionaries build; the auth area owns and replaces it.
import type { errors as en } from "../en/errors.ts"

export const errors: typeof en = {}
