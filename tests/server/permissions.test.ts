// The permission matrix over real HTTP: every endpoint of the labs, members, notifications,
// storage, realtime, slides, annotations, chat, comment threads and notes groups, called by each standing (owner, admin, reviewer, stranger, guest) on a private
// and, where it matters, a public lab. The cases are generated from the table below; a test fails
// when an endpoint of those contract groups is missing from it. Refused changes change nothing.
// Scan requests, which belong to no lab, have a table of their own at the end: the requester, staff,
// another signed-in user and a guest; so do invoices (billing and payment review): the invoice's
// owner, staff, another signed-in user and a guest.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Api } from "../../src/contract/api.ts"
import { type Reply, type SignedIn, uniqueEmail } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createLabel, createSlide, newAnnotation, postAnnotations, rect, webAnnotation } from "./support/annotations-api.ts"
import { issueInvoice, makeStaff, sendProof, waitingInvoice } from "./support/billing-api.ts"
import { client, createFolder, makePublic, person, share } from "./support/labs-api.ts"
import { pyramidEntries, sendChunk, smallImage, uploadDzi, uploadWhole } from "./support/slides-api.ts"
import { zip } from "./support/zip.ts"

type Standing = "owner" | "admin" | "reviewer" | "stranger" | "guest"
const standings: ReadonlyArray<Standing> = ["owner", "admin", "reviewer", "stranger", "guest"]
type Expected = Readonly<Record<Standing, number>>
type Visibility = "private" | "public"

/** A fresh lab tree: folder F (admin and reviewer members, and an extra reviewer) holding C, D and T (in the trash). */
interface Fixture {
  readonly folder: string
  readonly child: string
  readonly sibling: string
  readonly trashed: string
  readonly entry: string
  readonly extraMember: string
  readonly reviewerNotification: string
}

interface Case {
  /** `METHOD path` exactly as the contract declares it. */
  readonly endpoint: string
  /** Another call of the same endpoint, e.g. "move" beside "rename". */
  readonly variant?: string
  /** Which visibilities to run; private only when publicness cannot matter. */
  readonly visibilities: ReadonlyArray<Visibility>
  /** A fresh fixture per call (the call changes it). */
  readonly mutates: boolean
  readonly call: (f: Fixture, token: string | undefined) => Promise<Reply>
  readonly expect: (visibility: Visibility) => Expected
  /** After a refusal, what must still hold. */
  readonly unchanged?: (f: Fixture) => Promise<void>
}

let server: StartedServer
let c: ReturnType<typeof client>
const people = {} as Record<Exclude<Standing, "guest"> | "extra", SignedIn>

beforeAll(async () => {
  server = await startServer()
  c = client(server)
  for (const who of ["owner", "admin", "reviewer", "stranger", "extra"] as const) people[who] = await person(server, `Matrix ${who}`)
  png = await smallImage("png", 32, 32)
  dziZip = zip(await pyramidEntries("pyramid", 40, 30))
})
afterAll(() => server.stop())

let folders = 0
const makeFixture = async (visibility: Visibility): Promise<Fixture> => {
  const owner = people.owner
  const folder = await createFolder(server, owner, `F${++folders}`)
  const child = await createFolder(server, owner, "C", folder.id)
  const sibling = await createFolder(server, owner, "D", folder.id)
  const trashed = await createFolder(server, owner, "T", folder.id)
  await share(server, owner, folder.id, people.admin, "admin")
  await share(server, owner, folder.id, people.reviewer, "reviewer")
  const extraMember = await share(server, owner, folder.id, people.extra, "reviewer")
  const entry = (await c.put("/v2/labs/metadata/", { lab_id: child.id, name: "stain", value: "HE" }, { token: owner.access })).body.data
    .metadata.id
  expect((await c.del(`/v2/labs/${trashed.id}/`, undefined, { token: owner.access })).status).toBe(200)
  if (visibility === "public") await makePublic(server, owner, folder.id)
  const notes = (await c.get("/v2/notifications/?limit=1", { token: people.reviewer.access })).body.data.data.results
  return {
    folder: folder.id,
    child: child.id,
    sibling: sibling.id,
    trashed: trashed.id,
    entry,
    extraMember,
    reviewerNotification: notes[0].id
  }
}

// Expectations by kind of action. On a public lab a stranger sees (view: 200) but may do nothing
// else (403); a guest may view a public lab through the endpoints that allow guests at all.
const view = (v: Visibility): Expected =>
  v === "public"
    ? { owner: 200, admin: 200, reviewer: 200, stranger: 200, guest: 200 }
    : { owner: 200, admin: 200, reviewer: 200, stranger: 404, guest: 401 }
const byRole =
  (allowed: ReadonlyArray<Standing>, status = 200) =>
  (v: Visibility): Expected => {
    const out = {} as Record<Standing, number>
    for (const s of standings)
      out[s] = allowed.includes(s) ? status : s === "guest" ? 401 : s === "stranger" ? (v === "public" ? 403 : 404) : 403
    return out
  }
const editors = byRole(["owner", "admin"])
const ownerOnly = byRole(["owner"])
const anyMember = byRole(["owner", "admin", "reviewer"])
const signedIn = (): Expected => ({ owner: 200, admin: 200, reviewer: 200, stranger: 200, guest: 401 })

const ownerSees = async (path: string) => (await c.get(path, { token: people.owner.access })).body

/** The owner offers the fixture's folder to its admin; the offer's id. */
const offerToAdmin = async (f: Fixture): Promise<string> => {
  const reply = await c.post("/v2/members/transfer/", { lab_id: f.folder, user_id: people.admin.id }, { token: people.owner.access })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return reply.body.data.id
}

// Slides: a small image and a Deep Zoom zip to upload, and (made once per shared fixture) a file
// lab in C and an upload the owner started there.
let png: Uint8Array
let dziZip: Uint8Array
const slideSender = (token: string | undefined) => (token ? { access: token } : undefined)
const once = new Map<string, Promise<string>>()
const memo = (key: string, make: () => Promise<string>) => {
  if (!once.has(key)) once.set(key, make())
  return once.get(key)!
}
const fileIn = (f: Fixture) =>
  memo(`file ${f.child}`, async () => (await uploadWhole(server, people.owner, f.child, "slide.png", png)).body.data.lab.id)
const uploadIn = (f: Fixture) =>
  memo(`upload ${f.child}`, async () => {
    const reply = await sendChunk(server, people.owner, { labId: f.child, filename: "half.png", file: png, start: 0, end: 99 })
    return reply.body.data.upload_id
  })
// Annotations: a slide in C with one label and one of the owner's annotations (made once per fixture).
interface Annotated {
  readonly slide: string
  readonly label: string
  readonly annotation: string
}
const annotated = new Map<string, Promise<Annotated>>()
const annotatedIn = (f: Fixture): Promise<Annotated> => {
  if (!annotated.has(f.child))
    annotated.set(
      f.child,
      (async () => {
        const slide = await createSlide(server, people.owner, f.child)
        const token = { token: people.owner.access }
        const label = (await c.post("/v2/labs/label-slide/", { lab_id: slide, name: "Tumor" }, token)).body.data.id
        const annotation = newAnnotation(label)
        expect((await c.post(`/v2/labs/${slide}/v2/annotations/`, { data: [annotation] }, token)).status).toBe(201)
        return { slide, label, annotation: annotation.id }
      })()
    )
  return annotated.get(f.child)!
}
/** A ready slide in C without a resolution (made once per fixture). */
const slideIn = (f: Fixture) => memo(`slide ${f.child}`, () => createSlide(server, people.owner, f.child))
const ownerAnnotations = async (f: Fixture) => (await ownerSees(`/v2/labs/${(await annotatedIn(f)).slide}/v2/annotations/`)).data.results
const ownerLabels = async (f: Fixture) => (await ownerSees(`/v2/labs/label-slide/?lab_id=${(await annotatedIn(f)).slide}`)).data.results

/** A slide of its own per kind, with one note (or report) the owner wrote, titled "Owner's". */
const noted = new Map<string, Promise<{ slide: string; id: string }>>()
const notedIn = (f: Fixture, kind: "notes" | "reports") => {
  const key = `${f.child} ${kind}`
  if (!noted.has(key))
    noted.set(
      key,
      (async () => {
        const slide = await createSlide(server, people.owner, f.child)
        const reply = await c.post(
          `/v2/slides/${slide}/${kind}/`,
          { title: "Owner's", value: "Seen by the owner." },
          { token: people.owner.access }
        )
        expect(reply.status, JSON.stringify(reply.body)).toBe(200)
        return { slide, id: reply.body.data.id as string }
      })()
    )
  return noted.get(key)!
}
const ownerNotes = async (f: Fixture, kind: "notes" | "reports") =>
  ((await ownerSees(`/v2/slides/${(await notedIn(f, kind)).slide}/${kind}/`)).data.results as Array<{ title: string; value: string }>).map(
    (note) => (note.value === "Seen by the owner." ? note.title : `${note.title} (${note.value})`)
  )

/** A slide in C with a comment pin and one reply, both the owner's (fresh per mutating call's fixture). */
const threaded = new Map<string, Promise<{ slide: string; pin: string; reply: string }>>()
const threadedIn = (f: Fixture) => {
  if (!threaded.has(f.child))
    threaded.set(
      f.child,
      (async () => {
        const slide = await createSlide(server, people.owner, f.child)
        const label = await createLabel(server, people.owner, slide, "Comments")
        const pin = randomUUID()
        const made = await postAnnotations(server, people.owner, slide, [
          { id: pin, data: webAnnotation(label.id, rect(1, 1, 1, 1), "Pin") }
        ])
        expect(made.status, JSON.stringify(made.body)).toBeLessThan(300)
        const reply = await c.post(`/v2/comment/threads/${pin}/replies/`, { message: "Owner's" }, { token: people.owner.access })
        expect(reply.status, JSON.stringify(reply.body)).toBe(200)
        return { slide, pin, reply: reply.body.data.id as string }
      })()
    )
  return threaded.get(f.child)!
}
const ownerThread = async (f: Fixture) => (await ownerSees(`/v2/comment/threads/${(await threadedIn(f)).pin}/`)).data

const childCount = async (f: Fixture) => expect((await ownerSees(`/v2/labs/?parent=${f.child}`)).data.meta.count).toBe(0)

const cases: ReadonlyArray<Case> = [
  // labsView: the endpoints a guest may call
  {
    endpoint: "GET /v2/labs/",
    variant: "own root",
    visibilities: ["private"],
    mutates: false,
    call: (_f, t) => c.get("/v2/labs/", { token: t }),
    expect: signedIn
  },
  {
    endpoint: "GET /v2/labs/",
    variant: "a folder's children",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => c.get(`/v2/labs/?parent=${f.folder}`, { token: t }),
    expect: view
  },
  {
    endpoint: "GET /v2/labs/",
    variant: "search inside a folder",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => c.get(`/v2/labs/?parent=${f.folder}&search=c`, { token: t }),
    expect: view
  },
  {
    endpoint: "GET /v2/labs/:id/",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => c.get(`/v2/labs/${f.child}/`, { token: t }),
    expect: view
  },
  {
    endpoint: "GET /v2/labs/:id/info/",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => c.get(`/v2/labs/${f.child}/info/`, { token: t }),
    expect: view
  },
  {
    endpoint: "GET /v2/labs/metadata/",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => c.get(`/v2/labs/metadata/?lab_id=${f.child}&meta_key=stain`, { token: t }),
    expect: view
  },
  {
    endpoint: "GET /v2/labs/:id/metalabs/",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => c.get(`/v2/labs/${f.child}/metalabs/`, { token: t }),
    expect: view
  },
  // labs
  {
    endpoint: "POST /v2/labs/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.post("/v2/labs/", { name: "New", parent: f.folder }, { token: t }),
    expect: byRole(["owner", "admin"], 201),
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/?parent=${f.folder}`)).data.meta.count).toBe(2)
  },
  {
    endpoint: "PUT /v2/labs/:id/",
    variant: "rename",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.put(`/v2/labs/${f.child}/`, { name: "Renamed" }, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/${f.child}/`)).data.name).toBe("C")
  },
  {
    endpoint: "PUT /v2/labs/:id/",
    variant: "move",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.put(`/v2/labs/${f.child}/`, { parent: f.sibling }, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/${f.child}/`)).data.parent).toBe(f.folder)
  },
  {
    endpoint: "PUT /v2/labs/:id/resolution/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.put(`/v2/labs/${await slideIn(f)}/resolution/`, { mpp: 0.25 }, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/${await slideIn(f)}/`)).data.mpp).toBeNull()
  },
  {
    endpoint: "DELETE /v2/labs/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.del(`/v2/labs/${f.child}/`, undefined, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/${f.child}/`)).data.id).toBe(f.child)
  },
  {
    endpoint: "DELETE /v2/labs/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.del("/v2/labs/", { lab_id: [f.child, f.sibling] }, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/?parent=${f.folder}`)).data.meta.count).toBe(2)
  },
  {
    endpoint: "GET /v2/get-dirs/",
    visibilities: ["private"],
    mutates: false,
    call: (_f, t) => c.get("/v2/get-dirs/", { token: t }),
    expect: signedIn
  },
  {
    endpoint: "GET /v2/labs/shareds/",
    visibilities: ["private"],
    mutates: false,
    call: (_f, t) => c.get("/v2/labs/shareds/", { token: t }),
    expect: signedIn
  },
  {
    endpoint: "GET /v2/labs/recents/",
    visibilities: ["private"],
    mutates: false,
    call: (_f, t) => c.get("/v2/labs/recents/", { token: t }),
    expect: signedIn
  },
  // favorites
  {
    endpoint: "GET /v2/labs/favorites/",
    visibilities: ["private"],
    mutates: false,
    call: (_f, t) => c.get("/v2/labs/favorites/", { token: t }),
    expect: signedIn
  },
  {
    endpoint: "POST /v2/labs/favorites/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.post("/v2/labs/favorites/", { lab_id: f.child }, { token: t }),
    expect: byRole(["owner", "admin", "reviewer"], 201)
  },
  {
    // Each user removes their own favorite: whoever could add it can remove it.
    endpoint: "DELETE /v2/labs/favorites/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => {
      if (t) await c.post("/v2/labs/favorites/", { lab_id: f.child }, { token: t })
      return c.del(`/v2/labs/favorites/${f.child}/`, undefined, { token: t })
    },
    expect: () => ({ owner: 200, admin: 200, reviewer: 200, stranger: 404, guest: 401 })
  },
  // metadata
  {
    endpoint: "PUT /v2/labs/metadata/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.put("/v2/labs/metadata/", { lab_id: f.child, name: "stain", value: "PAS" }, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/${f.child}/metalabs/`)).data.metadata[0].value).toBe("HE")
  },
  {
    endpoint: "PUT /v2/labs/metadata/",
    variant: "public flag",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.put("/v2/labs/metadata/", { lab_id: f.folder, name: "mylab-is_public", value: "true" }, { token: t }),
    expect: editors
  },
  {
    endpoint: "PUT /v2/labs/:id/info/:metaId/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.put(`/v2/labs/${f.child}/info/${f.entry}/`, { value: "PAS" }, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/${f.child}/metalabs/`)).data.metadata[0].value).toBe("HE")
  },
  {
    endpoint: "DELETE /v2/labs/:id/info/:metaId/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.del(`/v2/labs/${f.child}/info/${f.entry}/`, undefined, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/${f.child}/metalabs/`)).data.metadata).toHaveLength(1)
  },
  // trash
  {
    endpoint: "GET /v2/labs/trash/",
    visibilities: ["private"],
    mutates: false,
    call: (_f, t) => c.get("/v2/labs/trash/", { token: t }),
    expect: signedIn
  },
  {
    endpoint: "POST /v2/restore/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.post("/v2/restore/", { lab_id: f.trashed }, { token: t }),
    expect: ownerOnly,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/?parent=${f.folder}`)).data.meta.count).toBe(2)
  },
  {
    endpoint: "DELETE /v2/labs/trash/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.del(`/v2/labs/trash/${f.trashed}/`, undefined, { token: t }),
    expect: ownerOnly,
    unchanged: async (f) =>
      expect((await ownerSees("/v2/labs/trash/?limit=100")).data.results.map((l: { id: string }) => l.id)).toContain(f.trashed)
  },
  {
    // Everyone empties only their own trash.
    endpoint: "DELETE /v2/labs/trash/",
    visibilities: ["private"],
    mutates: true,
    call: (_f, t) => c.del("/v2/labs/trash/", undefined, { token: t }),
    expect: signedIn,
    unchanged: async (f) =>
      expect((await ownerSees("/v2/labs/trash/?limit=100")).data.results.map((l: { id: string }) => l.id)).toContain(f.trashed)
  },
  // members
  {
    endpoint: "GET /v2/members/",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => c.get(`/v2/members/?lab_id=${f.child}`, { token: t }),
    expect: anyMember
  },
  {
    endpoint: "POST /v2/members/invites/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.post("/v2/members/invites/", { lab_id: f.child, email: [uniqueEmail("matrix")] }, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/members/?lab_id=${f.child}`)).data.meta.count).toBe(4)
  },
  {
    endpoint: "PUT /v2/members/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.put(`/v2/members/${f.extraMember}/`, { role_member: "admin" }, { token: t }),
    expect: editors,
    unchanged: async (f) => {
      const rows = (await ownerSees(`/v2/members/?lab_id=${f.folder}`)).data.results
      expect(rows.find((m: { id: string }) => m.id === f.extraMember).role_member).toBe("reviewer")
    }
  },
  {
    endpoint: "DELETE /v2/members/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.del(`/v2/members/${f.extraMember}/`, undefined, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerSees(`/v2/members/?lab_id=${f.folder}`)).data.meta.count).toBe(4)
  },
  {
    endpoint: "POST /v2/members/transfer/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => c.post("/v2/members/transfer/", { lab_id: f.folder, user_id: people.admin.id }, { token: t }),
    expect: ownerOnly,
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/${f.folder}/`)).data.role).toBe("owner")
  },
  {
    endpoint: "GET /v2/members/transfer/",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => c.get(`/v2/members/transfer/?lab_id=${f.folder}`, { token: t }),
    expect: anyMember
  },
  {
    // Offered to the admin: only they answer it.
    endpoint: "POST /v2/members/transfer/:id/accept/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.post(`/v2/members/transfer/${await offerToAdmin(f)}/accept/`, {}, { token: t }),
    expect: byRole(["admin"]),
    unchanged: async (f) => expect((await ownerSees(`/v2/labs/${f.folder}/`)).data.role).toBe("owner")
  },
  {
    endpoint: "POST /v2/members/transfer/:id/decline/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.post(`/v2/members/transfer/${await offerToAdmin(f)}/decline/`, {}, { token: t }),
    expect: byRole(["admin"]),
    unchanged: async (f) => expect((await ownerSees(`/v2/members/transfer/?lab_id=${f.folder}`)).data).not.toBeNull()
  },
  {
    endpoint: "DELETE /v2/members/transfer/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.del(`/v2/members/transfer/${await offerToAdmin(f)}/`, undefined, { token: t }),
    expect: ownerOnly,
    unchanged: async (f) => expect((await ownerSees(`/v2/members/transfer/?lab_id=${f.folder}`)).data).not.toBeNull()
  },
  {
    endpoint: "GET /v2/auth/users/",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => c.get(`/v2/auth/users/?lab_id=${f.child}&search=matrix`, { token: t }),
    expect: editors
  },
  // notifications: only one's own
  {
    endpoint: "GET /v2/notifications/",
    visibilities: ["private"],
    mutates: false,
    call: (_f, t) => c.get("/v2/notifications/", { token: t }),
    expect: signedIn
  },
  {
    endpoint: "PUT /v2/notifications/:id/",
    visibilities: ["private"],
    mutates: true,
    call: (f, t) => c.put(`/v2/notifications/${f.reviewerNotification}/`, undefined, { token: t }),
    expect: () => ({ owner: 404, admin: 404, reviewer: 200, stranger: 404, guest: 401 })
  },
  {
    // Only ever one's own: anyone signed in may, and it touches nobody else's.
    endpoint: "POST /v2/notifications/read-all/",
    visibilities: ["private"],
    mutates: true,
    call: (_f, t) => c.post("/v2/notifications/read-all/", undefined, { token: t }),
    expect: signedIn
  },
  // storage
  {
    endpoint: "GET /v2/pricing/plan/storage/",
    visibilities: ["private"],
    mutates: false,
    call: (_f, t) => c.get("/v2/pricing/plan/storage/", { token: t }),
    expect: signedIn
  },
  // slides: uploading is creating in the folder (owner, admin); an upload is its uploader's alone;
  // the original goes to whoever may download it.
  {
    endpoint: "POST /v2/slides/upload/:labId",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => uploadWhole(server, slideSender(t), f.child, "a.png", png),
    expect: byRole(["owner", "admin"], 201),
    unchanged: childCount
  },
  {
    endpoint: "POST /v2/slides/chunks/",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => sendChunk(server, slideSender(t), { labId: f.child, filename: "a.png", file: png, start: 0, end: png.length - 1 }),
    expect: editors,
    unchanged: childCount
  },
  {
    endpoint: "GET /v2/slides/chunks/:uploadId/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.get(`/v2/slides/chunks/${await uploadIn(f)}/`, { token: t }),
    expect: () => ({ owner: 200, admin: 404, reviewer: 404, stranger: 404, guest: 401 })
  },
  {
    endpoint: "POST /v2/slides/upload/dzi/:labId",
    visibilities: ["private", "public"],
    mutates: true,
    call: (f, t) => uploadDzi(server, slideSender(t), f.child, "pyramid.zip", dziZip),
    expect: byRole(["owner", "admin"], 201),
    unchanged: childCount
  },
  {
    endpoint: "GET /v2/slides/:labId/original/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => {
      const response = await fetch(`${server.url}/v2/slides/${await fileIn(f)}/original/`, {
        headers: t ? { authorization: `Bearer ${t}` } : {}
      })
      const body = response.headers.get("content-type")?.startsWith("application/json")
        ? await response.json()
        : await response.arrayBuffer()
      return { status: response.status, body, headers: response.headers }
    },
    expect: editors
  },
  // annotations and labels (server/domain/annotation-rules.ts): members read and create; a reviewer
  // edits only their own shapes (the owner's here: 403); labels change with owner and admin only.
  {
    endpoint: "GET /v2/labs/:labId/v2/annotations/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.get(`/v2/labs/${(await annotatedIn(f)).slide}/v2/annotations/`, { token: t }),
    expect: view
  },
  {
    endpoint: "GET /v2/labs/:labId/annotations/compact/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.get(`/v2/labs/${(await annotatedIn(f)).slide}/annotations/compact/`, { token: t }),
    expect: view
  },
  {
    endpoint: "GET /v2/labs/:labId/annotations/:id/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => {
      const { slide, annotation } = await annotatedIn(f)
      return c.get(`/v2/labs/${slide}/annotations/${annotation}/`, { token: t })
    },
    expect: view
  },
  {
    endpoint: "POST /v2/labs/:labId/v2/annotations/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => {
      const { slide, label } = await annotatedIn(f)
      return c.post(`/v2/labs/${slide}/v2/annotations/`, { data: [newAnnotation(label, rect(1, 1, 2, 2))] }, { token: t })
    },
    expect: byRole(["owner", "admin", "reviewer"], 201),
    unchanged: async (f) => expect(await ownerAnnotations(f)).toHaveLength(1)
  },
  {
    endpoint: "PUT /v2/labs/:labId/annotations/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => {
      const { slide, annotation } = await annotatedIn(f)
      return c.put(`/v2/labs/${slide}/annotations/${annotation}/`, { visible: false, version: 1 }, { token: t })
    },
    expect: editors,
    unchanged: async (f) => expect((await ownerAnnotations(f))[0]).toMatchObject({ visible: true, version: 1 })
  },
  {
    endpoint: "DELETE /v2/labs/:labId/annotations/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => {
      const { slide, annotation } = await annotatedIn(f)
      return c.del(`/v2/labs/${slide}/annotations/${annotation}/`, undefined, { token: t })
    },
    expect: editors,
    unchanged: async (f) => expect(await ownerAnnotations(f)).toHaveLength(1)
  },
  {
    endpoint: "POST /v2/labs/:labId/annotations/bulk-update/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => {
      const { slide, annotation } = await annotatedIn(f)
      return c.post(`/v2/labs/${slide}/annotations/bulk-update/`, { ids: [annotation], visible: false }, { token: t })
    },
    // The owner's shape: a reviewer changes only their own, as with one at a time.
    expect: editors,
    unchanged: async (f) => expect((await ownerAnnotations(f))[0]).toMatchObject({ visible: true, version: 1 })
  },
  {
    endpoint: "POST /v2/labs/:labId/annotations/bulk-delete/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => {
      const { slide, annotation } = await annotatedIn(f)
      return c.post(`/v2/labs/${slide}/annotations/bulk-delete/`, { ids: [annotation] }, { token: t })
    },
    expect: editors,
    unchanged: async (f) => expect(await ownerAnnotations(f)).toHaveLength(1)
  },
  {
    // Only what the caller deleted comes back: each deletes the owner's shape, then restores it;
    // those refused the deletion get its refusal, and nothing changes.
    endpoint: "POST /v2/labs/:labId/annotations/restore/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => {
      const { slide, annotation } = await annotatedIn(f)
      const deleted = await c.post(`/v2/labs/${slide}/annotations/bulk-delete/`, { ids: [annotation] }, { token: t })
      if (deleted.status !== 200) return deleted
      return c.post(`/v2/labs/${slide}/annotations/restore/`, { ids: [annotation] }, { token: t })
    },
    expect: byRole(["owner", "admin"], 201),
    unchanged: async (f) => expect(await ownerAnnotations(f)).toHaveLength(1)
  },
  {
    endpoint: "GET /v2/labs/label-slide/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.get(`/v2/labs/label-slide/?lab_id=${(await annotatedIn(f)).slide}`, { token: t }),
    expect: view
  },
  {
    endpoint: "POST /v2/labs/label-slide/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.post("/v2/labs/label-slide/", { lab_id: (await annotatedIn(f)).slide, name: "Stroma" }, { token: t }),
    expect: byRole(["owner", "admin", "reviewer"], 201),
    unchanged: async (f) => expect(await ownerLabels(f)).toHaveLength(1)
  },
  {
    endpoint: "PUT /v2/labs/label-slide/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.put(`/v2/labs/label-slide/${(await annotatedIn(f)).label}/`, { color: "#000000" }, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerLabels(f))[0].color).toBe("#FFFF00")
  },
  {
    endpoint: "DELETE /v2/labs/label-slide/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.del(`/v2/labs/label-slide/${(await annotatedIn(f)).label}/`, undefined, { token: t }),
    expect: editors,
    unchanged: async (f) => {
      expect(await ownerLabels(f)).toHaveLength(1)
      expect(await ownerAnnotations(f)).toHaveLength(1)
    }
  },
  {
    // Only the deleter undoes a deletion: the owner and an admin undo their own; the owner's is not
    // found by anyone else (a reviewer, a stranger), so nobody restores another's work.
    endpoint: "POST /v2/labs/label-slide/restore/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => {
      const own = t === people.owner.access || t === people.admin.access
      const deleted = await c.del(`/v2/labs/label-slide/${(await annotatedIn(f)).label}/`, undefined, {
        token: own ? t : people.owner.access
      })
      expect(deleted.status).toBe(200)
      return c.post("/v2/labs/label-slide/restore/", { deletion_id: deleted.body.data.deletion_id }, { token: t })
    },
    expect: (v) => ({ owner: 200, admin: 200, reviewer: 404, stranger: 404, guest: v === "public" ? 401 : 401 }),
    unchanged: async (f) => {
      expect(await ownerLabels(f)).toHaveLength(0)
      expect(await ownerAnnotations(f)).toHaveLength(0)
    }
  },
  // who has the slide open: members only, whatever the slide's publicness
  {
    endpoint: "GET /v2/labs/:labId/viewers/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.get(`/v2/labs/${(await annotatedIn(f)).slide}/viewers/`, { token: t }),
    expect: anyMember
  },
  {
    endpoint: "POST /v2/labs/:labId/viewers/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.post(`/v2/labs/${(await annotatedIn(f)).slide}/viewers/`, undefined, { token: t }),
    expect: anyMember
  },
  {
    endpoint: "DELETE /v2/labs/:labId/viewers/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.del(`/v2/labs/${(await annotatedIn(f)).slide}/viewers/`, undefined, { token: t }),
    expect: anyMember
  },
  // a slide's chat: whoever may look at the slide reads it (a public slide's visitors too, without
  // emails); only its members write and mark it read
  {
    endpoint: "GET /v2/comment/chat/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.get(`/v2/comment/chat/?lab_id=${(await annotatedIn(f)).slide}`, { token: t }),
    expect: view
  },
  {
    endpoint: "POST /v2/comment/chat/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.post("/v2/comment/chat/", { lab_id: await slideIn(f), message: "From the matrix" }, { token: t }),
    expect: anyMember,
    unchanged: async (f) => expect((await ownerSees(`/v2/comment/chat/?lab_id=${await slideIn(f)}`)).data.results).toEqual([])
  },
  {
    endpoint: "POST /v2/comment/chat/read/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.post("/v2/comment/chat/read/", { lab_id: await slideIn(f) }, { token: t }),
    expect: anyMember
  },
  {
    endpoint: "PUT /v2/comment/chat/mute/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.put("/v2/comment/chat/mute/", { lab_id: await slideIn(f), muted: true }, { token: t }),
    expect: anyMember
  },
  // comment threads: read like the chat (a public slide's visitors too, without emails); members
  // reply and resolve; a reply's words are its author's alone; owner and admin delete any reply
  {
    endpoint: "GET /v2/comment/threads/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.get(`/v2/comment/threads/?lab_id=${(await threadedIn(f)).slide}`, { token: t }),
    expect: view
  },
  {
    endpoint: "GET /v2/comment/threads/:annotationId/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.get(`/v2/comment/threads/${(await threadedIn(f)).pin}/`, { token: t }),
    expect: view
  },
  {
    endpoint: "POST /v2/comment/threads/:annotationId/replies/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.post(`/v2/comment/threads/${(await threadedIn(f)).pin}/replies/`, { message: "From the matrix" }, { token: t }),
    expect: anyMember,
    unchanged: async (f) => expect((await ownerThread(f)).replies).toHaveLength(1)
  },
  {
    endpoint: "PUT /v2/comment/threads/:annotationId/resolved/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.put(`/v2/comment/threads/${(await threadedIn(f)).pin}/resolved/`, { resolved: true }, { token: t }),
    expect: anyMember,
    unchanged: async (f) => expect((await ownerThread(f)).thread.resolved).toBe(false)
  },
  {
    endpoint: "PATCH /v2/comment/replies/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.patch(`/v2/comment/replies/${(await threadedIn(f)).reply}/`, { message: "Changed" }, { token: t }),
    expect: ownerOnly,
    unchanged: async (f) => expect((await ownerThread(f)).replies[0].message).toBe("Owner's")
  },
  {
    endpoint: "DELETE /v2/comment/replies/:id/",
    visibilities: ["private", "public"],
    mutates: true,
    call: async (f, t) => c.del(`/v2/comment/replies/${(await threadedIn(f)).reply}/`, undefined, { token: t }),
    expect: editors,
    unchanged: async (f) => expect((await ownerThread(f)).replies).toHaveLength(1)
  },
  // a slide's notes and reports: the team's papers, read and written by its members only (a public
  // slide's visitor too is refused); owner and admin edit or delete the owner's, a reviewer may not
  ...(["notes", "reports"] as const).flatMap((kind): Case[] => [
    {
      endpoint: `GET /v2/slides/:slideId/${kind}/`,
      visibilities: ["private", "public"],
      mutates: false,
      call: async (f, t) => c.get(`/v2/slides/${(await notedIn(f, kind)).slide}/${kind}/`, { token: t }),
      expect: anyMember
    },
    {
      endpoint: `POST /v2/slides/:slideId/${kind}/`,
      visibilities: ["private", "public"],
      mutates: true,
      call: async (f, t) =>
        c.post(`/v2/slides/${(await notedIn(f, kind)).slide}/${kind}/`, { title: "From the matrix", value: "" }, { token: t }),
      expect: anyMember,
      unchanged: async (f) => expect(await ownerNotes(f, kind)).toEqual(["Owner's"])
    },
    {
      endpoint: `PUT /v2/slides/:slideId/${kind}/:id/`,
      visibilities: ["private", "public"],
      mutates: true,
      call: async (f, t) => {
        const { slide, id } = await notedIn(f, kind)
        return c.put(`/v2/slides/${slide}/${kind}/${id}/`, { title: "Owner's", value: "changed" }, { token: t })
      },
      expect: editors,
      unchanged: async (f) => expect(await ownerNotes(f, kind)).toEqual(["Owner's"])
    },
    {
      endpoint: `DELETE /v2/slides/:slideId/${kind}/:id/`,
      visibilities: ["private", "public"],
      mutates: true,
      call: async (f, t) => {
        const { slide, id } = await notedIn(f, kind)
        return c.del(`/v2/slides/${slide}/${kind}/${id}/`, undefined, { token: t })
      },
      expect: editors,
      unchanged: async (f) => expect(await ownerNotes(f, kind)).toEqual(["Owner's"])
    }
  ]),
  // a report's PDF: whoever may read the slide's reports; anyone else is told it does not exist
  // (404, on a public slide too), a guest is asked to sign in
  {
    endpoint: "GET /v2/slides/download-report/:reportId/",
    visibilities: ["private", "public"],
    mutates: false,
    call: async (f, t) => c.get(`/v2/slides/download-report/${(await notedIn(f, "reports")).id}/`, { token: t }),
    expect: () => ({ owner: 200, admin: 200, reviewer: 200, stranger: 404, guest: 401 })
  },
  // realtime: anyone may learn where to connect; a lab's channel is for whoever may see the lab,
  // and listening always needs a token (a guest's public view is not live).
  {
    endpoint: "GET /v2/realtime/config/",
    visibilities: ["private"],
    mutates: false,
    call: (_f, t) => c.get("/v2/realtime/config/", { token: t }),
    expect: () => ({ owner: 200, admin: 200, reviewer: 200, stranger: 200, guest: 200 })
  },
  {
    endpoint: "POST /v2/realtime/auth/",
    visibilities: ["private", "public"],
    mutates: false,
    call: (f, t) => authorizeChannel(`private-mylab_${f.child}`, t),
    expect: (v) => ({ owner: 200, admin: 200, reviewer: 200, stranger: v === "public" ? 200 : 403, guest: 401 })
  }
]

/** pusher-js asks for a channel signature with a form, as the browser does. */
async function authorizeChannel(channel: string, token: string | undefined): Promise<Reply> {
  const response = await fetch(`${server.url}/v2/realtime/auth/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams({ socket_id: "123.456", channel_name: channel }).toString()
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers }
}

/** The groups this matrix answers for. */
const groups = [
  "labsView",
  "labs",
  "favorites",
  "metadata",
  "trash",
  "members",
  "notifications",
  "storage",
  "realtimeConfig",
  "realtimeAuth",
  "slides",
  "annotationsView",
  "annotations",
  "labels",
  "slideViewers",
  "chatView",
  "chat",
  "commentsView",
  "comments",
  "notes",
  "scanRequestsPublic",
  "scanRequests",
  "billing",
  "paymentReview"
] as const

const contractEndpoints = (): string[] => {
  const out: string[] = []
  for (const id of groups) {
    const group = (Api.groups as Record<string, { endpoints: Record<string, { method: string; path: string }> }>)[id]
    if (!group) throw new Error(`no group ${id} in the contract`)
    for (const endpoint of Object.values(group.endpoints)) out.push(`${endpoint.method.toUpperCase()} ${endpoint.path}`)
  }
  return out
}

describe("the permission table", () => {
  it("has a case for every endpoint of the labs, members, notifications, storage, realtime, slides and annotations groups, and no other", () => {
    const declared = contractEndpoints()
    expect(declared.length).toBeGreaterThanOrEqual(30)
    const covered = new Set([...cases.map((k) => k.endpoint), ...scanCases.map((k) => k.endpoint), ...billCases.map((k) => k.endpoint)])
    expect(declared.filter((e) => !covered.has(e))).toEqual([])
    expect([...covered].filter((e) => !declared.includes(e))).toEqual([])
  })
})

const shared = new Map<Visibility, Promise<Fixture>>()
const sharedFixture = (v: Visibility) => {
  if (!shared.has(v)) shared.set(v, makeFixture(v))
  return shared.get(v)!
}

for (const k of cases) {
  for (const visibility of k.visibilities) {
    describe(`${k.endpoint}${k.variant ? ` (${k.variant})` : ""} on a ${visibility} lab`, () => {
      const expected = k.expect(visibility)
      for (const standing of standings) {
        const status = expected[standing]
        it(`${standing}: ${status}`, async () => {
          const fixture = k.mutates ? await makeFixture(visibility) : await sharedFixture(visibility)
          const token = standing === "guest" ? undefined : people[standing].access
          const reply = await k.call(fixture, token)
          expect(reply.status, JSON.stringify(reply.body)).toBe(status)
          if (status >= 400) {
            expect(typeof reply.body?.message, JSON.stringify(reply.body)).toBe("string")
            await k.unchanged?.(fixture)
          }
        })
      }
    })
  }
}

// Scan requests are no lab's: who may do what depends on being signed in, being the requester, and
// being staff. The requester sent one request; another signed-in user sent none.
type ScanStanding = "requester" | "staff" | "other" | "guest"
const scanStandings: ReadonlyArray<ScanStanding> = ["requester", "staff", "other", "guest"]

interface ScanCase {
  readonly endpoint: string
  readonly call: (request: string, token: string | undefined) => Promise<Reply>
  readonly expect: Readonly<Record<ScanStanding, number>>
  /** A fresh request per call (the call changes it). */
  readonly mutates?: boolean
  /** What an allowed answer must (not) show the standing. */
  readonly shows?: (reply: Reply, standing: ScanStanding, request: string) => void
  /** After a refusal, what must still hold. */
  readonly unchanged?: (request: string) => Promise<void>
}

const scanRequest = {
  preparations: 2,
  diagnosis: "Chronic hepatitis",
  section: "ffpe",
  stain: "he",
  magnification: "20x",
  return_slides: false,
  contact_name: "Visitor",
  contact_email: "visitor@example.org"
}
const scanPeople = {} as Record<Exclude<ScanStanding, "guest">, SignedIn>
const newScanRequest = async () => {
  const reply = await c.post("/v2/slides/request-scan/", scanRequest, { token: scanPeople.requester.access })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.data.id as string
}
let sharedScanRequest: Promise<string> | undefined
const ids = (reply: Reply) => reply.body.data.results.map((r: { id: string }) => r.id)
const stateOf = async (request: string) =>
  (await c.get("/v2/slides/request-scan/?limit=100", { token: scanPeople.requester.access })).body.data.results.find(
    (r: { id: string }) => r.id === request
  )?.state

const anyone = { requester: 200, staff: 200, other: 200, guest: 200 }
const scanCases: ReadonlyArray<ScanCase> = [
  {
    endpoint: "POST /v2/slides/request-scan/",
    call: (_r, t) => c.post("/v2/slides/request-scan/", scanRequest, { token: t }),
    expect: { requester: 201, staff: 201, other: 201, guest: 201 },
    // A signed-in sender's request is the account's; a visitor's is no one's.
    shows: (reply, standing) => expect(reply.body.data.user_id === null).toBe(standing === "guest")
  },
  { endpoint: "GET /v2/slides/list-section/", call: (_r, t) => c.get("/v2/slides/list-section/", { token: t }), expect: anyone },
  { endpoint: "GET /v2/slides/list-stain/", call: (_r, t) => c.get("/v2/slides/list-stain/", { token: t }), expect: anyone },
  { endpoint: "GET /v2/slides/list-tags/", call: (_r, t) => c.get("/v2/slides/list-tags/", { token: t }), expect: anyone },
  {
    endpoint: "GET /v2/slides/request-scan/",
    call: (_r, t) => c.get("/v2/slides/request-scan/?limit=100", { token: t }),
    expect: { requester: 200, staff: 200, other: 200, guest: 401 },
    // Each sees their own requests only.
    shows: (reply, standing, request) => expect(ids(reply).includes(request)).toBe(standing === "requester")
  },
  {
    endpoint: "GET /v2/slides/request-scan/all/",
    call: (_r, t) => c.get("/v2/slides/request-scan/all/?limit=100", { token: t }),
    expect: { requester: 403, staff: 200, other: 403, guest: 401 },
    shows: (reply, _standing, request) => expect(ids(reply)).toContain(request)
  },
  {
    endpoint: "PUT /v2/slides/request-scan/:id/",
    mutates: true,
    call: (r, t) => c.put(`/v2/slides/request-scan/${r}/`, { state: "scanning" }, { token: t }),
    expect: { requester: 403, staff: 200, other: 403, guest: 401 },
    shows: (reply) => expect(reply.body.data.state).toBe("scanning"),
    unchanged: async (request) => expect(await stateOf(request)).toBe("received")
  }
]

describe("scan requests: requester, staff, another user, guest", () => {
  beforeAll(async () => {
    for (const who of ["requester", "staff", "other"] as const) scanPeople[who] = await person(server, `Scan ${who}`)
    await server.withDb((db) => db.updateTable("users").set({ is_staff: 1 }).where("id", "=", scanPeople.staff.id).execute())
  })

  for (const k of scanCases) {
    describe(k.endpoint, () => {
      for (const standing of scanStandings) {
        const status = k.expect[standing]
        it(`${standing}: ${status}`, async () => {
          sharedScanRequest ??= newScanRequest()
          const request = k.mutates ? await newScanRequest() : await sharedScanRequest
          const token = standing === "guest" ? undefined : scanPeople[standing].access
          const reply = await k.call(request, token)
          expect(reply.status, JSON.stringify(reply.body)).toBe(status)
          if (status >= 400) {
            expect(typeof reply.body?.message, JSON.stringify(reply.body)).toBe("string")
            await k.unchanged?.(request)
          } else {
            k.shows?.(reply, standing, request)
          }
        })
      }
    })
  }
})

// Invoices are no lab's either: their owner sees and changes them through /v2/pricing; staff see
// and decide every waiting one through /v2/staff/payments; anyone else is told the invoice does not
// exist (404) or that the page is staff's (403). Each fixture is an invoice of a fresh owner, in
// the state the endpoint acts on.
type BillStanding = "user" | "staff" | "other" | "guest"
const billStandings: ReadonlyArray<BillStanding> = ["user", "staff", "other", "guest"]
/** "waiting" is one invoice all calls share (they leave it as it is); the others are fresh per call. */
type InvoiceState = "none" | "unpaid" | "waiting" | "fresh waiting" | "paid"

interface BillFixture {
  readonly owner: SignedIn
  readonly invoice: string
}

interface BillCase {
  readonly endpoint: string
  /** The owner's invoice the call acts on. */
  readonly state: InvoiceState
  readonly call: (f: BillFixture, token: string | undefined) => Promise<Reply>
  readonly expect: Readonly<Record<BillStanding, number>>
  readonly shows?: (reply: Reply, standing: BillStanding, f: BillFixture) => void
  readonly unchanged?: (f: BillFixture) => Promise<void>
}

const billPeople = {} as Record<"staff" | "other", SignedIn>
const invoiceStatus = async (f: BillFixture) =>
  (await c.get(`/v2/pricing/payments/${f.invoice}/`, { token: f.owner.access })).body.data.status
const billFixture = async (state: InvoiceState): Promise<BillFixture> => {
  const owner = await person(server, "Invoice owner")
  if (state === "none") return { owner, invoice: "" }
  const invoice = state === "unpaid" ? await issueInvoice(server, owner) : await waitingInvoice(server, owner)
  // Accepted by staff: the receipt exists.
  if (state === "paid") {
    const accepted = await c.post(`/v2/staff/payments/${invoice.id}/accept/`, undefined, { token: billPeople.staff.access })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  }
  return { owner, invoice: invoice.id }
}
let sharedWaiting: Promise<BillFixture> | undefined

const signedInOnly = { user: 200, staff: 200, other: 200, guest: 401 }
const ownerOnly404 = { user: 200, staff: 404, other: 404, guest: 401 }
const staffOnly = { user: 403, staff: 200, other: 403, guest: 401 }
const invoiceIds = (reply: Reply) => reply.body.data.results.map((r: { id: string }) => r.id)

const billCases: ReadonlyArray<BillCase> = [
  { endpoint: "GET /v2/pricing/plans/", state: "none", call: (_f, t) => c.get("/v2/pricing/plans/", { token: t }), expect: signedInOnly },
  {
    endpoint: "GET /v2/pricing/plan/current/",
    state: "waiting",
    call: (_f, t) => c.get("/v2/pricing/plan/current/", { token: t }),
    expect: signedInOnly,
    // Staff read that they are; the owner reads their open invoice.
    shows: (reply, standing, f) => {
      expect(reply.body.data.staff).toBe(standing === "staff")
      if (standing === "user") expect(reply.body.data.open_invoice.id).toBe(f.invoice)
    }
  },
  {
    endpoint: "POST /v2/pricing/plan/contactus/",
    state: "none",
    call: (_f, t) => c.post("/v2/pricing/plan/contactus/", { details: "What does the Professional plan include?" }, { token: t }),
    expect: signedInOnly
  },
  {
    endpoint: "GET /v2/pricing/payments/",
    state: "waiting",
    call: (_f, t) => c.get("/v2/pricing/payments/?limit=100", { token: t }),
    expect: signedInOnly,
    shows: (reply, standing, f) => expect(invoiceIds(reply).includes(f.invoice)).toBe(standing === "user")
  },
  {
    endpoint: "POST /v2/pricing/payments/",
    state: "none",
    call: (_f, t) => c.post("/v2/pricing/payments/", { plan_id: "basic" }, { token: t }),
    expect: { user: 201, staff: 201, other: 201, guest: 401 }
  },
  {
    endpoint: "GET /v2/pricing/payments/:id/",
    state: "waiting",
    call: (f, t) => c.get(`/v2/pricing/payments/${f.invoice}/`, { token: t }),
    expect: ownerOnly404
  },
  {
    endpoint: "PUT /v2/pricing/payments/:id/",
    state: "unpaid",
    call: (f, t) => c.put(`/v2/pricing/payments/${f.invoice}/`, { action: "cancel" }, { token: t }),
    expect: ownerOnly404,
    shows: (reply) => expect(reply.body.data.status).toBe("cancelled"),
    unchanged: async (f) => expect(await invoiceStatus(f)).toBe("unpaid")
  },
  {
    endpoint: "GET /v2/pricing/payments/:id/download/",
    state: "waiting",
    call: (f, t) => c.get(`/v2/pricing/payments/${f.invoice}/download/`, { token: t }),
    expect: ownerOnly404
  },
  {
    endpoint: "GET /v2/pricing/payments/:id/recipt/",
    state: "paid",
    call: (f, t) => c.get(`/v2/pricing/payments/${f.invoice}/recipt/`, { token: t }),
    expect: ownerOnly404
  },
  {
    endpoint: "POST /v2/pricing/proofs/",
    state: "unpaid",
    call: (f, t) => sendProof(server, t, f.invoice),
    expect: { user: 201, staff: 404, other: 404, guest: 401 },
    shows: (reply) => expect(reply.body.data.status).toBe("waiting"),
    unchanged: async (f) => expect(await invoiceStatus(f)).toBe("unpaid")
  },
  {
    endpoint: "GET /v2/staff/payments/",
    state: "waiting",
    call: (_f, t) => c.get("/v2/staff/payments/?limit=100", { token: t }),
    expect: staffOnly,
    // The shared invoice waits longest, so it leads the queue.
    shows: (reply, _s, f) => expect(invoiceIds(reply)[0]).toBe(f.invoice)
  },
  {
    endpoint: "GET /v2/staff/payments/:id/",
    state: "waiting",
    call: (f, t) => c.get(`/v2/staff/payments/${f.invoice}/`, { token: t }),
    expect: staffOnly,
    shows: (reply, _s, f) => expect(reply.body.data.user.id).toBe(f.owner.id)
  },
  {
    endpoint: "GET /v2/staff/payments/:id/proof/",
    state: "waiting",
    call: (f, t) => c.get(`/v2/staff/payments/${f.invoice}/proof/`, { token: t }),
    expect: staffOnly
  },
  {
    endpoint: "POST /v2/staff/payments/:id/accept/",
    state: "fresh waiting",
    call: (f, t) => c.post(`/v2/staff/payments/${f.invoice}/accept/`, undefined, { token: t }),
    expect: staffOnly,
    shows: (reply) => expect(reply.body.data.status).toBe("paid"),
    unchanged: async (f) => expect(await invoiceStatus(f)).toBe("waiting")
  },
  {
    endpoint: "POST /v2/staff/payments/:id/reject/",
    state: "fresh waiting",
    call: (f, t) => c.post(`/v2/staff/payments/${f.invoice}/reject/`, { reason: "No transfer of this amount arrived." }, { token: t }),
    expect: staffOnly,
    shows: (reply) => expect(reply.body.data.status).toBe("unpaid"),
    unchanged: async (f) => expect(await invoiceStatus(f)).toBe("waiting")
  }
]

describe("invoices: owner, staff, another user, guest", () => {
  beforeAll(async () => {
    for (const who of ["staff", "other"] as const) billPeople[who] = await person(server, `Billing ${who}`)
    await makeStaff(server, billPeople.staff)
  })

  for (const k of billCases) {
    describe(k.endpoint, () => {
      for (const standing of billStandings) {
        const status = k.expect[standing]
        it(`${standing}: ${status}`, async () => {
          sharedWaiting ??= billFixture("waiting")
          const fixture = k.state === "waiting" ? await sharedWaiting : await billFixture(k.state)
          const token = standing === "guest" ? undefined : standing === "user" ? fixture.owner.access : billPeople[standing].access
          const reply = await k.call(fixture, token)
          expect(reply.status, JSON.stringify(reply.body)).toBe(status)
          if (status >= 400) {
            expect(typeof reply.body?.message, JSON.stringify(reply.body)).toBe("string")
            await k.unchanged?.(fixture)
          } else {
            k.shows?.(reply, standing, fixture)
          }
        })
      }
    })
  }
})
