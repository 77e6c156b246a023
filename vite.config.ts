import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

const api = process.env.API_URL || "http://localhost:8080"

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: { outDir: "dist", manifest: true, sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    // In development Vite serves the SPA and hands the API, the realtime socket and dev pages to the server.
    proxy: {
      "/v2": { target: api, ws: true },
      "/app": { target: api, ws: true },
      "/dev/outbox": api
    }
  }
})
