// Annotators' emails stay with the slide's members (review item 16): on a public slide, a guest and
// a signed-in stranger read the annotation list, the compact read's authors and the slide channel's
// realtime messages with the annotator's name only; members read what they always read.
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Annotation } from "../../src/contract/annotations.ts"
import { Ok, Page } from "../../src/contract/envelope.ts"
import { AnnotationsCreated, labChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import type { SignedIn } from "../support/api.ts"
import { connectPusher, subscribed } from "../support/pusher.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createLabel, createSlide, listAnnotations, newAnnotation, postAnnotations, readCompact } from "./support/annotations-api.ts"
import { createFolder, makePublic, person, share } from "./support/labs-api.ts"

let server: StartedServer
let owner: SignedIn
let reviewer: SignedIn
let stranger: SignedIn

beforeAll(async () => {
  server = await startServer()
  owner = await person(server, "Owner")
  reviewer = await person(server, "Reviewer")
  stranger = await person(server, "Stranger")
})
afterAll(() => server.stop())

const decodePage = Schema.decodeUnknownSync(Ok(Page(Annotation)))

/** A slide in a public folder the reviewer is a member of, with one annotation by each of them. */
const publicSlide = async () => {
  const open = await createFolder(server, owner, `Open ${randomUUID().slice(0, 8)}`)
  await share(server, owner, open.id, reviewer, "reviewer")
  const s = await createSlide(server, owner, open.id)
  const label = await createLabel(server, owner, s, "Tumor")
  expect((await postAnnotations(server, owner, s, [newAnnotation(label.id)])).status).toBe(201)
  expect((await postAnnotations(server, reviewer, s, [newAnnotation(label.id)])).status).toBe(201)
  await makePublic(server, owner, open.id)
  return { s, label }
}

const listedAuthors = async (who: SignedIn | undefined, s: string) => {
  const reply = await listAnnotations(server, who, s)
  expect(reply.status).toBe(200)
  return decodePage(reply.body).data.results.map((a) => a.user)
}

const compactAuthors = async (who: SignedIn | undefined, s: string) => {
  const read = await readCompact(server, who, s)
  expect(read.status).toBe(200)
  return [...read.compact!.authors].map(({ id, name, email }) => ({ id, name, email })).sort((a, b) => a.name.localeCompare(b.name))
}

describe("on a public slide", () => {
  it("the list and the compact read name annotators to guests and strangers, and give members their emails", async () => {
    const { s } = await publicSlide()
    const named = [
      { id: owner.id, name: "Owner", email: "" },
      { id: reviewer.id, name: "Reviewer", email: "" }
    ]
    const withEmails = [
      { id: owner.id, name: "Owner", email: owner.email },
      { id: reviewer.id, name: "Reviewer", email: reviewer.email }
    ]
    for (const outsider of [undefined, stranger]) {
      expect(await listedAuthors(outsider, s)).toEqual(named)
      expect(await compactAuthors(outsider, s)).toEqual(named)
    }
    for (const member of [owner, reviewer]) {
      expect(await listedAuthors(member, s)).toEqual(withEmails)
      expect(await compactAuthors(member, s)).toEqual(withEmails)
    }
  })

  it("the slide's channel, which a stranger may hear, names the changer without an email", async () => {
    const { s, label } = await publicSlide()
    const listener = connectPusher(server, stranger.access)
    try {
      const channel = listener.subscribe(labChannel(s))
      await subscribed(channel)
      const heard: unknown[] = []
      channel.bind(realtimeEvents.createAnnotation(s), (data: unknown) => heard.push(data))
      expect((await postAnnotations(server, reviewer, s, [newAnnotation(label.id)])).status).toBe(201)
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1)
      expect(Schema.decodeUnknownSync(AnnotationsCreated)(heard[0])).toMatchObject({
        user_id: reviewer.id,
        user_name: "Reviewer",
        user_email: "",
        count: 1
      })
    } finally {
      listener.disconnect()
    }
  })
})
