import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import { defineConfig } from "vitest/config"
import LongestFirst from "./tests/e2e/support/sequencer.ts"

export default defineConfig({
  test: {
    // The e2e files start longest first, from a recorded run (the reasons are in the file).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        plugins: [vanillaExtractPlugin()],
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "src/**/*.test.ts", "src/**/*.test.tsx"],
          environment: "node",
          isolate: false
        }
      },
      {
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // One worker for all the files, in turn: each file starts its own server on its own port,
          // data directory and schema, so nothing is shared but the imported modules, which are then
          // loaded once, not seventy times (about 4 s a file saved).
          isolate: false
        }
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Each file starts its own server, port, data directory and browser, so two run at once:
          // the browser and the server mostly wait on each other, which two cores can overlap. Three
          // at once was faster (8-9 min) on a quiet machine, but under load (three Chromiums and
          // three servers on two cores: load average 12) it was twice as slow as two.
          maxWorkers: 2,
          // With files side by side a page can take more than expect.poll's default second to
          // settle; a poll that names its own timeout keeps it.
          expect: { poll: { timeout: 10_000 } }
        }
      }
    ]
  }
})
