import { describe, expect, it } from "vitest"
import { links, localised, matchRoute, splitLocale } from "./routes.ts"

type Builder = (id: string) => string
const builders = (group: object): ReadonlyArray<Builder> =>
  Object.values(group).flatMap((value) => (typeof value === "function" ? [value as Builder] : builders(value)))

describe("the route links", () => {
  it("every link opens a page of the table", () => {
    for (const build of builders(links)) {
      const path = build("a b/c").split("?")[0]!
      expect(matchRoute(path), path).toBeDefined()
    }
  })

  it("escapes an id into one segment", () => {
    expect(links.folder("a b/c")).toBe("/dashboard/labs/a%20b%2Fc")
    expect(links.slide("x")).toBe("/dashboard/labs/x/annotations")
    expect(links.search("liver & lung")).toBe("/dashboard/labs?search=liver%20%26%20lung")
  })

  it("puts English at / and Indonesian under /id", () => {
    expect(localised(links.pricing(), "en")).toBe("/dashboard/pricing")
    expect(localised(links.pricing(), "id")).toBe("/id/dashboard/pricing")
    expect(localised(links.home(), "id")).toBe("/id")
    expect(splitLocale(localised(links.invoice("i1"), "id"))).toEqual({ locale: "id", path: "/dashboard/invoices/i1" })
  })
})
