// Serves the built SPA. Known pages get index.html (200), unknown extension-less paths get it with
// 404 so crawlers and monitors see the truth, and every page has a `/script` companion that answers
// with the page's own code chunk (found through Vite's manifest), e.g. to preload it.
//
// Files are served by Effect's static file server. The build writes a brotli (.br) and a gzip (.gz)
// copy beside each compressible file (vite.config.ts); when the browser accepts one, the static
// server is handed that copy's path and the answer names its encoding, with `Vary: Accept-Encoding`
// on every answer for such a file. Hashed files are cached for a year (immutable); index.html is
// `no-cache`.
//
// The language: a page asked for without the /id prefix while the `lang` cookie says Indonesian is
// redirected to its /id form on this first answer (no English flash); a page asked for under /id is
// Indonesian whatever the cookie says, and the answer sets the cookie (the URL a person clicked wins).
import { type Dirent, existsSync, readdirSync, readFileSync } from "node:fs"
import { extname, join } from "node:path"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse, HttpStaticServer } from "effect/http"
import { languageCookie, readLanguageCookie } from "../../src/i18n/locale.ts"
import { LOCALE_PREFIX, matchRoute, redirects, splitLocale } from "../../src/contract/routes.ts"
import type { Config } from "../config.ts"

/** The encodings the build writes, in the order the server prefers them, with their file suffix. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" }
] as const
type Encoding = (typeof ENCODINGS)[number]

/** The type of a compressed copy is its original's (the static server would call it application/gzip). */
const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm"
}

/**
 * Every served file (its URL path) with the compressed copies the build wrote beside it. Read once at
 * start: the build does not change under a running server.
 */
const compressedCopies = (root: string): Map<string, ReadonlyArray<Encoding>> => {
  const found = new Map<string, Array<Encoding>>()
  const walk = (dir: string, prefix: string) => {
    let entries: Array<Dirent> = []
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`)
      else if (entry.isFile())
        for (const encoding of ENCODINGS) {
          if (!entry.name.endsWith(encoding.suffix)) continue
          const original = entry.name.slice(0, -encoding.suffix.length)
          if (!contentTypes[extname(original)] || !existsSync(join(dir, original))) continue
          found.set(`${prefix}${original}`, [...(found.get(`${prefix}${original}`) ?? []), encoding])
        }
    }
  }
  walk(root, "/")
  for (const list of found.values()) list.sort((a, b) => ENCODINGS.indexOf(a) - ENCODINGS.indexOf(b))
  return found
}

/** The encodings an Accept-Encoding header allows: a name (or `*`) with a q-value above zero. */
export const acceptedEncodings = (header: string | undefined): ReadonlySet<string> => {
  const accepted = new Set<string>()
  const refused = new Set<string>()
  let star = false
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";")
    if (name === "") continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    const allowed = Number.isFinite(weight) && weight > 0
    if (name === "*") star = allowed
    else if (allowed) accepted.add(name)
    else refused.add(name)
  }
  if (star) for (const { name } of ENCODINGS) if (!refused.has(name)) accepted.add(name)
  return accepted
}

interface ManifestChunk {
  readonly file: string
  readonly src?: string
}

const readManifest = (dir: string): Record<string, ManifestChunk> => {
  const file = join(dir, ".vite", "manifest.json")
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>) : {}
}

/** The path decoded as the file server will read it; undefined when it does not decode. */
const decodedPath = (pathname: string): string | undefined => {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return undefined
  }
}

const notBuilt = HttpServerResponse.text("The SPA is not built yet: run `npm run build` (npm start does it for you).", {
  status: 503
})

export const SpaRoutes = (config: Pick<Config, "staticDir">) =>
  Layer.unwrap(
    Effect.gen(function* () {
      const manifest = readManifest(config.staticDir)
      const indexFile = join(config.staticDir, "index.html")
      const index = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined
      // index.html and the copies the build compressed of it, held in memory: every page answers with it.
      const indexCopies = ENCODINGS.flatMap((encoding) => {
        const file = `${indexFile}${encoding.suffix}`
        return index !== undefined && existsSync(file) ? [{ encoding, bytes: new Uint8Array(readFileSync(file)) }] : []
      })
      const html = (status: number, acceptEncoding?: string) => {
        if (index === undefined) return notBuilt
        const headers = { "cache-control": "no-cache", ...(indexCopies.length > 0 ? { vary: "Accept-Encoding" } : {}) }
        const accepted = acceptedEncodings(acceptEncoding)
        const copy = indexCopies.find(({ encoding }) => accepted.has(encoding.name))
        return copy === undefined
          ? HttpServerResponse.text(index, { status, contentType: "text/html; charset=utf-8", headers })
          : HttpServerResponse.uint8Array(copy.bytes, {
              status,
              contentType: "text/html; charset=utf-8",
              headers: { ...headers, "content-encoding": copy.encoding.name }
            })
      }
      const files = yield* HttpStaticServer.make({ root: config.staticDir, cacheControl: "public, max-age=31536000, immutable" })
      const copies = compressedCopies(config.staticDir)
      const notFound = () => Effect.succeed(HttpServerResponse.text("Not found", { status: 404 }))

      /** A file, in the best encoding the browser accepts that the build wrote. */
      const serveFile = (request: HttpServerRequest.HttpServerRequest, url: URL, decoded: string) => {
        const available = copies.get(decoded)
        if (available === undefined) return files.pipe(Effect.catch(notFound))
        const accepted = acceptedEncodings(request.headers["accept-encoding"])
        const chosen = available.find((encoding) => accepted.has(encoding.name))
        const vary = (response: HttpServerResponse.HttpServerResponse) => HttpServerResponse.setHeader(response, "Vary", "Accept-Encoding")
        if (chosen === undefined) return files.pipe(Effect.map(vary), Effect.catch(notFound))
        const copy = HttpServerRequest.HttpServerRequest.context(request.modify({ url: `${url.pathname}${chosen.suffix}${url.search}` }))
        return files.pipe(
          Effect.provide(copy),
          Effect.map((response) =>
            response.status >= 300
              ? vary(response)
              : HttpServerResponse.setHeaders(response, {
                  "Content-Encoding": chosen.name,
                  "Content-Type": contentTypes[extname(decoded)] ?? "application/octet-stream",
                  Vary: "Accept-Encoding"
                })
          ),
          Effect.catch(notFound)
        )
      }

      /**
       * The page in the language the visitor chose, decided on this first answer: an unprefixed page
       * with `lang=id` goes to its /id form; an /id page sets `lang=id`.
       */
      const page = (request: HttpServerRequest.HttpServerRequest, url: URL, status: number) => {
        const { locale, path } = splitLocale(url.pathname)
        const remembered = readLanguageCookie(request.headers.cookie ?? "")
        if (locale === "en" && remembered === "id") {
          const target = path === "/" ? LOCALE_PREFIX : `${LOCALE_PREFIX}${path}`
          return HttpServerResponse.redirect(`${target}${url.search}`, {
            status: 302,
            headers: { "cache-control": "no-store", vary: "Cookie" }
          })
        }
        const answer = html(status, request.headers["accept-encoding"])
        return locale === "id" && remembered !== "id" ? HttpServerResponse.setHeader(answer, "Set-Cookie", languageCookie("id")) : answer
      }

      const chunkOf = (page: string): string | undefined => manifest[`src/views/pages/${page}.tsx`]?.file

      const handler = Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const url = new URL(request.url, "http://localhost")
        // An API path no route took (an unknown id shape, an empty segment) is the API's 404, not a page.
        if (url.pathname.startsWith("/v2/") || url.pathname.startsWith("/apps/"))
          return HttpServerResponse.jsonUnsafe({ _tag: "NotFound", message: "Not found." }, { status: 404 })
        const { path } = splitLocale(url.pathname)
        if (path.endsWith("/script")) {
          const page = matchRoute(path.slice(0, -"/script".length) || "/")
          const chunk = page && chunkOf(page.page)
          if (!chunk) return HttpServerResponse.text("No script for this route.", { status: 404 })
          return HttpServerResponse.redirect(`/${chunk}`, { status: 302 })
        }
        if (matchRoute(path) || redirects[path.replace(/\/$/, "")]) return page(request, url, 200)
        const looksLikeFile = /\.[a-z0-9]+$/i.test(url.pathname)
        // Build bookkeeping (Vite's .vite/manifest.json) and any other dot-path is not the SPA's to serve,
        // however it is spelled: the file server decodes the path, so "%2Evite" must count as ".vite".
        const decoded = decodedPath(url.pathname)
        const hidden = decoded === undefined || decoded.split("/").some((segment) => segment.startsWith("."))
        if (looksLikeFile && hidden) return HttpServerResponse.text("Not found", { status: 404 })
        if (looksLikeFile && decoded !== undefined) return yield* serveFile(request, url, decoded)
        return html(404, request.headers["accept-encoding"])
      })
      return HttpRouter.add("GET", "/*", handler)
    })
  )
