// Binary answers behind the session (invoice and receipt PDFs, a transfer proof): the path from the
// contract, the bearer token sent, the body kept as bytes, a refusal typed by its status; and the
// rupiah amounts as each language writes them, the unique code apart.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { Api } from "../../src/effects/Api.ts"
import { downloadInvoiceFile } from "../../src/effects/billing/billing.ts"
import { TokenStore } from "../../src/effects/TokenStore.ts"
import { codeText, formatIdr, splitAmount } from "../../src/views/billing/format.ts"

const pdfBytes = new TextEncoder().encode("%PDF-1.7\n%\xff\n")

const serve = (answer: (path: string, auth: string | null) => Response) => {
  const seen: Array<{ path: string; auth: string | null }> = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url)
    const auth = new Headers(init?.headers).get("authorization")
    seen.push({ path: url.pathname, auth })
    return answer(url.pathname, auth)
  }) as typeof globalThis.fetch
  const layer = Api.layer({ baseURL: "http://api.test", fetch }).pipe(
    Layer.provideMerge(TokenStore.memory({ access: "a1", refresh: "r1" }))
  )
  return { seen, layer }
}

describe("downloads", () => {
  it.effect("fetches the invoice PDF with the session and keeps its bytes", () =>
    Effect.gen(function* () {
      const server = serve(() => new Response(pdfBytes, { status: 200, headers: { "content-type": "application/pdf" } }))
      const file = yield* downloadInvoiceFile({ id: "in v", number: "INV-2026-000007", which: "receipt" }).pipe(
        Effect.provide(server.layer)
      )
      expect(server.seen).toEqual([{ path: "/v2/pricing/payments/in%20v/recipt/", auth: "Bearer a1" }])
      expect(file.filename).toBe("INV-2026-000007-receipt.pdf")
      const bytes = new Uint8Array(yield* Effect.promise(() => file.blob.arrayBuffer()))
      expect(bytes).toEqual(pdfBytes)
    })
  )

  it.effect("a receipt asked for before payment fails as the 409 it is", () =>
    Effect.gen(function* () {
      const server = serve(
        () =>
          new Response(JSON.stringify({ status: "error", message: "Not paid yet." }), {
            status: 409,
            headers: { "content-type": "application/json" }
          })
      )
      const exit = yield* downloadInvoiceFile({ id: "i1", number: "INV-1", which: "receipt" }).pipe(
        Effect.provide(server.layer),
        Effect.exit
      )
      expect(Exit.isFailure(exit)).toBe(true)
      expect(JSON.stringify(exit)).toContain("Conflict")
    })
  )
})

describe("rupiah", () => {
  it("writes amounts in each language and sets the unique code apart", () => {
    expect(formatIdr("id", 150_123).replace(/\s/g, " ")).toBe("Rp 150.123")
    expect(formatIdr("en", 150_123).replace(/\s/g, " ")).toBe("IDR 150,123")
    const id = splitAmount("id", 150_123)
    expect(id.tail).toBe("123")
    expect((id.head + id.tail).replace(/\s/g, " ")).toBe("Rp 150.123")
    // A code under 100 is still the last three digits: 45 is "045".
    const en = splitAmount("en", 1_000_045)
    expect([en.head.replace(/\s/g, " "), en.tail]).toEqual(["IDR 1,000,", "045"])
    expect(codeText(45)).toBe("045")
  })
})
