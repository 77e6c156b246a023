// The database half of a backup: SQLite copied with VACUUM INTO (a consistent snapshot taken while
// the server runs, readers and the writer undisturbed), PostgreSQL dumped and restored with its own
// pg_dump and pg_restore (custom format), limited to the schema the server uses. No library copies
// a live database more safely than the engines' own tools.
import { spawn } from "node:child_process"
import { copyFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import pg from "pg"

export const SQLITE_FILE = "preparat.sqlite"
export const POSTGRES_FILE = "database.pgdump"
const CLIENT_PACKAGE = "postgresql-client (apt-get install -y postgresql-client)"

const run = (command: string, args: ReadonlyArray<string>): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"] })
    let errors = ""
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString()
    })
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new Error(`${command} is not installed: install ${CLIENT_PACKAGE}.`) : error)
    )
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${errors.trim()}`))))
  })

/** The schema the server's URL puts first in its search path (public when it names none). */
const schemaOf = async (url: string): Promise<string> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<{ schema: string }>("select current_schema() as schema")).rows[0]?.schema ?? "public"
  } finally {
    await client.end()
  }
}

/** Whether the schema already holds Preparat's tables (a restore then needs --force). */
export const postgresInUse = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const found = await client.query(
      "select 1 from information_schema.tables where table_schema = current_schema() and table_name = 'users'"
    )
    return (found.rowCount ?? 0) > 0
  } finally {
    await client.end()
  }
}

/**
 * The URL as libpq reads it: a query written by URLSearchParams has "+" for a space, which libpq
 * does not decode (`options=-c+search_path=x` is refused), so each parameter is percent-encoded.
 */
const forLibpq = (url: string): string => {
  const parsed = new URL(url)
  const query = [...parsed.searchParams].map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&")
  parsed.search = ""
  return query === "" ? parsed.toString() : `${parsed.toString()}?${query}`
}

/** libpq reads the URL's `options` (the search path) itself; pg_dump's --schema needs the name. */
export const dumpPostgres = async (url: string, into: string): Promise<void> =>
  run("pg_dump", ["--format=custom", "--no-owner", `--schema=${await schemaOf(url)}`, `--file=${join(into, POSTGRES_FILE)}`, forLibpq(url)])

// --clean: the dump creates its schema, which may exist already (empty, or replaced with --force).
export const restorePostgres = async (url: string, from: string): Promise<void> =>
  run("pg_restore", ["--no-owner", "--exit-on-error", "--clean", "--if-exists", `--dbname=${forLibpq(url)}`, join(from, POSTGRES_FILE)])

export const snapshotSqlite = (dataDir: string, into: string): void => {
  const db = new DatabaseSync(join(dataDir, SQLITE_FILE), { readOnly: true })
  try {
    db.prepare("VACUUM INTO ?").run(join(into, SQLITE_FILE))
  } finally {
    db.close()
  }
}

export const sqliteInUse = (dataDir: string): Promise<boolean> =>
  stat(join(dataDir, SQLITE_FILE)).then(
    () => true,
    () => false
  )

export const restoreSqlite = (from: string, dataDir: string): Promise<void> => copyFile(join(from, SQLITE_FILE), join(dataDir, SQLITE_FILE))
