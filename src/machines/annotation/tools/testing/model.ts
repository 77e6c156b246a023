// The tools machine's model (xstate/graph, through modelHarness): the events a user and the server
// send, what tells two states apart, and every state's check (one file per group of tools). Each
// tool's test file runs the paths that end in that tool (`pathsOf`); tools.machine.test.ts proves
// they cover every state and transition, and that every path belongs to one tool.
import { NetworkError } from "../../../../effects/ApiError.ts"
import { modelFor, type ModelPath } from "../../../../testing/modelHarness.ts"
import { toolsMachine } from "../../tools.machine.ts"
import type { Tool, ToolsEvent } from "../types.ts"
import { brushChecks } from "./brush-checks.ts"
import { drawingChecks } from "./drawing-checks.ts"
import { at, brushOn, input, press, stored, sorted, triangle, vertices } from "./fixtures.ts"
import { selectChecks } from "./select-checks.ts"
import { sharedChecks } from "./shared-checks.ts"
import { wandChecks } from "./wand-checks.ts"

export const model = modelFor({
  machine: toolsMachine,
  promiseActors: ["save"],
  input,
  events: {
    select: { type: "tool.choose", tool: "select" },
    rectangle: { type: "tool.choose", tool: "rectangle" },
    ellipse: { type: "tool.choose", tool: "ellipse" },
    lasso: { type: "tool.choose", tool: "lasso" },
    wand: { type: "tool.choose", tool: "wand" },
    "tolerance 0": { type: "wand.tolerance", tolerance: 0 },
    polygon: { type: "tool.choose", tool: "polygon" },
    pencil: { type: "tool.choose", tool: "pencil" },
    point: { type: "tool.choose", tool: "point" },
    comment: { type: "tool.choose", tool: "comment" },
    ruler: { type: "tool.choose", tool: "ruler" },
    brush: { type: "tool.choose", tool: "brush" },
    // At A, as every other press is there (an "up A" is then a click in every tool).
    "down on s1 with the brush": { type: "pointer.down", hit: null, brush: brushOn, ...at(100, 100) },
    "alt-down on s1 with the brush": { type: "pointer.down", hit: null, alt: true, brush: brushOn, ...at(100, 100) },
    "erase on": { type: "brush.subtract", on: true },
    "erase off": { type: "brush.subtract", on: false },
    "brush larger": { type: "brush.size", px: 80 },
    "down A": { type: "pointer.down", hit: null, ...at(100, 100) },
    "down A on s1": { type: "pointer.down", hit: "s1", ...at(100, 100) },
    "down on s1's vertex": { type: "pointer.down", hit: "s1", edit: press({ kind: "vertex", index: 1 }), ...at(200, 0) },
    "down on s1's edge midpoint": { type: "pointer.down", hit: "s1", edit: press({ kind: "midpoint", index: 0 }), ...at(100, 0) },
    "down on s1's body": { type: "pointer.down", hit: "s1", edit: press({ kind: "body" }), ...at(100, 100) },
    "alt-down on s1's vertex": { type: "pointer.down", hit: "s1", alt: true, edit: press({ kind: "vertex", index: 1 }), ...at(200, 0) },
    "alt-down on a triangle's vertex": {
      type: "pointer.down",
      hit: "s1",
      alt: true,
      edit: press({ kind: "vertex", index: 1 }, triangle),
      ...at(200, 0)
    },
    "s1 chosen in the list": { type: "selection.set", id: "s1" },
    "shift-down A": { type: "pointer.down", hit: null, shift: true, ...at(100, 100) },
    "shift-down on s2": { type: "pointer.down", hit: "s2", shift: true, ...at(200, 180) },
    "down on the selection (s1, s2)": { type: "pointer.down", hit: "s1", group: ["s1", "s2"], ...at(100, 100) },
    "select all": { type: "selection.all" },
    "s1 deleted elsewhere": { type: "selection.drop", ids: ["s1"] },
    "s2 deleted elsewhere": { type: "selection.drop", ids: ["s2"] },
    "delete asked for s1": { type: "selection.delete", ids: ["s1"], kept: 0 },
    "delete asked for s1 and s2": { type: "selection.delete", ids: ["s1", "s2"], kept: 0 },
    "delete asked, none may go": { type: "selection.delete", ids: [], kept: 2 },
    confirm: { type: "delete.confirm" },
    cancel: { type: "delete.cancel" },
    "down B": { type: "pointer.down", hit: null, ...at(300, 100) },
    "down C": { type: "pointer.down", hit: null, ...at(300, 300) },
    "move far": { type: "pointer.move", ...at(300, 250), trail: [200, 180, 250, 220] },
    "move near": { type: "pointer.move", ...at(101, 101) },
    // Round three corners of a square from A: a lasso's loop.
    "move round": { type: "pointer.move", ...at(100, 300), trail: [300, 100, 300, 300] },
    "up A": { type: "pointer.up", ...at(100, 100) },
    "up B": { type: "pointer.up", ...at(300, 100) },
    "up C": { type: "pointer.up", ...at(300, 300) },
    "up far": { type: "pointer.up", ...at(300, 250) },
    double: { type: "pointer.double", ...at(300, 300) },
    escape: { type: "key.escape" },
    backspace: { type: "key.backspace" },
    enter: { type: "key.enter" },
    text: { type: "comment.text", text: "mitosis here" },
    "clear selection": { type: "selection.clear" },
    saved: { type: "xstate.done.actor.save", output: { annotation: stored, label: null } },
    "save failed": { type: "xstate.error.actor.save", error: new Error("offline") },
    "save found no network": { type: "xstate.error.actor.save", error: new NetworkError({ message: "Failed to fetch" }) }
  } as unknown as Record<string, ToolsEvent>,
  distinguish: ({ value, context }) => ({
    value,
    // A brush stroke's vertex count follows its outline: only whether there is one tells states apart.
    vertices: context.tool === "brush" ? context.draft.length > 0 : vertices(context.draft),
    cuts: context.tool === "brush" && (context.stroke?.subtract ?? context.brush.subtract),
    selected: sorted(context.selection),
    comment: context.comment !== "",
    tool: context.tool,
    handle: context.edit?.handle.kind ?? null,
    // Whether the press is on several selected shapes (a drag moves them all rather than pans).
    group: context.group !== null
  }),
  // Long drafts add nothing but paths; an ellipse is 64 vertices from its first drag.
  // The wand's regions are as long as their outlines, and only a few (core, core and rim, none).
  stopWhen: ({ context }) =>
    context.tool !== "ellipse" && context.tool !== "wand" && context.tool !== "brush" && vertices(context.draft) > 4,
  states: { ...selectChecks, ...drawingChecks, ...brushChecks, ...wandChecks, ...sharedChecks }
})

/** The tool a path ends in (its description starts with the final state value). */
export const toolOf = (path: ModelPath): Tool => {
  const value = JSON.parse(path.description.slice(0, path.description.indexOf(" via "))) as { tools: Partial<Record<Tool, unknown>> }
  return Object.keys(value.tools)[0] as Tool
}

/** The paths that end in this tool, to run in its own test file. */
export const pathsOf = (tool: Tool) => model.paths.filter((path) => toolOf(path) === tool).map((path) => [path.description, path] as const)
