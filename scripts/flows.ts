// `npm run flows`: writes every machine of src/machines as files Stately Studio imports (JSON and a
// standalone createMachine source) into flows/, with an index.
// `npm run flows -- --paths <machine>`: prints that machine's generated paths as given/when/then steps:
// the paths its model test runs, with the test's payloads (the test is run to get them); a machine
// with no model test of its own gets the walk of its bare events.
import { spawnSync } from "node:child_process"
import { existsSync, globSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { type Flow, flowsOf } from "../src/flows/catalog.ts"
import { formatPaths, pathsOf } from "../src/flows/paths.ts"
import { exportFiles } from "../src/flows/stately.ts"

const root = resolve(import.meta.dirname, "..")

const loadFlows = async () => {
  const files = globSync("src/machines/**/*.machine.ts", { cwd: root })
  const modules = Object.fromEntries(
    await Promise.all(
      files.map(async (file) => [file, (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>] as const)
    )
  )
  return flowsOf(modules)
}

/** The paths the machine's own model test runs (`x.machine.test.ts` beside `x.machine.ts`), or undefined. */
const testedPaths = (flow: Flow): string | undefined => {
  const test = join("src/machines", flow.file.replace(/\.machine\.ts$/, ".machine.test.ts"))
  if (!existsSync(join(root, test))) return undefined
  const dir = mkdtempSync(join(tmpdir(), "flow-paths-"))
  const out = join(dir, "paths.jsonl")
  try {
    const run = spawnSync("npx", ["vitest", "run", "--project", "unit", test], {
      cwd: root,
      env: { ...process.env, FLOW_PATHS_OUT: out },
      encoding: "utf8"
    })
    if (!existsSync(out)) {
      console.error(run.stdout, run.stderr)
      return undefined
    }
    const models = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { machine: string; paths: number; text: string })
      .filter((model) => model.machine === flow.machine.id)
    return models.length === 0 ? undefined : models.map((model) => model.text).join("\n\n")
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const flows = await loadFlows()
const pathsAt = process.argv.indexOf("--paths")
if (pathsAt !== -1) {
  const wanted = process.argv[pathsAt + 1]
  const flow = flows.find((f) => f.name === wanted || f.id === wanted || f.name === `${wanted}Machine`)
  if (flow === undefined) {
    console.error(`No machine named "${wanted ?? ""}". Known: ${flows.map((f) => f.id).join(", ")}`)
    process.exit(1)
  }
  console.log(testedPaths(flow) ?? formatPaths(flow.name, pathsOf(flow.machine)))
} else {
  const out = join(root, "flows")
  rmSync(out, { recursive: true, force: true })
  for (const file of exportFiles(flows)) {
    mkdirSync(dirname(join(out, file.path)), { recursive: true })
    writeFileSync(join(out, file.path), file.contents)
  }
  console.log(`Wrote ${flows.length} machines to flows/ (index: flows/index.json)`)
}
