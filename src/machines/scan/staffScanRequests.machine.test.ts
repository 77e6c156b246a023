import { describe, expect, it } from "vitest"
import { Conflict, Forbidden } from "../../effects/ApiError.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { scanRequest } from "../../testing/scanRequestFixtures.ts"
import { type StaffScanRequestsEvent, staffScanRequestsMachine } from "./staffScanRequests.machine.ts"

// One request in each state that has a next one, and one whose slides stay (nothing after uploaded).
const received = scanRequest("a")
const scanning = scanRequest("b", { state: "scanning", return_slides: true, return_address: "Jl. Salemba 6" })
const kept = scanRequest("c", { state: "uploaded", folder_name: "Liver May" })
const page = { results: [received, scanning, kept], meta: { count: 4, current_page: 1, next_page: 2 } }
const more = {
  results: [scanRequest("d", { state: "returned", return_slides: true })],
  meta: { count: 4, current_page: 2, next_page: null }
}
const conflict = new Conflict({ message: "Someone else changed this scan request meanwhile; reload to see its state." })

const model = modelFor({
  machine: staffScanRequestsMachine,
  promiseActors: ["load", "advance"],
  input: { locale: "en" },
  events: {
    listed: { type: "xstate.done.actor.load", output: page },
    "listed the rest": { type: "xstate.done.actor.load", output: more },
    "not staff": { type: "xstate.error.actor.load", error: new Forbidden({ message: "Only staff." }) },
    "list failed": { type: "xstate.error.actor.load", error: serverDown },
    "only scanning": { type: "staff.filter", state: "scanning" },
    everything: { type: "staff.filter", state: null },
    "start scanning a": { type: "staff.advance", id: "a" },
    "upload b without a folder": { type: "staff.advance", id: "b", folderName: "  " },
    "upload b": { type: "staff.advance", id: "b", folderName: " Breast IDC " },
    "return c": { type: "staff.advance", id: "c" },
    moved: { type: "xstate.done.actor.advance", output: { ...received, state: "scanning" } },
    "moved meanwhile": { type: "xstate.error.actor.advance", error: conflict },
    "change refused": { type: "xstate.error.actor.advance", error: new Forbidden({ message: "Only staff." }) },
    "change failed": { type: "xstate.error.actor.advance", error: serverDown }
  } as unknown as Record<string, StaffScanRequestsEvent>,
  distinguish: ({ value, context }) => ({
    value,
    listed: context.results.map((r) => r.id).join(),
    more: context.meta?.next_page != null,
    folder: Object.keys(context.fields).length > 0
  }),
  stopWhen: (s) => s.context.results.length > 4,
  states: {
    loading: (actual, calls, { via, before }) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "load", input: { page: 1, locale: "en", state: actual.context.filter } })
      if (via === "only scanning") expect(actual.context.filter).toBe("scanning")
      if (via === "everything") expect(actual.context.filter).toBeNull()
      if (via === "moved meanwhile") {
        expect(actual.context.changeError).toEqual({ text: conflict.message })
        expect(actual.context.moving).toBeNull()
      }
      if (via === "only scanning" || via === "everything") expect(actual.context.results).toEqual([])
      else if (before !== undefined && via !== "staff.retry") expect(actual.context.filter).toBe(before.context.filter)
    },
    loadingMore: (_actual, calls, { before }) =>
      expect(calls.at(-1)?.input).toEqual({ page: before?.context.meta?.next_page, locale: "en", state: before?.context.filter }),
    advancing: (actual, calls, { via }) => {
      expect(actual.hasTag("busy")).toBe(true)
      const asked = calls.at(-1)
      expect(asked?.src).toBe("advance")
      // Only the next state, and the folder (trimmed) only for an upload.
      if (via === "start scanning a") expect(asked?.input).toEqual({ id: "a", state: "scanning", folderName: undefined })
      if (via === "upload b") expect(asked?.input).toEqual({ id: "b", state: "uploaded", folderName: "Breast IDC" })
      // An upload is never asked for without its folder; a request with nothing after it never at all.
      expect(via).not.toBe("upload b without a folder")
      expect(via).not.toBe("return c")
      const input = asked?.input as { state: string; folderName?: string }
      if (input.state === "uploaded") expect(input.folderName?.trim()).toBeTruthy()
      expect(actual.context.moving).toBe((asked?.input as { id: string } | undefined)?.id)
    },
    ready: (actual, calls, { via, callsBefore }) => {
      expect(actual.hasTag("busy")).toBe(false)
      if (via === "upload b without a folder") {
        expect(actual.context.fields).toEqual({ folder_name: [{ key: "validation.folderName" }] })
        expect(calls).toHaveLength(callsBefore)
      }
      // A request with nothing after its state is not sent anywhere.
      if (via === "return c") expect(calls).toHaveLength(callsBefore)
      if (via === "moved") {
        expect(actual.context.results.find((r) => r.id === "a")?.state).toBe("scanning")
        expect(actual.context.moved).toEqual({ reference: received.reference, state: "scanning" })
      }
      if (via === "change failed") {
        expect(actual.context.changeError).toEqual({ key: "errors.serverError" })
        expect(actual.context.moving).toBeNull()
      }
      if (via === "list failed") expect(actual.context.error).toEqual({ key: "errors.serverError" })
      if (via === "listed" || via === "listed the rest") expect(actual.context.error).toBeNull()
    },
    failed: (actual) => expect(actual.context.error).toEqual({ key: "errors.serverError" }),
    forbidden: (actual) => expect(actual.status).toBe("done")
  }
})

describe("staff scan requests model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("staff scan requests scenarios", () => {
  it("uploads with the folder named, and a request that stays ends at uploaded", async () => {
    const run = drive(staffScanRequestsMachine, ["load", "advance"], { input: { locale: "en" } })
    await run.succeed("load", page)
    await run.send({ type: "staff.advance", id: "c" })
    expect(run.isRunning("advance")).toBe(false)
    await run.send({ type: "staff.advance", id: "b", folderName: "Breast" })
    expect(run.lastInput("advance")).toEqual({ id: "b", state: "uploaded", folderName: "Breast" })
    await run.succeed("advance", { ...scanning, state: "uploaded", folder_name: "Breast" })
    expect(run.actor.getSnapshot().context.results.find((r) => r.id === "b")).toMatchObject({ state: "uploaded", folder_name: "Breast" })
  })
})
