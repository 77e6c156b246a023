import { describe, expect, it } from "vitest"
import { provenanceOf } from "./provenance.ts"

describe("where an imported annotation came from", () => {
  it("says who drew it and when, in the reader's language", () => {
    const en = provenanceOf({ creator: { name: "Dr. Sari" }, created: "2024-05-01" }, "en")
    expect(en).toEqual({ by: "Dr. Sari", on: "May 1, 2024" })
    expect(provenanceOf({ created: "2024-05-01" }, "id")?.on).toBe("1 Mei 2024")
    expect(provenanceOf({ creator: { id: "https://orcid.org/0000" } }, "en")).toEqual({ by: "https://orcid.org/0000", on: null })
    expect(provenanceOf({ created: "2024-05-01T10:00:00Z" }, "en")?.on).toMatch(/^May 1, 2024/)
  })

  it("says nothing when the file said neither", () => {
    expect(provenanceOf(undefined, "en")).toBeNull()
    expect(provenanceOf({ name: "Region A" }, "en")).toBeNull()
  })
})
