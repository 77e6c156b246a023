// Starts Preparat: configuration -> layers -> one HTTP server on PORT. SIGINT and SIGTERM close the
// server, the database and the workers cleanly (NodeRuntime.runMain interrupts the launched layer).
import { createServer } from "node:http"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import { HttpRouter } from "effect/http"
import { makeApp } from "./app.ts"
import { loadConfig } from "./config.ts"

const config = loadConfig()

HttpRouter.serve(makeApp(config)).pipe(
  Layer.provide(NodeHttpServer.layer(createServer, { port: config.port, host: config.host })),
  Layer.launch,
  NodeRuntime.runMain
)
