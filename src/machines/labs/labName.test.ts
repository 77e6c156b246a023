import { describe, expect, it } from "vitest"
import { LAB_NAME_MAX } from "../../contract/labs.ts"
import { labNameProblems } from "./labName.ts"

describe("labNameProblems", () => {
  it("a folder needs a name (the spec's 'Folder name is required.'), a file just a name", () => {
    expect(labNameProblems("  ", true)).toEqual({ name: [{ key: "validation.folderName" }] })
    expect(labNameProblems("", false)).toEqual({ name: [{ key: "validation.required" }] })
  })

  it("refuses names longer than the server takes, and slashes", () => {
    expect(labNameProblems("x".repeat(LAB_NAME_MAX + 1), true)).toEqual({
      name: [{ key: "labs.validation.nameTooLong", params: { max: LAB_NAME_MAX } }]
    })
    expect(labNameProblems("a/b", true)).toEqual({ name: [{ key: "labs.validation.nameSlash" }] })
  })

  it("accepts a name with spaces around it (they are trimmed when sent)", () => {
    expect(labNameProblems(" Biopsies ", true)).toBeNull()
  })
})
