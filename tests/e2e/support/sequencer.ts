// The order the end-to-end files start in, longest first, from the seconds each took in a recorded
// full run (tests/e2e/durations.json, written by `npm run e2e:durations` after `npm test`).
//
// Why: two workers take the files in turn, so the run ends when the last long file ends. Vitest
// orders by the durations of its own cache, which a clean clone (CI) does not have; it then falls
// back to file size, and a short file of many lines (a table of words) starts before a long walk
// of few lines, which then runs alone at the end. Longest-first from real seconds keeps both
// workers busy to the end. Files without a record (new ones) are estimated from their size at the
// recorded files' seconds per byte. Other projects keep Vitest's own order.
import { readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { BaseSequencer, type TestSpecification } from "vitest/node"

const RECORD = join(import.meta.dirname, "..", "durations.json")

const recorded = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(RECORD, "utf8")) as Record<string, number>
  } catch {
    return {}
  }
}

/** Seconds each file is expected to take: its record, or its size at the recorded files' rate. */
export const expectedSeconds = (
  files: ReadonlyArray<{ name: string; bytes: number }>,
  record: Record<string, number>
): Map<string, number> => {
  const known = files.filter((file) => record[file.name] !== undefined)
  const bytes = known.reduce((sum, file) => sum + file.bytes, 0)
  const seconds = known.reduce((sum, file) => sum + (record[file.name] ?? 0), 0)
  const perByte = bytes > 0 ? seconds / bytes : 0
  return new Map(files.map((file) => [file.name, record[file.name] ?? file.bytes * perByte]))
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    const e2e = ordered.filter((spec) => spec.project.name === "e2e")
    if (e2e.length === 0) return ordered
    const nameOf = (spec: TestSpecification) => relative(spec.project.config.root, spec.moduleId)
    const estimate = expectedSeconds(
      e2e.map((spec) => ({ name: nameOf(spec), bytes: statSync(spec.moduleId).size })),
      recorded()
    )
    const longestFirst = [...e2e].sort((a, b) => (estimate.get(nameOf(b)) ?? 0) - (estimate.get(nameOf(a)) ?? 0))
    // The e2e files keep their place among the projects' files, in the new order.
    let next = 0
    return ordered.map((spec) => (spec.project.name === "e2e" ? longestFirst[next++]! : spec))
  }
}
