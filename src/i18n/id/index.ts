// The Indonesian dictionary. Typed as the English one, so a missing key fails type checking.
import type { en } from "../en/index.ts"
import { idEntry } from "./entry.ts"
import { idWorkspace } from "./workspace.ts"

export const id: typeof en = { ...idEntry, ...idWorkspace }
