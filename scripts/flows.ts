// `npm run flows`: writes every machine of src/machines as files Stately Studio imports (JSON and a
// standalone createMachine source) into flows/, with an index.
// `npm run flows -- --paths <machine>`: prints that machine's generated paths as given/when/then steps.
import { globSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { flowsOf } from "../src/flows/catalog.ts"
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

const flows = await loadFlows()
const pathsAt = process.argv.indexOf("--paths")
if (pathsAt !== -1) {
  const wanted = process.argv[pathsAt + 1]
  const flow = flows.find((f) => f.name === wanted || f.id === wanted || f.name === `${wanted}Machine`)
  if (flow === undefined) {
    console.error(`No machine named "${wanted ?? ""}". Known: ${flows.map((f) => f.id).join(", ")}`)
    process.exit(1)
  }
  console.log(formatPaths(flow.name, pathsOf(flow.machine)))
} else {
  const out = join(root, "flows")
  rmSync(out, { recursive: true, force: true })
  for (const file of exportFiles(flows)) {
    mkdirSync(dirname(join(out, file.path)), { recursive: true })
    writeFileSync(join(out, file.path), file.contents)
  }
  console.log(`Wrote ${flows.length} machines to flows/ (index: flows/index.json)`)
}
