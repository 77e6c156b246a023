import { describe, expect, it } from "vitest"
import { menuFor } from "./labMenu.ts"

describe("menuFor", () => {
  it("gives the owner every entry, Delete last", () => {
    expect(menuFor([{ role: "owner", is_favorite: false }])).toEqual([
      "open",
      "rename",
      "move",
      "favorite",
      "info",
      "share",
      "copyLink",
      "delete"
    ])
  })

  it("hides what a reviewer may not do, and offers un-starring a starred lab", () => {
    expect(menuFor([{ role: "reviewer", is_favorite: true }])).toEqual(["open", "unfavorite", "info", "copyLink"])
  })

  it("a stranger on a public lab may open, look and copy its link", () => {
    expect(menuFor([{ role: null, is_favorite: false }])).toEqual(["open", "info", "copyLink"])
  })

  it("a selection offers Info, and Delete when every lab allows it", () => {
    expect(
      menuFor([
        { role: "owner", is_favorite: false },
        { role: "admin", is_favorite: true }
      ])
    ).toEqual(["info", "delete"])
    expect(
      menuFor([
        { role: "owner", is_favorite: false },
        { role: "reviewer", is_favorite: true }
      ])
    ).toEqual(["info"])
  })

  it("a selection of ready slides offers to compare them; one folder or slide not ready among them, not", () => {
    const slide = { role: "owner" as const, is_favorite: false, is_dir: false, status: "ready" }
    expect(menuFor([slide, slide])).toEqual(["info", "compare", "delete"])
    expect(menuFor([slide, { ...slide, status: "processing" }])).toEqual(["info", "delete"])
    expect(menuFor([slide, { ...slide, is_dir: true, status: null }])).toEqual(["info", "delete"])
  })
})
