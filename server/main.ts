// Starts Preparat: configuration -> layers -> one HTTP server on PORT. SIGINT and SIGTERM interrupt
// the launched layer, which closes the server, the database and the workers (NodeRuntime.runMain).
// With WORKERS > 1 this process becomes the primary of a cluster (cluster/primary.ts) and each
// worker runs this same file.
import cluster from "node:cluster"
import { createServer } from "node:http"
import { NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import { workerBus } from "./cluster/bus.ts"
import { runPrimary } from "./cluster/primary.ts"
import { loadConfig } from "./config.ts"
import { surviveOutputErrors } from "./output-errors.ts"
import { serve } from "./serve.ts"

surviveOutputErrors()
const config = loadConfig()
const where = `http://localhost:${config.port} (data in ${config.dataDir}${config.databaseUrl ? ", PostgreSQL" : ", SQLite"})`
// Loud, since the outbox holds every reset link: whoever runs this must know it is on and how to close it.
const outboxWarning = `Development outbox on at ${config.publicUrl}/dev/outbox?token=${config.devOutboxToken} — DEV_ROUTES=1; never expose this (set SMTP_URL, or DEV_ROUTES=0)`
if (cluster.isPrimary && config.devRoutes) console.warn(`\n*** ${outboxWarning} ***\n`)

if (config.workers > 1 && cluster.isPrimary) {
  await runPrimary(config, config.workers)
  console.log(`Preparat: ${where}, ${config.workers} worker processes`)
} else {
  serve(config, createServer(), { log: process.env.LOG_REQUESTS === "1", bus: workerBus() }).pipe(Layer.launch, NodeRuntime.runMain)
  if (cluster.isPrimary) console.log(`Preparat: ${where}`)
}
