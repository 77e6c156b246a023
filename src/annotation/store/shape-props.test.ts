// A shape carries its annotation's name, description, lock, creator and created from both reads
// (the W3C list and the compact one) and writes them back in the W3C data it PUTs, so an edit of its
// outline never loses them.
import { describe, expect, it } from "vitest"
import { annotationOf, compactOf, ring } from "../../testing/annotationFixtures.ts"
import { shapeOf, shapesOfCompact, webAnnotationOf, withCoords } from "./shape.ts"

const props = {
  name: "Region A",
  description: "Invasive front",
  locked: true,
  creator: { type: "Person", name: "Dr. Sari" },
  created: "2024-05-01T10:00:00Z"
}
const named = (() => {
  const a = annotationOf("00000000-0000-4000-8000-000000000001", ring(10, 10, 5))
  return { ...a, data: { ...a.data, ...props } }
})()
const plain = annotationOf("00000000-0000-4000-8000-000000000002", ring(50, 50, 5))

const shape = (a: typeof plain) => {
  const parsed = shapeOf(a)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.shape
}

describe("a shape's own name, description and lock", () => {
  it("come from the W3C list and the compact read alike; a shape without them has none", () => {
    expect(shape(named).props).toEqual(props)
    expect(shape(plain).props).toBeUndefined()
    const [a, b] = shapesOfCompact(compactOf([named, plain]))
    expect(a!.props).toEqual(props)
    expect(b!.props).toBeUndefined()
  })

  it("go back in the W3C data of an edit, also when only its outline changed", () => {
    const moved = withCoords(shape(named), [0, 0, 10, 0, 10, 10])
    const data = webAnnotationOf(moved, "slide-1")
    expect(data).toMatchObject(props)
    expect(webAnnotationOf(shape(plain), "slide-1")).not.toHaveProperty("name")
    expect(webAnnotationOf({ ...shape(plain), props: { name: " ", locked: false } }, "slide-1")).not.toHaveProperty("locked")
  })
})
