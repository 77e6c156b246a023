// Backup and restore of a Preparat installation (npm run backup -- <dir>, npm run restore -- <dir>),
// run where the server runs, with its environment (DATA_DIR, DATABASE_URL):
//
//   backup <dir>             the database (SQLite snapshot or pg_dump of the server's schema) and the
//                            files it points to, into <dir> (created; must be empty); with S3_BUCKET,
//                            the bucket's originals and pyramids too; the server may run
//   restore <dir> [--force]  into an empty DATA_DIR, database (and bucket), with the server stopped;
//                            --force replaces an existing database and writes over the bucket's objects
//
// <dir>/backup.json says what the backup holds and which engine wrote it.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { loadConfig } from "../config.ts"
import { dumpPostgres, postgresInUse, restorePostgres, restoreSqlite, snapshotSqlite, sqliteInUse } from "./database-copy.ts"
import { bucketInUse, mirrorBucket, restoreBucket } from "./bucket-copy.ts"
import { copyKept } from "./files-copy.ts"

const USAGE = `Usage: npm run backup -- <dir>
       npm run restore -- <dir> [--force]`

interface Manifest {
  readonly engine: "sqlite" | "postgres"
  readonly created_at: string
  readonly files: ReadonlyArray<string>
  /** Objects copied from the bucket (S3_BUCKET), under <dir>/bucket; absent without one. */
  readonly bucket_objects?: number
}

const backup = async (dir: string) => {
  const config = loadConfig()
  await mkdir(dir, { recursive: true })
  if ((await readdir(dir)).length > 0) throw new Error(`${dir} is not empty: back up into a new directory.`)
  const engine = config.databaseUrl ? "postgres" : "sqlite"
  // The database first: the files it names exist from before its snapshot and never change.
  if (config.databaseUrl) await dumpPostgres(config.databaseUrl, dir)
  else snapshotSqlite(config.dataDir, dir)
  const files = await copyKept(config.dataDir, join(dir, "data"))
  const objects = config.s3 ? await mirrorBucket(config.s3, dir) : undefined
  const manifest: Manifest = {
    engine,
    created_at: new Date().toISOString(),
    files,
    ...(objects === undefined ? {} : { bucket_objects: objects })
  }
  await writeFile(join(dir, "backup.json"), `${JSON.stringify(manifest, null, 2)}\n`)
  console.log(`Backed up the ${engine} database and ${files.join(", ") || "no files"} into ${dir}`)
  if (config.s3) console.log(`Backed up ${objects} objects of bucket ${config.s3.bucket}`)
}

const restore = async (dir: string, force: boolean) => {
  const config = loadConfig()
  const manifest = JSON.parse(await readFile(join(dir, "backup.json"), "utf8")) as Manifest
  const engine = config.databaseUrl ? "postgres" : "sqlite"
  if (manifest.engine !== engine)
    throw new Error(`This backup is of a ${manifest.engine} database; the configuration names ${engine} (DATABASE_URL).`)
  await mkdir(config.dataDir, { recursive: true })
  const inUse = config.databaseUrl ? await postgresInUse(config.databaseUrl) : await sqliteInUse(config.dataDir)
  if (inUse && !force) throw new Error("The database is not empty: stop the server and add --force to replace it.")
  if (manifest.bucket_objects !== undefined && !config.s3)
    throw new Error("This backup holds a bucket's objects; the configuration names no bucket (S3_BUCKET).")
  if (config.s3 && !force && (await bucketInUse(config.s3)))
    throw new Error(`Bucket ${config.s3.bucket} is not empty: stop the server and add --force to write over its objects.`)
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, dir)
  else await restoreSqlite(dir, config.dataDir)
  const files = await copyKept(join(dir, "data"), config.dataDir)
  console.log(`Restored the ${engine} database and ${files.join(", ") || "no files"} from ${dir}`)
  if (config.s3 && manifest.bucket_objects !== undefined)
    console.log(`Restored ${await restoreBucket(config.s3, dir)} objects into bucket ${config.s3.bucket}`)
}

const main = async () => {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } })
  const [command, dir] = positionals
  if ((command !== "backup" && command !== "restore") || dir === undefined) {
    console.error(USAGE)
    process.exit(2)
  }
  if (command === "backup") await backup(resolve(dir))
  else await restore(resolve(dir), values.force)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
