// `npm run bench`: every benchmark, one after another, each in its own process so that one's heap and
// event loop do not disturb the next. Not part of CI: budgets are measured here, never in tests.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const benches = [
  "tests/bench/labs.bench.ts",
  "tests/bench/realtime.bench.ts",
  "tests/bench/chat.bench.ts",
  "tests/bench/pyramid.bench.ts",
  "tests/bench/dicom-pyramid.bench.ts",
  "tests/bench/upload.bench.ts",
  "tests/bench/slide-media.bench.ts",
  "tests/bench/s3-tiles.bench.ts",
  "tests/bench/s3-upload.bench.ts",
  "tests/bench/first-load.bench.ts",
  "tests/bench/transfer.bench.ts",
  "tests/bench/annotations.bench.ts",
  "tests/bench/detections.bench.ts",
  "tests/bench/co-annotation.bench.ts",
  "tests/bench/bulk-edits.bench.ts",
  "tests/bench/brush.bench.ts",
  "tests/bench/presence.bench.ts",
  "tests/bench/analysis.bench.ts",
  "tests/bench/ki67-slide.bench.ts",
  "tests/bench/report-pdf.bench.ts",
  "tests/bench/two-servers.bench.ts"
]

let failed = 0
for (const bench of benches.filter((b) => existsSync(b))) {
  console.log(`\n== ${bench}`)
  const { status } = spawnSync(process.execPath, [bench], { stdio: "inherit", env: process.env })
  if (status !== 0) failed++
}
process.exit(failed === 0 ? 0 : 1)
