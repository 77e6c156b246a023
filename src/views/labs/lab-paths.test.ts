import { describe, expect, it } from "vitest"
import { folderIdOf, labLink, labPath, searchPath } from "./lab-paths.ts"
import { selectModeOf } from "./item-events.ts"

describe("lab paths", () => {
  it("opens a folder as a folder page and a slide in the viewer", () => {
    expect(labPath({ id: "f1", is_dir: true })).toBe("/dashboard/labs/f1")
    expect(labPath({ id: "s1", is_dir: false })).toBe("/dashboard/labs/s1/annotations")
    expect(labLink({ id: "f1", is_dir: true }, "https://preparat.example")).toBe("https://preparat.example/dashboard/labs/f1")
  })

  it("reads the folder of the catch-all route from its last segment", () => {
    expect(folderIdOf(undefined)).toBeNull()
    expect(folderIdOf("")).toBeNull()
    expect(folderIdOf("f1")).toBe("f1")
    expect(folderIdOf("f1/f2/")).toBe("f2")
  })

  it("puts the query of a search in the URL, encoded", () => {
    expect(searchPath("H&E 2025")).toBe("/dashboard/labs?search=H%26E%202025")
  })
})

describe("selectModeOf", () => {
  it("click selects one, Ctrl or Cmd toggles, Shift extends", () => {
    expect(selectModeOf({ ctrlKey: false, metaKey: false, shiftKey: false })).toBe("only")
    expect(selectModeOf({ ctrlKey: true, metaKey: false, shiftKey: false })).toBe("toggle")
    expect(selectModeOf({ ctrlKey: false, metaKey: true, shiftKey: false })).toBe("toggle")
    expect(selectModeOf({ ctrlKey: false, metaKey: false, shiftKey: true })).toBe("range")
  })
})
