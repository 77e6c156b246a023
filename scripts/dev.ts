// `npm run dev`: the API server (restarting on change) on :8080 and Vite's dev server on :5173,
// which proxies /v2 and the realtime socket to the API. Ctrl-C stops both. Without SMTP_URL the
// development outbox is on (scripts/dev-env.ts), at the address the server prints.
import { type ChildProcess, spawn } from "node:child_process"
import { NODE_FLAGS } from "../server/node-flags.ts"
import { devEnvironment } from "./dev-env.ts"

const run = (command: string, args: string[]): ChildProcess =>
  spawn(command, args, {
    stdio: "inherit",
    env: { ...process.env, ...devEnvironment(process.env), PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" }
  })

const children = [
  run(process.execPath, [...NODE_FLAGS, "--watch", "--watch-path=server", "--watch-path=src/contract", "server/main.ts"]),
  run(process.execPath, ["node_modules/vite/bin/vite.js"])
]

const stop = () => {
  for (const child of children) child.kill("SIGTERM")
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop())
