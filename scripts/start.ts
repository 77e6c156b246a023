// `npm start`: the server as a newcomer runs it on a fresh machine. Without SMTP_URL the mails go to
// the outbox, so the development outbox is turned on (DEV_ROUTES=1, unless set either way) for the
// activation link to be reachable; the server prints its address and token loudly at start.
// The server itself keeps the outbox off unless DEV_ROUTES=1 (server/config.ts).
import { devEnvironment } from "./dev-env.ts"

Object.assign(process.env, devEnvironment(process.env))
await import("../server/main.ts")
