import { describe, expect, it } from "vitest"
import { hasProps, isLocked, propsOf, sameProps, withPatch } from "./props.ts"

describe("an annotation's own name, description, lock, creator and created", () => {
  it("keeps only what says something: trimmed texts, a lock that is on, a creator with a name or an id", () => {
    expect(propsOf({ name: "  Region A ", description: " ", locked: false, creator: {}, created: "2024-05-01" })).toEqual({
      name: "Region A",
      created: "2024-05-01"
    })
    expect(propsOf({ locked: true, creator: { id: "https://orcid.org/0000" } })).toEqual({
      locked: true,
      creator: { id: "https://orcid.org/0000" }
    })
    expect(hasProps(propsOf({ name: "", locked: false }))).toBe(false)
    expect(hasProps(undefined)).toBe(false)
  })

  it("a patch lays over them; an emptied name or a lock set off goes", () => {
    const props = { name: "Region A", description: "Front", locked: true }
    expect(withPatch(props, { name: "" })).toEqual({ description: "Front", locked: true })
    expect(withPatch(props, { locked: false })).toEqual({ name: "Region A", description: "Front" })
    expect(withPatch(undefined, { description: "New" })).toEqual({ description: "New" })
  })

  it("compares by what they say, and tells a locked shape", () => {
    expect(sameProps(undefined, { locked: false, name: " " })).toBe(true)
    expect(sameProps({ name: "a" }, { name: "a " })).toBe(true)
    expect(sameProps({ name: "a" }, { name: "b" })).toBe(false)
    expect(sameProps({ creator: { name: "Sari" } }, { creator: { name: "Sari", id: "x" } })).toBe(false)
    expect(isLocked({ props: { locked: true } })).toBe(true)
    expect(isLocked({})).toBe(false)
  })
})
