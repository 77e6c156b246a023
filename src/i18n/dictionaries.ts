// The dictionaries, in chunks per language and part: the first page downloads only the entry words of
// its own language (the pages anyone may open, errors, validation); the workspace's words come with
// the workspace (SessionServices.tsx), and another language's when the user switches, before the page
// changes, so no screen shows keys or a mix of languages.
import type { en } from "./en/index.ts"
import type { Locale } from "./locale.ts"

export type Dictionary = typeof en
export type WordsPart = "entry" | "workspace"
type Words = Partial<Dictionary>

const loaders: Record<Locale, Record<WordsPart, () => Promise<Words>>> = {
  en: {
    entry: () => import("./en/entry.ts").then((m) => m.enEntry),
    workspace: () => import("./en/workspace.ts").then((m) => m.enWorkspace)
  },
  id: {
    entry: () => import("./id/entry.ts").then((m) => m.idEntry),
    workspace: () => import("./id/workspace.ts").then((m) => m.idWorkspace)
  }
}

const loads = new Map<string, Promise<Words>>()
const arrived = new Set<string>()

/** Whether `locale`'s `part` has arrived. */
export const hasWords = (locale: Locale, part: WordsPart): boolean => arrived.has(`${locale}:${part}`)

/** Fetches one part of one language once; every caller waits for the same download. */
export const loadWords = (locale: Locale, part: WordsPart): Promise<Words> => {
  const key = `${locale}:${part}`
  let load = loads.get(key)
  if (load === undefined) {
    load = loaders[locale][part]().then((words) => {
      arrived.add(key)
      return words
    })
    loads.set(key, load)
  }
  return load
}
