import { describe, expect, it } from "vitest"
import { type Editor, GROUP_MOVE_LIMIT, groupToMove, mayEditShape, mayReshapeShape, selectionDeletion } from "./edit-rules.ts"
import type { Shape } from "./store/shape.ts"

const shape = (id: string, mine: boolean, locked = false) =>
  ({
    id,
    version: 1,
    author: { id: mine ? "me" : "other", name: "", email: "" },
    ...(locked ? { props: { locked: true } } : {})
  }) as unknown as Shape
const draft = { id: "d", version: 0, author: null } as unknown as Shape

const reviewer: Editor = { canEdit: true, role: "reviewer", me: "me" }
const admin: Editor = { canEdit: true, role: "admin", me: "me" }
const visitor: Editor = { canEdit: false, role: null, me: "me" }

describe("who may change a shape", () => {
  it("a reviewer their own and their drafts; an admin anyone's; a visitor nothing", () => {
    expect(mayEditShape(reviewer, shape("a", true))).toBe(true)
    expect(mayEditShape(reviewer, shape("b", false))).toBe(false)
    expect(mayEditShape(reviewer, draft)).toBe(true)
    expect(mayEditShape(admin, shape("b", false))).toBe(true)
    expect(mayEditShape(visitor, shape("a", true))).toBe(false)
    expect(mayEditShape(visitor, draft)).toBe(false)
  })
  it("an analysis' detection by no one, not even its slide's owner (the server refuses it too)", () => {
    const nucleus = { ...shape("n", true, true), detection: true } as Shape
    expect(mayEditShape({ canEdit: true, role: "owner", me: "me" }, nucleus)).toBe(false)
    expect(mayReshapeShape(admin, nucleus)).toBe(false)
  })
  it("a locked shape may be edited (its lock, its name) but not reshaped", () => {
    expect(mayEditShape(admin, shape("a", true, true))).toBe(true)
    expect(mayReshapeShape(admin, shape("a", true, true))).toBe(false)
    expect(mayReshapeShape(admin, shape("a", true))).toBe(true)
  })
})

describe("what a drag moves together", () => {
  const shapes = new Map([shape("a", true), shape("b", true), shape("c", false)].map((s) => [s.id, s]))
  const get = (id: string) => shapes.get(id)
  const mine = (s: Shape) => mayReshapeShape(reviewer, s)
  it("the whole selection when the press is on one of several, all the user's", () => {
    expect(groupToMove(new Set(["a", "b"]), "a", get, mine)).toEqual(["a", "b"])
  })
  it("nothing for one shape, a press elsewhere, a shape of someone else's, or more than the limit", () => {
    expect(groupToMove(new Set(["a"]), "a", get, mine)).toBeNull()
    expect(groupToMove(new Set(["a", "b"]), "c", get, mine)).toBeNull()
    expect(groupToMove(new Set(["a", "b"]), null, get, mine)).toBeNull()
    expect(groupToMove(new Set(["a", "c"]), "a", get, mine)).toBeNull()
    const many = new Set(Array.from({ length: GROUP_MOVE_LIMIT + 1 }, (_, i) => `s${i}`))
    expect(groupToMove(many, "s0", () => shape("x", true), mine)).toBeNull()
    many.delete("s1")
    expect(groupToMove(many, "s0", () => shape("x", true), mine)).toHaveLength(GROUP_MOVE_LIMIT)
  })
})

describe("what a Delete of the selection takes", () => {
  it("the user's unlocked shapes; locked ones and others' shapes stay, each counted", () => {
    const shapes = new Map([shape("a", true), shape("b", true, true), shape("c", false), shape("d", false, true)].map((s) => [s.id, s]))
    const mayEdit = (s: Shape) => s.author?.id === "me"
    expect(selectionDeletion(["a", "b", "c", "d", "gone"], (id) => shapes.get(id), mayEdit)).toEqual({ ids: ["a"], kept: 2, locked: 1 })
  })
})
