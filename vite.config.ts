import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import { constants as zlibConstants } from "node:zlib"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { compression, defineAlgorithm } from "vite-plugin-compression2"

const api = process.env.API_URL || "http://localhost:8080"

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    // A brotli and a gzip copy beside every compressible file, at the highest levels (the build pays
    // once, every visit gains); server/http/spa.ts serves the one the browser accepts. Source maps
    // are for the developer tools only and stay as they are.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|wasm)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm("gzip", { level: 9 })
      ],
      logLevel: "silent"
    })
  ],
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
