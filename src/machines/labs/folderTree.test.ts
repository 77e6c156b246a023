import { describe, expect, it } from "vitest"
import { tree } from "../../testing/labFixtures.ts"
import { findFolder, folderAndInside, pathTo, targetProblem } from "./folderTree.ts"

const slides = { id: "f1", is_dir: true, parent: null }
const biopsies = { id: "f2", is_dir: true, parent: "f1" }
const file = { id: "s1", is_dir: false, parent: "f2" }

describe("targetProblem", () => {
  it("refuses where the lab already is", () => {
    expect(targetProblem(tree, slides, null)).toBe("current")
    expect(targetProblem(tree, file, "f2")).toBe("current")
  })

  it("refuses a folder into itself or anything inside it", () => {
    expect(targetProblem(tree, slides, "f1")).toBe("inside")
    expect(targetProblem(tree, slides, "f2")).toBe("inside")
  })

  it("accepts anywhere else, the root included", () => {
    expect(targetProblem(tree, slides, "f3")).toBeUndefined()
    expect(targetProblem(tree, biopsies, null)).toBeUndefined()
    expect(targetProblem(tree, file, "f1")).toBeUndefined()
  })
})

describe("tree helpers", () => {
  it("find a folder, what is inside one, and the way down to one", () => {
    expect(findFolder(tree, "f2")?.name).toBe("Biopsies")
    expect(findFolder(tree, null)?.name).toBe("Root")
    expect([...folderAndInside(tree, "f1")]).toEqual(["f1", "f2"])
    expect(pathTo(tree, "f2")).toEqual(["f1", "f2"])
    expect(pathTo(tree, null)).toEqual([])
  })
})
