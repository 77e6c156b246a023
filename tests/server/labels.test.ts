// A slide's labels over real HTTP (/v2/labs/label-slide/): colours, names, search, who may change
// them, and deleting one with its annotations in one go.
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Label } from "../../src/contract/annotations.ts"
import { Ok, Page } from "../../src/contract/envelope.ts"
import { LabelChanged, labChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import type { StartedServer } from "../support/start-server.ts"
import { annotationCount, createLabel, createSlide, listAnnotations, newAnnotation, postAnnotations } from "./support/annotations-api.ts"
import { type client, createFolder, makePublic } from "./support/labs-api.ts"
import { roleWorld } from "./support/role-world.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let admin: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
let folder: string

beforeAll(async () => {
  ;({ server, c, owner, admin, reviewer, stranger, folder } = await roleWorld())
})
afterAll(() => server.stop())

const labelsOf = async (who: SignedIn | undefined, labId: string, search = "") => {
  const reply = await c.get(`/v2/labs/label-slide/?lab_id=${labId}${search ? `&search=${encodeURIComponent(search)}` : ""}`, {
    token: who?.access
  })
  return reply
}
const names = async (labId: string, search = "") =>
  Schema.decodeUnknownSync(Ok(Page(Label)))((await labelsOf(owner, labId, search)).body).data.results.map((l) => l.name)
const post = (who: SignedIn, body: unknown) => c.post("/v2/labs/label-slide/", body, { token: who.access })

describe("creating labels", () => {
  it("defaults to yellow, takes an empty colour as white, upper-cases hex, and types as annotation", async () => {
    const s = await createSlide(server, owner, folder)
    const yellow = await post(owner, { lab_id: s, name: "Tumor" })
    expect(yellow.status).toBe(201)
    expect(yellow.body.data).toMatchObject({ lab_id: s, name: "Tumor", color: "#FFFF00", label_type: "annotation", visible: true })
    expect((await post(owner, { lab_id: s, name: "White", color: "" })).body.data.color).toBe("#FFFFFF")
    expect((await post(owner, { lab_id: s, name: "Red", color: "#ff0000", label_type: "ai" })).body.data).toMatchObject({
      color: "#FF0000",
      label_type: "ai"
    })
    expect(await names(s)).toEqual(["Red", "Tumor", "White"])
    expect(await names(s, "u")).toEqual(["Tumor"])
  })

  it("refuses a colour that is not one, an empty or taken name, and a folder; nothing is created", async () => {
    const s = await createSlide(server, owner, folder)
    await createLabel(server, owner, s, "Stroma")
    for (const color of ["red", "#GG0000", "#FFF", "rgb(1,2,3)"]) {
      const reply = await post(owner, { lab_id: s, name: "Bad", color })
      expect(reply.status).toBe(400)
      expect(reply.body.color[0]).toMatch(/#RRGGBB/)
    }
    const blank = await post(owner, { lab_id: s, name: "  " })
    expect(blank.status).toBe(400)
    expect(blank.body.name).toBeDefined()
    const taken = await post(owner, { lab_id: s, name: "stroma" })
    expect(taken.status).toBe(400)
    expect(taken.body.name[0]).toMatch(/already exists/)
    const onFolder = await post(owner, { lab_id: folder, name: "F" })
    expect(onFolder.status).toBe(400)
    expect(onFolder.body.lab_id[0]).toMatch(/Folders/)
    expect(await names(s)).toEqual(["Stroma"])
  })

  it("lets a reviewer create a label but not change or delete one", async () => {
    const s = await createSlide(server, owner, folder)
    const own = await post(reviewer, { lab_id: s, name: "uncategorized" })
    expect(own.status).toBe(201)
    const id = own.body.data.id
    expect((await c.put(`/v2/labs/label-slide/${id}/`, { name: "x" }, { token: reviewer.access })).status).toBe(403)
    expect((await c.del(`/v2/labs/label-slide/${id}/`, undefined, { token: reviewer.access })).status).toBe(403)
    expect(await names(s)).toEqual(["uncategorized"])
    expect((await c.put(`/v2/labs/label-slide/${id}/`, { name: "Other" }, { token: admin.access })).status).toBe(200)
    expect(await names(s)).toEqual(["Other"])
  })

  it("keeps a slide's labels from strangers (404) and shows a public slide's to guests", async () => {
    const open = await createFolder(server, owner, "Open")
    const s = await createSlide(server, owner, open.id)
    await createLabel(server, owner, s, "Seen")
    expect((await labelsOf(stranger, s)).status).toBe(404)
    expect((await labelsOf(undefined, s)).status).toBe(401)
    expect((await post(stranger, { lab_id: s, name: "Mine" })).status).toBe(404)
    await makePublic(server, owner, open.id)
    expect((await labelsOf(undefined, s)).body.data.results.map((l: { name: string }) => l.name)).toEqual(["Seen"])
    expect((await post(stranger, { lab_id: s, name: "Mine" })).status).toBe(403)
    expect(await names(s)).toEqual(["Seen"])
  })
})

describe("changing labels", () => {
  it("renames and recolours what its annotations show, without touching their versions", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Tumor")
    expect((await postAnnotations(server, owner, s, [newAnnotation(label.id)])).status).toBe(201)
    const renamed = await c.put(`/v2/labs/label-slide/${label.id}/`, { name: "Carcinoma", color: "#00ff00" }, { token: owner.access })
    expect(renamed.status).toBe(200)
    expect(renamed.body.data).toMatchObject({ name: "Carcinoma", color: "#00FF00" })
    const [annotation] = (await listAnnotations(server, owner, s)).body.data.results
    expect(annotation.version).toBe(1)
    expect(annotation.data.body[0]).toMatchObject({ value: "Carcinoma", label: { id: label.id, name: "Carcinoma", color: "#00FF00" } })
    const bad = await c.put(`/v2/labs/label-slide/${label.id}/`, { color: "green" }, { token: owner.access })
    expect(bad.status).toBe(400)
    expect(bad.body.color).toBeDefined()
    expect((await labelsOf(owner, s)).body.data.results[0].color).toBe("#00FF00")
  })

  it("deletes a label with its annotations in one go, leaves the others, and tells the slide's channel", async () => {
    const s = await createSlide(server, owner, folder)
    const gone = await createLabel(server, owner, s, "Gone")
    const kept = await createLabel(server, owner, s, "Kept")
    await postAnnotations(server, owner, s, [newAnnotation(gone.id), newAnnotation(gone.id), newAnnotation(kept.id)])
    await postAnnotations(server, reviewer, s, [newAnnotation(gone.id)])
    const listener = connectPusher(server, reviewer.access)
    try {
      const channel = listener.subscribe(labChannel(s))
      await subscribed(channel)
      const heard: unknown[] = []
      channel.bind(realtimeEvents.label(s), (data: unknown) => heard.push(data))
      const removed = await c.del(`/v2/labs/label-slide/${gone.id}/`, undefined, { token: admin.access })
      expect(removed.status).toBe(200)
      expect(removed.body.data).toEqual({ id: gone.id, annotations_deleted: 3, deletion_id: expect.any(String) })
      expect(await annotationCount(server, owner, s)).toBe(1)
      expect(await names(s)).toEqual(["Kept"])
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1)
      expect(Schema.decodeUnknownSync(LabelChanged)(heard[0])).toMatchObject({
        action: "deleted",
        label: { id: gone.id, name: "Gone" },
        annotations_deleted: 3,
        user_email: admin.email,
        user_name: admin.name
      })
      expect((await c.del(`/v2/labs/label-slide/${gone.id}/`, undefined, { token: admin.access })).status).toBe(404)
    } finally {
      listener.disconnect()
    }
  })

  it("is not captured by /v2/labs/{id}/: the label paths reach the labels", async () => {
    const s = await createSlide(server, owner, folder)
    const label = await createLabel(server, owner, s, "Route")
    const list = await labelsOf(owner, s)
    expect(list.body.data.results[0].id).toBe(label.id)
    expect((await c.put(`/v2/labs/label-slide/${label.id}/`, { visible: false }, { token: owner.access })).body.data.visible).toBe(false)
  })
})
