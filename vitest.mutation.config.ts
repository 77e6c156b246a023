// The unit tests of the flows alone, for mutation testing (stryker.config.json, npm run mutation):
// Stryker's vitest runner takes one project, and the machines' model-based tests are the ones
// whose bug-catching it measures.
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import { defineConfig } from "vitest/config"

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    include: ["src/machines/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node"
  }
})
