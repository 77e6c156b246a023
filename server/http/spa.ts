// Serves the built SPA. Known pages get index.html (200), unknown extension-less paths get it with
// 404 so crawlers and monitors see the truth, and every page has a `/script` companion that answers
// with the page's own code chunk (found through Vite's manifest), e.g. to preload it.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse, HttpStaticServer } from "effect/http"
import { matchRoute, redirects, splitLocale } from "../../src/views/route-table.ts"
import type { Config } from "../config.ts"

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
      const html = (status: number) =>
        index === undefined
          ? notBuilt
          : HttpServerResponse.text(index, { status, contentType: "text/html; charset=utf-8", headers: { "cache-control": "no-cache" } })
      const files = yield* HttpStaticServer.make({ root: config.staticDir, cacheControl: "public, max-age=31536000, immutable" })

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
        if (matchRoute(path) || redirects[path.replace(/\/$/, "")]) return html(200)
        const looksLikeFile = /\.[a-z0-9]+$/i.test(url.pathname)
        // Build bookkeeping (Vite's .vite/manifest.json) and any other dot-path is not the SPA's to serve,
        // however it is spelled: the file server decodes the path, so "%2Evite" must count as ".vite".
        const decoded = decodedPath(url.pathname)
        const hidden = decoded === undefined || decoded.split("/").some((segment) => segment.startsWith("."))
        if (looksLikeFile && hidden) return HttpServerResponse.text("Not found", { status: 404 })
        if (looksLikeFile)
          return yield* files.pipe(Effect.catch(() => Effect.succeed(HttpServerResponse.text("Not found", { status: 404 }))))
        return html(404)
      })
      return HttpRouter.add("GET", "/*", handler)
    })
  )
