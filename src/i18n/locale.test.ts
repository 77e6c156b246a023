import { describe, expect, it } from "vitest"
import { languageCookie, pathInLocale, readLanguageCookie } from "./locale.ts"

describe("locale paths", () => {
  it("moves a page between English (no prefix) and Indonesian (/id)", () => {
    expect(pathInLocale("/login", "id")).toBe("/id/login")
    expect(pathInLocale("/id/login", "en")).toBe("/login")
    expect(pathInLocale("/", "id")).toBe("/id")
    expect(pathInLocale("/id", "en")).toBe("/")
    expect(pathInLocale("/id/dashboard/labs", "id")).toBe("/id/dashboard/labs")
  })
  it("does not mistake a path that merely starts with 'id' for the prefix", () => {
    expect(pathInLocale("/identity", "id")).toBe("/id/identity")
  })
})

describe("language cookie", () => {
  it("lasts 365 days on the whole site", () => {
    expect(languageCookie("id")).toBe("lang=id; Max-Age=31536000; Path=/; SameSite=Lax")
  })
  it("is read back, ignoring other cookies and unknown values", () => {
    expect(readLanguageCookie("a=1; lang=id; b=2")).toBe("id")
    expect(readLanguageCookie("lang=fr")).toBeUndefined()
    expect(readLanguageCookie("")).toBeUndefined()
  })
})
