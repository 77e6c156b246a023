// The English dictionary: one area per file, merged under the area's key ("auth.login.title"), in two
// parts that load apart (entry.ts with the first page, workspace.ts with the signed-in workspace).
import { enEntry } from "./entry.ts"
import { enWorkspace } from "./workspace.ts"

export const en = { ...enEntry, ...enWorkspace }
