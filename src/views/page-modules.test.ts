// Every page the route table names must exist as src/views/pages/<page>.tsx: the router lazy-loads it
// and the server looks its chunk up by that path in Vite's manifest.
import { describe, expect, it } from "vitest"
import { availablePages } from "./page-modules.ts"
import { routeTable } from "../contract/routes.ts"

describe("page modules", () => {
  it("has a module for every page in the route table", () => {
    const missing = [...new Set(routeTable.map((e) => e.page))].filter((page) => !availablePages().includes(page))
    expect(missing).toEqual([])
  })
})
