// Starts Preparat: configuration -> layers -> one HTTP server on PORT. SIGINT and SIGTERM interrupt
// the launched layer, which closes the server, the database and the workers (NodeRuntime.runMain).
import { createServer } from "node:http"
import { NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import { loadConfig } from "./config.ts"
import { serve } from "./serve.ts"

const config = loadConfig()

serve(config, createServer(), { log: process.env.LOG_REQUESTS === "1" }).pipe(Layer.launch, NodeRuntime.runMain)
console.log(`Preparat: http://localhost:${config.port} (data in ${config.dataDir}${config.databaseUrl ? ", PostgreSQL" : ", SQLite"})`)
