// The wand: its model paths, and the tolerance a sideways drag makes.
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { toolsMachine } from "../tools.machine.ts"
import { input } from "./testing/fixtures.ts"
import { pathsOf } from "./testing/model.ts"
import { TOLERANCE_DEAD_PX, TOLERANCE_PER_PX } from "./wand.ts"

describe("wand tool model", () => {
  const paths = pathsOf("wand")
  it("walks paths that end in the wand tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

describe("the wand's tolerance drag", () => {
  const pressed = () => {
    const actor = createActor(toolsMachine, { input }).start()
    actor.send({ type: "tool.choose", tool: "wand" })
    actor.send({ type: "pointer.down", hit: null, x: 100, y: 100, scale: 0.25, screenX: 500 })
    return actor
  }

  it("reads the drag on the page, not in image pixels (a rotated or zoomed view drags the same)", () => {
    const actor = pressed()
    const start = actor.getSnapshot().context.tolerance
    // 40 page px right is 160 image px at this zoom; the tolerance follows the page.
    actor.send({ type: "pointer.move", x: 260, y: 100, scale: 0.25, screenX: 540 })
    expect(actor.getSnapshot().context.tolerance).toBe(start + (40 - TOLERANCE_DEAD_PX) * TOLERANCE_PER_PX)
    actor.send({ type: "pointer.move", x: 20, y: 100, scale: 0.25, screenX: 470 })
    expect(actor.getSnapshot().context.tolerance).toBe(Math.round(start - (30 - TOLERANCE_DEAD_PX) * TOLERANCE_PER_PX))
    actor.send({ type: "pointer.move", x: 20, y: 100, scale: 0.25, screenX: -1000 })
    expect(actor.getSnapshot().context.tolerance).toBe(0)
  })

  it("saves the region at the tolerance the drag ended on, and keeps that tolerance for the next click", () => {
    const actor = pressed()
    actor.send({ type: "pointer.move", x: 100, y: 100, scale: 0.25, screenX: 560 })
    actor.send({ type: "pointer.up", x: 100, y: 100, scale: 0.25, screenX: 560 })
    const { queue, tolerance } = actor.getSnapshot().context
    expect(tolerance).toBeGreaterThanOrEqual(38)
    expect(queue.at(-1)?.kind).toBe("area")
  })
})
