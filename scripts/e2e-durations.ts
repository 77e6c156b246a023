// `npm run e2e:durations`: after a full `npm test` (or `npm run test:e2e` with the JSON reporter),
// writes how many seconds each end-to-end file took to tests/e2e/durations.json, from which the
// sequencer starts the longest files first (tests/e2e/support/sequencer.ts). Commit the result when
// files were added or their times moved a lot; a clean clone (CI) has no other record.
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const report = process.argv[2] ?? join("test-results", "e2e.json")
const { testResults } = JSON.parse(readFileSync(report, "utf8")) as {
  testResults: ReadonlyArray<{ name: string; startTime: number; endTime: number }>
}
const seconds = Object.fromEntries(
  testResults
    // From tests/e2e/ on, so a report written by a run in another clone (a clean-clone CI run) fits.
    .map((file) => [file.name.slice(file.name.indexOf("tests/e2e/")), Math.round((file.endTime - file.startTime) / 1000)] as const)
    .sort(([a], [b]) => a.localeCompare(b))
)
const target = join("tests", "e2e", "durations.json")
writeFileSync(target, `${JSON.stringify(seconds, null, 2)}\n`)
console.log(`${target}: ${testResults.length} files, ${Object.values(seconds).reduce((sum, s) => sum + s, 0)} s in all`)
