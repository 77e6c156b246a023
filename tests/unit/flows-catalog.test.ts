// Every machine module under src/machines must reach the flow catalog and the Stately export, found
// by the glob and not by a hand-kept list: a machine added later shows without registration.
import { globSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { describe, expect, it } from "vitest"
import { setup } from "xstate"
import { flowsOf } from "../../src/flows/catalog.ts"
import { formatPaths, pathsOf } from "../../src/flows/paths.ts"
import { exportFiles } from "../../src/flows/stately.ts"
import { modelFor } from "../../src/testing/modelHarness.ts"

const root = resolve(import.meta.dirname, "../..")
const files = globSync("src/machines/**/*.machine.ts", { cwd: root }).map((f) => f.replace(/\\/g, "/"))

/** Names the source declares as `export const x = setup(...)` or `createMachine(...)`. */
const declaredMachines = (file: string): ReadonlyArray<string> =>
  [...readFileSync(join(root, file), "utf8").matchAll(/^export const (\w+)\s*=\s*(?:setup\(|createMachine\()/gm)].map((m) => m[1] ?? "")

const load = async () =>
  flowsOf(
    Object.fromEntries(
      await Promise.all(files.map(async (f) => [f, (await import(pathToFileURL(join(root, f)).href)) as Record<string, unknown>] as const))
    )
  )

describe("flow catalog", () => {
  it("lists and exports every machine declared in src/machines", async () => {
    const flows = await load()
    const exported = new Set(exportFiles(flows).map((f) => f.path))
    const declared = files.flatMap((file) => declaredMachines(file).map((name) => ({ file, name })))
    expect(declared.length).toBeGreaterThan(40)
    for (const { file, name } of declared) {
      const feature = file.replace("src/machines/", "").split("/")[0]
      expect(
        flows.map((f) => `${f.feature}/${f.name}`),
        `${file} ${name}`
      ).toContain(`${feature}/${name}`)
      expect(exported, `${file} ${name}`).toContain(`${feature}/${name}.json`)
      expect(exported, `${file} ${name}`).toContain(`${feature}/${name}.ts`)
    }
    for (const file of files)
      expect(
        flows.some((f) => `src/machines/${f.file}` === file),
        file
      ).toBe(true)
  })

  it("writes each machine as JSON and a createMachine source", async () => {
    const flows = await load()
    const byPath = new Map(exportFiles(flows).map((f) => [f.path, f.contents]))
    expect(flows.find((f) => f.name === "toolsMachine")?.feature).toBe("annotation")
    const json = JSON.parse(byPath.get("annotation/toolsMachine.json") ?? "null") as unknown
    expect(json).toMatchObject({ id: "annotationTools", type: "parallel" })
    expect(byPath.get("annotation/toolsMachine.ts")).toContain('export const machine = createMachine({\n  "id": "annotationTools"')
    const index = JSON.parse(byPath.get("index.json") ?? "[]") as ReadonlyArray<{ id: string }>
    expect(index.map((e) => e.id)).toEqual(flows.map((f) => f.id))
  })

  it("draws the machines' waits as delayed transitions", async () => {
    const { diagramOf } = await import("../../src/flows/mermaid.ts")
    const flows = await load()
    const drawn = (name: string) => {
      const flow = flows.find((f) => f.name === name)
      if (flow === undefined) throw new Error(`${name} missing`)
      return diagramOf(flow.machine).text
    }
    const waits: Record<string, RegExp> = {
      progressBarMachine: /: after 200 ms$/m,
      slideViewerMachine: /: after 15000 ms$/m,
      realtimeMachine: /: after 30000 ms$/m,
      inviteMachine: /: after 250 ms$/m,
      processingMachine: /: after 4000 ms$/m,
      transferMachine: /: after pause \[hasUploadId\]$/m
    }
    for (const [name, wait] of Object.entries(waits)) {
      expect(drawn(name), name).toMatch(wait)
      // No made-up timeout event stands for the wait any more.
      expect(drawn(name), name).not.toMatch(/timeout/)
    }
  })

  it("prints a machine's paths as given/when/then steps", async () => {
    const sidebar = (await load()).find((f) => f.name === "sidebarMachine")
    if (sidebar === undefined) throw new Error("sidebarMachine missing")
    const text = formatPaths(sidebar.name, pathsOf(sidebar.machine))
    expect(text).toContain("Given booting, when sidebar.hydrate, then free.collapsed")
    expect(text).toContain("Given free.collapsed, when sidebar.toggle, then free.expanded")
    const progressBar = (await load()).find((f) => f.name === "progressBarMachine")
    if (progressBar === undefined) throw new Error("progressBarMachine missing")
    expect(formatPaths(progressBar.name, pathsOf(progressBar.machine))).toContain("Given pending, when after 200 ms, then running")
  })

  it("walks on past an event whose guard needs a payload it was not given", async () => {
    // The slide viewer's load answer is read by a guard: tried bare, it once ended the walk with a TypeError.
    const viewer = (await load()).find((f) => f.name === "slideViewerMachine")
    if (viewer === undefined) throw new Error("slideViewerMachine missing")
    expect(formatPaths(viewer.name, pathsOf(viewer.machine))).toContain("Given loading")
  })

  it("records the paths a model test runs, with the test's payloads, when asked to", async () => {
    const dir = mkdtempSync(join(tmpdir(), "flow-paths-"))
    const out = join(dir, "paths.jsonl")
    process.env.FLOW_PATHS_OUT = out
    try {
      const machine = setup({ types: { events: {} as { type: "load"; ok: boolean } } }).createMachine({
        id: "loader",
        initial: "idle",
        states: { idle: { on: { load: [{ guard: ({ event }) => event.ok, target: "done" }, { target: "failed" }] } }, done: {}, failed: {} }
      })
      modelFor({
        machine,
        promiseActors: [],
        events: { "a good load": { type: "load", ok: true }, "a bad load": { type: "load", ok: false } },
        states: { idle: () => {}, done: () => {}, failed: () => {} }
      })
      const [line] = readFileSync(out, "utf8").trim().split("\n")
      const recorded = JSON.parse(line ?? "{}") as { machine: string; text: string }
      expect(recorded.machine).toBe("loader")
      expect(recorded.text).toContain("Given idle, when a good load, then done")
      expect(recorded.text).toContain("Given idle, when a bad load, then failed")
    } finally {
      delete process.env.FLOW_PATHS_OUT
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe("flow diagram", () => {
  it("draws parallel regions, guards and delays for Mermaid", async () => {
    const { diagramOf, eventLabel } = await import("../../src/flows/mermaid.ts")
    const flows = await load()
    const tools = flows.find((f) => f.name === "toolsMachine")
    if (tools === undefined) throw new Error("toolsMachine missing")
    const { text, nodes } = diagramOf(tools.machine)
    expect(text.startsWith('stateDiagram-v2\nstate "annotationTools (parallel)" as S0X')).toBe(true)
    expect(text).toMatch(/^ {2}--$/m)
    expect(text).toMatch(/ : tool\.choose \[chose\]$/m)
    expect(nodes.size).toBe(text.match(/^\s*state "/gm)?.length)
    expect(eventLabel("xstate.after.1500.m.waiting")).toBe("after 1500 ms")
    expect(eventLabel("xstate.after.pause.transfer.waiting")).toBe("after pause")
    expect(eventLabel("xstate.error.actor.save")).toBe("save failed")
  })
})
