import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { type Arrival, modelFor } from "../../testing/modelHarness.ts"
import { type CompareEvent, compareMachine, idsOf, MAX_COMPARED } from "./compare.machine.ts"

const shifted = { dx: 30, dy: -10, zoomRatio: 1, rotation: 0 }

type Snapshot = ReturnType<typeof compareMachine.transition>

/**
 * The rules of every state: never more than four slides, each once; an add of a new slide with room
 * puts it last, one beyond the fourth is refused and counted, one already there changes nothing; a
 * removal takes that slide and its offset away; sync turned back on keeps the offsets it was given.
 */
const rules = (actual: Snapshot, _calls: unknown, { via, event, before }: Arrival<typeof compareMachine>) => {
  const { ids, offsets, refusals } = actual.context
  expect(ids.length).toBeLessThanOrEqual(MAX_COMPARED)
  expect(new Set(ids).size).toBe(ids.length)
  for (const id of Object.keys(offsets)) expect(ids).toContain(id)
  if (before === undefined || event === undefined) return
  if (event.type === "compare.add") {
    const had = before.context.ids
    if (had.includes(event.id)) {
      expect(ids).toEqual(had)
      expect(refusals).toBe(before.context.refusals)
    } else if (had.length < MAX_COMPARED) {
      expect(ids).toEqual([...had, event.id])
      // The picker has done its work.
      expect(actual.hasTag("picking")).toBe(false)
    } else {
      expect(ids).toEqual(had)
      expect(refusals).toBe(before.context.refusals + 1)
      expect(actual.hasTag("picking")).toBe(before.hasTag("picking"))
    }
  }
  if (event.type === "compare.remove") {
    expect(ids).toEqual(before.context.ids.filter((id) => id !== event.id))
    expect(offsets[event.id]).toBeUndefined()
  }
  if (via === "sync on" && !before.hasTag("synced")) expect(offsets).toEqual(ids.includes("a") ? { a: shifted } : {})
  if (via === "sync off") expect(offsets).toEqual(before.context.offsets)
}

const model = modelFor({
  machine: compareMachine,
  promiseActors: [],
  input: { ids: ["a", "b"] },
  events: {
    "add c": { type: "compare.add", id: "c" },
    "add d": { type: "compare.add", id: "d" },
    "add e": { type: "compare.add", id: "e" },
    "add a again": { type: "compare.add", id: "a" },
    "remove a": { type: "compare.remove", id: "a" },
    "sync on": { type: "compare.sync.on", offsets: { a: shifted } },
    "sync off": { type: "compare.sync.off" },
    "open the picker": { type: "compare.picker.open" },
    "close the picker": { type: "compare.picker.close" }
  } as unknown as Readonly<Record<string, CompareEvent>>,
  distinguish: ({ value, context }) => ({
    value,
    shown: context.ids.length,
    full: context.ids.length >= MAX_COMPARED,
    refused: context.refusals > 0,
    a: context.ids.includes("a")
  }),
  states: {
    "sync.on": (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.hasTag("synced")).toBe(true)
    },
    "sync.off": (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.hasTag("synced")).toBe(false)
    },
    "picker.closed": (actual) => expect(actual.hasTag("picking")).toBe(false),
    "picker.open": (actual) => expect(actual.hasTag("picking")).toBe(true)
  }
})

describe("compare model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 30_000)
})

describe("compare scenarios", () => {
  it("an address naming five slides opens the first four and says the fifth was refused", () => {
    const actor = createActor(compareMachine, { input: { ids: ["a", "b", "c", "d", "e"] } }).start()
    expect(actor.getSnapshot().context).toMatchObject({ ids: ["a", "b", "c", "d"], refusals: 1 })
  })

  it("reads an address's ids once each, without empty parts", () => {
    expect(idsOf(["a", " b", "", "a", "c "])).toEqual(["a", "b", "c"])
  })
})
