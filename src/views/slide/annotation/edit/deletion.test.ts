import { describe, expect, it } from "vitest"
import type { Shape } from "../../../../annotation/store/shape.ts"
import { selectionDeletion } from "./deletion.ts"

const shape = (id: string, mine: boolean, locked = false) =>
  ({ id, author: { id: mine ? "me" : "other", name: "", email: "" }, ...(locked ? { props: { locked: true } } : {}) }) as unknown as Shape

describe("what a Delete of the selection takes", () => {
  it("the user's unlocked shapes; locked ones and others' shapes stay, each counted", () => {
    const shapes = new Map([shape("a", true), shape("b", true, true), shape("c", false), shape("d", false, true)].map((s) => [s.id, s]))
    const mayEdit = (s: Shape) => s.author?.id === "me"
    expect(selectionDeletion(["a", "b", "c", "d", "gone"], (id) => shapes.get(id), mayEdit)).toEqual({ ids: ["a"], kept: 2, locked: 1 })
  })
})
