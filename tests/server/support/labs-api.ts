// Shortcuts for the labs workspace tests: a client that also sends DELETE (with a body), and
// helpers that create folders, share them and make them public the way the SPA does, over HTTP.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, expect } from "vitest"
import { api, createSignedIn, type Reply, type RequestOptions, type SignedIn } from "../../support/api.ts"
import { type StartOptions, type StartedServer, startServer } from "../../support/start-server.ts"

export interface LabsClient extends ReturnType<typeof api> {
  readonly del: (path: string, body?: unknown, options?: RequestOptions) => Promise<Reply>
}

const parse = async (response: Response): Promise<Reply> => {
  const text = await response.text()
  let body: unknown = text
  try {
    body = text === "" ? null : JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers }
}

export const client = (server: StartedServer): LabsClient => ({
  ...api(server),
  del: async (path, body, options = {}) =>
    parse(
      await fetch(`${server.url}${path}`, {
        method: "DELETE",
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers
        }
      })
    )
})

export interface Folder {
  readonly id: string
  readonly name: string
}

/** Creates a folder (at the root, or inside `parent`) and answers it; fails the test otherwise. */
export const createFolder = async (
  server: StartedServer,
  session: SignedIn,
  name: string,
  parent: string | null = null
): Promise<Folder> => {
  const reply = await client(server).post("/v2/labs/", { name, parent }, { token: session.access })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  const lab = reply.body.data.data.results[0]
  return { id: lab.id, name: lab.name }
}

/** Invites an existing account with a role and answers its membership id. */
export const share = async (
  server: StartedServer,
  owner: SignedIn,
  labId: string,
  member: SignedIn,
  role: "admin" | "reviewer"
): Promise<string> => {
  const reply = await client(server).post(
    "/v2/members/invites/",
    { lab_id: labId, email: [member.email], role_member: role },
    { token: owner.access }
  )
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const row = reply.body.data.members.find((m: { email: string }) => m.email === member.email)
  return row.id
}

export const makePublic = async (server: StartedServer, owner: SignedIn, labId: string, value: "true" | "false" = "true") => {
  const reply = await client(server).put("/v2/labs/metadata/", { lab_id: labId, name: "mylab-is_public", value }, { token: owner.access })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data.metadata
}

/** A whole transfer of ownership: the owner offers the lab, the member accepts; the accept's reply. */
export const transferLab = async (server: StartedServer, owner: SignedIn, labId: string, member: SignedIn): Promise<Reply> => {
  const offer = await client(server).post("/v2/members/transfer/", { lab_id: labId, user_id: member.id }, { token: owner.access })
  expect(offer.status, JSON.stringify(offer.body)).toBe(200)
  return client(server).post(`/v2/members/transfer/${offer.body.data.id}/accept/`, {}, { token: member.access })
}

/** The names of a list answer's results, in order. */
export const names = (reply: Reply): string[] => reply.body.data.results.map((lab: { name: string }) => lab.name)

/** A signed-in account with a recognisable name. */
export const person = (server: StartedServer, name: string) => createSignedIn(server, { name })

/**
 * Sets a file's size directly: uploads (a later issue) are the only way to make files, so the
 * tests that need bytes (folder sizes, storage) insert a file row beside the folders they made.
 */
export const insertFile = async (
  server: StartedServer,
  { id, ownerId, parentId, name, size }: { id: string; ownerId: string; parentId: string | null; name: string; size: number }
) => {
  await server.withDb(async (db) => {
    await db.insertInto("labs").values(fileRow({ id, ownerId, parentId, name, size })).execute()
    // Keep the folders' sizes right, as the upload service will.
    let folder = parentId
    while (folder) {
      await db
        .updateTable("labs")
        .set((eb) => ({ size: eb("size", "+", size) }))
        .where("id", "=", folder)
        .execute()
      folder = (await db.selectFrom("labs").select("parent_id").where("id", "=", folder).executeTakeFirstOrThrow()).parent_id
    }
  })
}

/** A file's row as the upload service writes it, for tests that put files straight in the database. */
const fileRow = (file: { id: string; ownerId: string; parentId: string | null; name: string; size: number; deleted?: boolean }) => {
  const now = new Date().toISOString()
  return {
    id: file.id,
    owner_id: file.ownerId,
    parent_id: file.parentId,
    name: file.name,
    name_lower: file.name.toLowerCase(),
    is_dir: 0,
    status: "ready",
    size: file.size,
    description: null,
    thumbnail: null,
    blob_key: null,
    is_public: 0,
    created_at: now,
    updated_at: now,
    deleted_at: file.deleted ? now : null,
    trash_id: null
  }
}

/** Files straight into the database, in bulk (a broad search, a full Recently accessed); their ids. */
export const insertFiles = (
  server: StartedServer,
  ownerId: string,
  parentId: string | null,
  names: ReadonlyArray<string>,
  deleted = false
) =>
  server.withDb(async (db) => {
    const rows = names.map((name) => fileRow({ id: randomUUID(), ownerId, parentId, name, size: 1, deleted }))
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto("labs")
        .values(rows.slice(i, i + 200))
        .execute()
    return rows.map((r) => r.id)
  })

/**
 * A server of its own for a describe block (started before its tests, stopped after), with a labs
 * client; read `server` and `c` inside the tests, once started.
 */
export const serverForBlock = (options: StartOptions = {}) => {
  const block = {} as { server: StartedServer; c: LabsClient }
  beforeAll(async () => {
    block.server = await startServer(options)
    block.c = client(block.server)
  })
  afterAll(() => block.server.stop())
  return block
}
