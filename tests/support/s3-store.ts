// A real S3-protocol server for the tests: s3rver (a Koa server that keeps objects in a directory
// and checks request signatures as S3 does) started in this process, so nothing is installed or
// mocked, and the server under test talks to it through the same SDK calls it makes to AWS.
//
// One s3rver per test process, started by the first server that asks for it and closed when the
// last one stops; every app server gets a bucket of its own, so runs never see each other's objects.
//
//   const store = await s3Store()           // { env, bucket, client, keys(prefix), release() }
//   startServer({ s3: true })                 // does this itself and closes the store at stop()
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { readdir, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, relative, sep } from "node:path"
import { CreateBucketCommand, type S3Client } from "@aws-sdk/client-s3"
import S3rver from "s3rver"
import { listKeys, putBytes } from "../../server/services/platform/s3-objects.ts"
import { makeS3Client } from "../../server/services/platform/s3-client.ts"
import { s3ConfigOf } from "../../server/services/platform/s3-settings.ts"

/** s3rver accepts only these credentials. */
const CREDENTIALS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" }

export interface S3Store {
  /** The S3_* variables that point a server at this store's bucket. */
  readonly env: Readonly<Record<string, string>>
  readonly bucket: string
  readonly client: S3Client
  /** Every object key under a prefix ("blobs/", "slides/<key>/"). */
  readonly keys: (prefix: string) => Promise<Array<string>>
  /** Puts a build made on this disk where the slide worker puts it, and removes it from the disk. */
  readonly publish: (slideKey: string, dir: string) => Promise<void>
  /** Done with the bucket; the s3rver closes when no one holds one. */
  readonly release: () => Promise<void>
}

let running: { endpoint: string; close: () => Promise<void>; users: number } | undefined
let starting: Promise<string> | undefined

const endpoint = (): Promise<string> => {
  if (running) {
    running.users++
    return Promise.resolve(running.endpoint)
  }
  starting ??= (async () => {
    const directory = mkdtempSync(join(tmpdir(), "preparat-s3-"))
    const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, resetOnClose: true })
    const { port } = await server.run()
    running = {
      endpoint: `http://127.0.0.1:${port}`,
      users: 0,
      close: async () => {
        await server.close()
        rmSync(directory, { recursive: true, force: true })
      }
    }
    starting = undefined
    return running.endpoint
  })()
  return starting.then((url) => {
    running!.users++
    return url
  })
}

const releaseEndpoint = async () => {
  if (!running) return
  running.users--
  if (running.users > 0) return
  const { close } = running
  running = undefined
  await close()
}

export const s3Store = async (): Promise<S3Store> => {
  const url = await endpoint()
  const bucket = `t-${randomBytes(6).toString("hex")}`
  const env = { S3_ENDPOINT: url, S3_BUCKET: bucket, S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "1", ...CREDENTIALS }
  const client = makeS3Client(s3ConfigOf(env)!)
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  let released = false
  return {
    env,
    bucket,
    client,
    keys: (prefix) => listKeys({ client, bucket }, prefix),
    publish: async (slideKey, dir) => {
      const files = await readdir(dir, { recursive: true, withFileTypes: true })
      for (const file of files.filter((f) => f.isFile())) {
        const path = join(file.parentPath, file.name)
        const key = `slides/${slideKey}/${relative(dir, path).split(sep).join("/")}`
        await putBytes({ client, bucket }, key, await readFile(path), path.endsWith(".dzi") ? "application/xml" : "image/jpeg")
      }
      await rm(dir, { recursive: true, force: true })
    },
    release: async () => {
      if (released) return
      released = true
      client.destroy()
      await releaseEndpoint()
    }
  }
}
