// Issue 10: every SPA call to /v2 is derived from the contract (src/effects/call.ts), so no path is
// written by hand. This keeps it so: no string in the SPA's effects, machines or views names a /v2
// path. Comments may mention one (they are not code); tests and their fixtures may hold one (a media
// URL in a fixture answer is data, not a call).
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { parseAst } from "vite"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "../..")
const scanned = ["src/effects", "src/machines", "src/views"]

/**
 * Allowed for now: src/effects/uploads is being converted to call(endpoints.slides.…) by its owner.
 * Remove this exception once it holds no /v2 literal.
 */
const allowed = ["src/effects/uploads/"]

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith("src/testing/")

const filesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return filesUnder(path)
    return /\.tsx?$/.test(entry.name) && !isTest(path) ? [path] : []
  })

/** "/v2" as a path of its own or the start of one, anywhere in a string. */
const namesV2 = (text: string) => /(^|[^\w])\/v2(\/|$|[?#])/.test(text)

/** Every string literal, template part and JSX text of a file that names a /v2 path, with its line. */
const v2LiteralsIn = (fileName: string, source: string): ReadonlyArray<string> => {
  // Parsed as code (Vite's own parser, oxc), so comments are not in the tree and cannot match.
  const program = parseAst(source, { lang: fileName.endsWith(".tsx") ? "tsx" : "ts" }, fileName)
  const found: Array<string> = []
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    if (typeof node !== "object" || node === null) return
    const { type, start } = node as { readonly type?: unknown; readonly start?: number }
    const text =
      type === "Literal" && typeof (node as { value?: unknown }).value === "string"
        ? (node as { value: string }).value
        : type === "TemplateElement"
          ? (node as { value: { raw: string } }).value.raw
          : type === "JSXText"
            ? (node as { value: string }).value
            : undefined
    if (text !== undefined && namesV2(text)) found.push(`${fileName}:${lineOf(start ?? 0)}: ${JSON.stringify(text)}`)
    for (const child of Object.values(node)) visit(child)
  }
  visit(program)
  return found
}

describe("no hand-written /v2 paths", () => {
  it("finds a path in strings and templates, never in comments", () => {
    const source = [
      "// GET /v2/labs/ in a comment",
      "/* and /v2/labs/{id}/ in a block */",
      'const a = "/v2/labs/"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text holding a template literal
      "const b = `/v2/labs/${id}/`",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text holding a template literal
      "const c = `${base}/v2/members/`",
      "const d = '/v2'",
      'const e = "/v20/ is not it, nor api/v2x"'
    ].join("\n")
    expect(v2LiteralsIn("x.ts", source).map((hit) => hit.split(":")[1])).toEqual(["3", "4", "5", "6"])
    expect(v2LiteralsIn("x.tsx", 'const v = <a href="/v2/media/x">/v2/labs/</a>')).toHaveLength(2)
  })

  it("the SPA's effects, machines and views take every /v2 path from the contract", () => {
    const files = scanned.flatMap(filesUnder).filter((path) => !allowed.some((prefix) => path.startsWith(prefix)))
    expect(files.length).toBeGreaterThan(50)
    const hits = files.flatMap((path) => v2LiteralsIn(relative(root, join(root, path)), readFileSync(join(root, path), "utf8")))
    expect(hits, "call the endpoint with call(endpoints.<group>.<name>, …) (src/effects/call.ts) instead").toEqual([])
  })
})
