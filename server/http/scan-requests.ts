// /v2/slides/request-scan and the catalogue lists: sending a request (anyone), the catalogue (anyone),
// one's own requests (signed in), every request and its state (staff: the StaffOnly middleware).
import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import type { Locale } from "../../src/contract/auth.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { SCAN_REQUESTS_PAGE_SIZE } from "../../src/contract/scan-requests.ts"
import { Viewer } from "../../src/contract/viewer.ts"
import { autoTagEntries } from "../domain/auto-tags.ts"
import { type CatalogueEntry, named, sections, stains, tags } from "../domain/scan-catalogue.ts"
import { scanRequestMessages } from "../domain/scan-request-messages.ts"
import { AppConfig } from "../services/platform/AppConfig.ts"
import { ScanRequests } from "../services/scan-requests/ScanRequests.ts"
import { clientInfo, cookieLocale } from "./client-info.ts"
import { ok, page } from "./envelope.ts"
import { requirePaging } from "./paging.ts"

/** The language names are given in: the query's, else the page's (the `lang` cookie). */
const localeOf = (query: { readonly locale?: Locale | undefined }) =>
  query.locale === undefined ? Effect.map(HttpServerRequest.HttpServerRequest, cookieLocale) : Effect.succeed(query.locale)

const catalogue = (entries: ReadonlyArray<CatalogueEntry>) => (input: { readonly query: { readonly locale?: Locale | undefined } }) =>
  Effect.map(localeOf(input.query), (locale) => ok(named(entries, locale)))

const listedTags = [...tags, ...autoTagEntries]

export const ScanRequestsPublicLive = HttpApiBuilder.group(
  Api,
  "scanRequestsPublic",
  Effect.fn(function* (handlers) {
    const config = yield* AppConfig
    const requests = yield* ScanRequests
    const client = clientInfo(config.trustProxy)

    return (
      handlers
        .handle("submit", ({ payload }) =>
          Effect.gen(function* () {
            const viewer = yield* Viewer
            const sent = yield* requests.submit(viewer.user, payload, yield* client)
            return ok(sent, scanRequestMessages.sent)
          })
        )
        .handle("sections", catalogue(sections))
        .handle("stains", catalogue(stains))
        // The organ tags a request or a person files a slide under, then auto tagging's vocabulary.
        .handle("tags", catalogue(listedTags))
    )
  })
)

export const ScanRequestsLive = HttpApiBuilder.group(
  Api,
  "scanRequests",
  Effect.fn(function* (handlers) {
    const requests = yield* ScanRequests

    return handlers
      .handle("mine", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, SCAN_REQUESTS_PAGE_SIZE)
          const { results, count } = yield* requests.mine((yield* CurrentUser).id, paging, yield* localeOf(query))
          return ok(page(results, count, paging))
        })
      )
      .handle("all", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, SCAN_REQUESTS_PAGE_SIZE)
          const { results, count } = yield* requests.all(paging, yield* localeOf(query), query.state)
          return ok(page(results, count, paging))
        })
      )
      .handle("advance", ({ params, payload }) =>
        Effect.gen(function* () {
          const locale = yield* localeOf({})
          const moved = yield* requests.advance((yield* CurrentUser).id, params.id, payload, locale)
          return ok(moved, scanRequestMessages.moved(moved.state))
        })
      )
  })
)
