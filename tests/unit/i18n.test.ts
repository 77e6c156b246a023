// Both dictionaries must have the same keys, no empty text, and the same {{placeholders}} per key; and
// every literal key the views pass to t("…") must exist. Type checking already catches a key missing
// from Indonesian; this also catches extra keys, empty strings and keys used but never written.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { en } from "../../src/i18n/en/index.ts"
import { id } from "../../src/i18n/id/index.ts"

type Tree = { readonly [key: string]: unknown }

/** Every leaf as [dotted key, value]. */
const leaves = (tree: Tree, prefix = ""): Array<[string, unknown]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]]
  )

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

const english = new Map(leaves(en))
const indonesian = new Map(leaves(id))

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })

describe("dictionaries", () => {
  it("have the same keys in English and Indonesian", () => {
    expect([...indonesian.keys()].filter((key) => !english.has(key))).toEqual([])
    expect([...english.keys()].filter((key) => !indonesian.has(key))).toEqual([])
  })

  it("have no empty or non-text entries", () => {
    const bad = (map: Map<string, unknown>) =>
      [...map].filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([key]) => key)
    expect(bad(english)).toEqual([])
    expect(bad(indonesian)).toEqual([])
  })

  it("use the same placeholders in both languages", () => {
    const mismatched = [...english]
      .filter(
        ([key, value]) => JSON.stringify(placeholders(String(value))) !== JSON.stringify(placeholders(String(indonesian.get(key) ?? "")))
      )
      .map(([key]) => key)
    expect(mismatched).toEqual([])
  })

  it("contain every literal key the views translate", () => {
    const used = sourceFiles(join(import.meta.dirname, "../../src/views")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)].map((m) => ({ file, key: m[1]! }))
    )
    expect(used.length).toBeGreaterThan(50)
    expect(used.filter(({ key }) => !english.has(key)).map(({ file, key }) => `${key} (${file.split("/src/")[1]})`)).toEqual([])
  })
})
