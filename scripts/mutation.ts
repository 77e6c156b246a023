// `npm run mutation -- [file or glob ...]`: mutation testing of the flows (Stryker, stryker.config.json)
// and a score per file: how many planted bugs (mutants) the model-based and unit tests catch. Without
// arguments it mutates every machine and rule file of src/machines, which takes hours on two cores
// (each machine is built at module load, so every mutant reloads its test file): pass the machines
// you changed. Not part of CI; the report is reports/mutation/mutation.json.
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")
const targets = process.argv.slice(2)
const mutate = targets.length > 0 ? ["--mutate", targets.join(",")] : []
const run = spawnSync("npx", ["stryker", "run", ...mutate], { cwd: root, stdio: "inherit" })
if (run.status !== 0) process.exit(run.status ?? 1)

interface Mutant {
  readonly status: string
  readonly mutatorName: string
  readonly replacement?: string
  readonly location: { readonly start: { readonly line: number } }
}
const report = JSON.parse(readFileSync(resolve(root, "reports/mutation/mutation.json"), "utf8")) as {
  files: Record<string, { mutants: ReadonlyArray<Mutant> }>
}
// Caught: killed or timed out. Missed: survived, or no test ran the mutated code at all.
const rows = Object.entries(report.files).map(([file, { mutants }]) => {
  const caught = mutants.filter((m) => m.status === "Killed" || m.status === "Timeout").length
  const missed = mutants.filter((m) => m.status === "Survived" || m.status === "NoCoverage").length
  return { file, caught, missed, score: caught + missed === 0 ? 100 : (100 * caught) / (caught + missed) }
})
rows.sort((a, b) => a.score - b.score)
console.log("\nmutation score per file (weakest first)")
for (const row of rows)
  console.log(
    `${row.score.toFixed(1).padStart(6)} %  ${String(row.caught).padStart(4)} caught  ${String(row.missed).padStart(4)} missed  ${row.file}`
  )
