// Every setting of the server, read once from the environment, each with a default that works
// on a fresh machine (embedded SQLite, local files, mail to the outbox).
import { createHmac, randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { availableParallelism, hostname } from "node:os"
import { join, resolve } from "node:path"
import type { SqliteSynchronous } from "./db/sqlite.ts"
import { type ReceivingLab, receivingLabOf } from "./domain/receiving-lab.ts"
import { DEFAULT_PIXEL_LIMIT } from "./images/pyramid.ts"
import { type S3Config, s3ConfigOf } from "./services/platform/s3-settings.ts"

export interface Config {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  /** Where links in mails point; the SPA and the API are served from here. */
  readonly publicUrl: string
  /** PostgreSQL when set; embedded SQLite under dataDir otherwise. */
  readonly databaseUrl: string | undefined
  /** PostgreSQL: name statements so each connection prepares them once (off behind a pooler that cannot keep them). */
  readonly databasePrepare: boolean
  /** SQLite: FULL (a commit is on disk before it is answered) unless NORMAL is asked for. */
  readonly sqliteSynchronous: SqliteSynchronous
  /** Real SMTP when set; .eml files under dataDir/outbox otherwise. */
  readonly smtpUrl: string | undefined
  readonly mailFrom: string
  /** Signs access tokens; kept in dataDir/secret.key when not given so restarts keep sessions. */
  readonly secretKey: string
  readonly accessTokenSeconds: number
  readonly refreshTokenDays: number
  /** The built SPA. */
  readonly staticDir: string
  /**
   * Shows /dev/outbox (DEV_ROUTES=1 only; `npm start` and `npm run dev` set it while no SMTP_URL is
   * set). The outbox holds every reset link, so it also asks for `devOutboxToken`.
   */
  readonly devRoutes: boolean
  /**
   * The secret the outbox pages ask for (`/dev/outbox?token=...`), printed at start. Derived from the
   * secret key, so every cluster worker and every restart agree on it and nobody without it can
   * guess it: a loopback check alone trusts whatever a proxy on this host forwards.
   */
  readonly devOutboxToken: string
  readonly rateLimit: { readonly attempts: number; readonly windowSeconds: number }
  /**
   * Behind a reverse proxy, take the client address from X-Forwarded-For (its first entry). Off by
   * default: a client could otherwise pick its own address and dodge rate limits.
   */
  /** How many reverse proxies in front of this server append to X-Forwarded-For (0: none, trust no header). */
  readonly trustProxy: number
  readonly contactPhone: string
  /** Where staff are mailed what needs them (a new scan request). */
  readonly staffEmail: string
  /** Where requesters send the glass slides to scan (the confirmation page and mail say it). */
  readonly scanReceiving: ReceivingLab
  /**
   * Server processes sharing the port (node:cluster); 1 serves from this process alone. "auto"
   * takes one per core.
   */
  readonly workers: number
  /**
   * Several servers behind one address: the Redis their realtime messages go through, so a socket on
   * any server hears a change made on any other. Unset, this server's processes are all there is.
   */
  readonly redisUrl: string | undefined
  /**
   * This server's name among several (presence tells each server's sockets apart by it, and drops a
   * restarted server's old ones); the host name unless SERVER_NAME is given.
   */
  readonly serverName: string
  readonly realtime: RealtimeConfig
  readonly billing: BillingConfig
  /**
   * Largest slide accepted, in pixels: a decompression bomb (a small file that claims huge
   * dimensions) fails its job instead of exhausting memory.
   */
  readonly slidePixelLimit: number
  /** Originals, receipts and pyramids in this S3-compatible store; under dataDir when unset. */
  readonly s3: S3Config | undefined
}

/** Plans paid by bank transfer (src/contract/billing.ts). */
export interface BillingConfig {
  /** Where contact-us messages about plans go. */
  readonly salesEmail: string
  /** The account every new invoice names; an invoice keeps the one it was issued with. */
  readonly bank: { readonly bankName: string; readonly accountNumber: string; readonly accountHolder: string }
  /** How often ended paid periods and overdue invoices are looked for. */
  readonly sweepSeconds: number
  /**
   * Invoices one network address may have issued per day. Each unpaid invoice holds one of its
   * price's 999 unique codes for a day: throwaway accounts behind one address cannot hold them all.
   */
  readonly invoicesPerAddress: number
}

export interface RealtimeConfig {
  readonly appId: string
  readonly key: string
  readonly secret: string
  readonly cluster: string
  /**
   * Embedded server: channels one connection may hold at once. The SPA holds its user's two channels,
   * the open lab's, the open slide's and one per upload still processing outside a folder view.
   */
  readonly maxSubscriptions: number
  /** Embedded server: sockets open at once from one address (an IPv6 address counts by its /64). */
  readonly maxConnectionsPerAddress: number
  /**
   * An external Pusher-compatible service (Pusher Channels, soketi, ...) that events are sent to
   * through the `pusher` SDK. Unset: the embedded server on this process's own port.
   */
  readonly external:
    | {
        /** REST host of the service; unset means Pusher Channels' own host for the cluster. */
        readonly host: string | undefined
        readonly port: string | undefined
        readonly useTLS: boolean
        /** Where browsers connect; unset means the cluster's default. */
        readonly wsHost: string | undefined
        readonly wsPort: number | undefined
      }
    | undefined
}

const int = (value: string | undefined, fallback: number): number => {
  const n = value === undefined || value === "" ? Number.NaN : Number(value)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

const realtimeConfig = (env: NodeJS.ProcessEnv, secretKey: string): RealtimeConfig => {
  const external = Boolean(env.PUSHER_APP_ID && env.PUSHER_KEY && env.PUSHER_SECRET)
  const useTLS = env.PUSHER_USE_TLS ? env.PUSHER_USE_TLS !== "false" : true
  return {
    appId: env.PUSHER_APP_ID || "preparat",
    key: env.PUSHER_KEY || "preparat",
    // The embedded server's secret only signs channel authorisations; derive it from the app secret.
    secret: env.PUSHER_SECRET || createHmac("sha256", secretKey).update("realtime").digest("hex"),
    cluster: env.PUSHER_CLUSTER || "ap1",
    maxSubscriptions: int(env.REALTIME_MAX_SUBSCRIPTIONS, 100),
    maxConnectionsPerAddress: int(env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS, 500),
    external: external
      ? {
          host: env.PUSHER_HOST || undefined,
          port: env.PUSHER_PORT || undefined,
          useTLS,
          wsHost: env.PUSHER_WS_HOST || env.PUSHER_HOST || undefined,
          wsPort: env.PUSHER_WS_PORT ? int(env.PUSHER_WS_PORT, 443) : env.PUSHER_PORT ? int(env.PUSHER_PORT, 443) : undefined
        }
      : undefined
  }
}

const persistedSecret = (dataDir: string): string => {
  const file = join(dataDir, "secret.key")
  if (existsSync(file)) return readFileSync(file, "utf8").trim()
  const secret = randomBytes(32).toString("hex")
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = int(env.PORT, 8080)
  const dataDir = resolve(env.DATA_DIR || "./data")
  mkdirSync(dataDir, { recursive: true })
  const smtpUrl = env.SMTP_URL || undefined
  const secretKey = env.SECRET_KEY || persistedSecret(dataDir)
  return {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePrepare: env.DATABASE_PREPARE !== "0",
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS?.toUpperCase() === "NORMAL" ? "NORMAL" : "FULL",
    smtpUrl,
    mailFrom: env.MAIL_FROM || "Preparat <no-reply@preparat.local>",
    secretKey,
    accessTokenSeconds: int(env.ACCESS_TOKEN_SECONDS, 15 * 60),
    refreshTokenDays: int(env.REFRESH_TOKEN_DAYS, 30),
    staticDir: resolve(env.STATIC_DIR || "./dist"),
    devRoutes: env.DEV_ROUTES === "1",
    devOutboxToken: createHmac("sha256", secretKey).update("dev-outbox").digest("base64url").slice(0, 32),
    rateLimit: { attempts: int(env.RATE_LIMIT_ATTEMPTS, 10), windowSeconds: int(env.RATE_LIMIT_WINDOW_SECONDS, 600) },
    trustProxy: int(env.TRUST_PROXY, 0),
    contactPhone: env.CONTACT_PHONE || "6281200000000",
    staffEmail: env.STAFF_EMAIL || "staff@preparat.local",
    scanReceiving: receivingLabOf(env),
    workers: env.WORKERS === "auto" ? availableParallelism() : int(env.WORKERS, 1),
    redisUrl: env.REDIS_URL || undefined,
    serverName: (env.SERVER_NAME || hostname()).replace(/[^\w.-]/g, "-"),
    realtime: realtimeConfig(env, secretKey),
    billing: {
      salesEmail: env.SALES_EMAIL || "sales@preparat.local",
      bank: {
        bankName: env.BANK_NAME || "Bank Central Asia (BCA)",
        accountNumber: env.BANK_ACCOUNT_NUMBER || "0000000000",
        accountHolder: env.BANK_ACCOUNT_HOLDER || "PT Preparat Digital Indonesia"
      },
      sweepSeconds: int(env.BILLING_SWEEP_SECONDS, 300),
      invoicesPerAddress: int(env.BILLING_INVOICES_PER_ADDRESS, 10)
    },
    slidePixelLimit: int(env.SLIDE_PIXEL_LIMIT, DEFAULT_PIXEL_LIMIT),
    s3: s3ConfigOf(env)
  }
}
