import { describe, expect, it } from "vitest"
import { avatarImage, avatarTint, initialsOf } from "./avatar-rules.ts"

describe("initialsOf", () => {
  it("takes the first letters of the first two words", () => {
    expect(initialsOf("ada lovelace byron")).toBe("AL")
    expect(initialsOf("  Rina   Sari ")).toBe("RS")
  })
  it("uses one letter for a one-word name", () => expect(initialsOf("Budi")).toBe("B"))
  it("says NU without a name", () => {
    expect(initialsOf(null)).toBe("NU")
    expect(initialsOf("   ")).toBe("NU")
  })
})

describe("avatarImage", () => {
  it("treats default.png as no avatar", () => {
    expect(avatarImage("https://cdn.example.com/media/default.png")).toBeNull()
    expect(avatarImage("/media/default.png?v=2")).toBeNull()
  })
  it("keeps real images", () => expect(avatarImage("/media/u/1.jpg")).toBe("/media/u/1.jpg"))
  it("treats empty values as none", () => expect(avatarImage("")).toBeNull())
})

describe("avatarTint", () => {
  it("is stable and in range", () => {
    expect(avatarTint("a@b.c", 6)).toBe(avatarTint("a@b.c", 6))
    expect(avatarTint("x", 6)).toBeLessThan(6)
  })
})
