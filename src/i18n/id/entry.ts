// The words of the pages anyone may open (landing, sign-in, registration, resets, legal) and of what
// every page shows (errors, validation, the language menu): downloaded with the first page.
import type { enEntry } from "../en/entry.ts"
import { auth } from "./auth.ts"
import { common } from "./common.ts"
import { errors } from "./errors.ts"
import { publicPages } from "./public.ts"
import { shell } from "./shell.ts"
import { validation } from "./validation.ts"

export const idEntry: typeof enEntry = {
  common,
  shell,
  public: publicPages,
  auth,
  errors,
  validation
}
