import { describe, expect, it } from "vitest"
import { messageParts } from "./message-text.ts"
import { insertMention, mentionedIn, mentionQuery, suggestions } from "./mentions.ts"

describe("message text", () => {
  it("makes http and https links clickable and keeps everything else as text", () => {
    expect(messageParts("see https://example.org/a?b=1. and <b>this</b>")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", href: "https://example.org/a?b=1", text: "https://example.org/a?b=1" },
      { kind: "text", text: ". and <b>this</b>" }
    ])
  })
  it("interprets no other scheme", () => {
    expect(messageParts("javascript:alert(1) ftp://x")).toEqual([{ kind: "text", text: "javascript:alert(1) ftp://x" }])
  })
  it("keeps a bracket the link opened and drops one the sentence opened", () => {
    expect(messageParts("(https://en.wikipedia.org/wiki/Mitosis_(biology))").map((p) => p.text)).toEqual([
      "(",
      "https://en.wikipedia.org/wiki/Mitosis_(biology)",
      ")"
    ])
    expect(messageParts("(http://a.org/x)").map((p) => p.text)).toEqual(["(", "http://a.org/x", ")"])
  })
})

describe("mentions", () => {
  const ana = { userId: "a", name: "Ana Putri", username: "ana", email: "ana@x.org" }
  const budi = { userId: "b", name: "Budi", username: null, email: "budi@x.org" }
  it("finds the word after an @ at the caret, and nothing inside an address", () => {
    expect(mentionQuery("hi @An", 6)).toEqual({ start: 3, query: "An" })
    expect(mentionQuery("@", 1)).toEqual({ start: 0, query: "" })
    expect(mentionQuery("mail ana@x", 10)).toBeNull()
    expect(mentionQuery("hi @Ana there", 13)).toBeNull()
  })
  it("suggests members by name, username or email, never the writer", () => {
    expect(suggestions([ana, budi], "bu", null).map((m) => m.userId)).toEqual(["b"])
    expect(suggestions([ana, budi], "", "a").map((m) => m.userId)).toEqual(["b"])
  })
  it("puts the picked name in place of the query and keeps only mentions still written", () => {
    const picked = insertMention("hi @An look", 6, 3, ana)
    expect(picked).toEqual({ text: "hi @Ana Putri  look", caret: 14 })
    expect(mentionedIn(picked.text, [ana, budi])).toEqual(["a"])
    expect(mentionedIn("hi there", [ana])).toEqual([])
  })
})
