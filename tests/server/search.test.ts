// Name search over HTTP, answered both ways the server can: from the in-memory name index (the
// default) and from the database (SEARCH_INDEX_LABS=0, and for owners too big for the index). The
// same expectations hold for both; the index's own tests at the end check that it sees every change
// at once, however it was made.
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import { BROAD_HITS } from "../../server/db/lab-search.ts"
import { BROAD } from "../../server/search/name-search.ts"
import type { SignedIn } from "../support/api.ts"
import { startServer } from "../support/start-server.ts"
import { client, createFolder, insertFiles as insertFilesDirectly, makePublic, names, person, serverForBlock, share } from "./support/labs-api.ts"

/** Enough names for a word to be broad either way (the index's bound and the database's probe). */
const BROAD_NAMES = Math.max(BROAD, BROAD_HITS) + 50

const ways = [
  { way: "from the in-memory index", env: {} },
  { way: "from the database", env: { SEARCH_INDEX_LABS: "0" } }
]

describe.each(ways)("search $way", ({ env }) => {
  const block = serverForBlock({ env })
  const auth = (session: SignedIn) => ({ token: session.access })
  const root = async (session: SignedIn, query = "") => block.c.get(`/v2/labs/${query}`, auth(session))
  const insertFiles = (ownerId: string, parentId: string | null, names: ReadonlyArray<string>, deleted = false) =>
    insertFilesDirectly(block.server, ownerId, parentId, names, deleted)

  describe("search", () => {
    it("finds by part of the name, case-insensitively, in own folders at any depth and inside shared ones", async () => {
      const ada = await person(block.server, "Ada")
      const bob = await person(block.server, "Bob")
      const a = await createFolder(block.server, ada, "Kidney")
      const deep = await createFolder(block.server, ada, "Deep", a.id)
      await createFolder(block.server, ada, "kidney-left", deep.id)
      const bobs = await createFolder(block.server, bob, "Bob's KIDNEY set")
      const hidden = await createFolder(block.server, bob, "Bob kidney private")
      const sharedInside = await createFolder(block.server, bob, "inner kidney", bobs.id)
      await share(block.server, bob, bobs.id, ada, "reviewer")
      const reply = await root(ada, "?search=KidNey")
      expect(reply.status).toBe(200)
      expect(names(reply).sort()).toEqual(["Bob's KIDNEY set", "Kidney", "inner kidney", "kidney-left"].sort())
      expect(reply.body.data.meta.count).toBe(4)
      const shared = reply.body.data.results.find((l: { id: string }) => l.id === sharedInside.id)
      expect(shared).toMatchObject({ role: "reviewer", user: { id: bob.id } })
      expect(names(reply)).not.toContain(hidden.name)
      // Folders first, then by name: all four are folders here.
      expect(names(reply)).toEqual(["Bob's KIDNEY set", "inner kidney", "Kidney", "kidney-left"])
      // Within a folder, only its inside.
      expect(names(await root(ada, `?parent=${a.id}&search=kidney`))).toEqual(["kidney-left"])
    })

    it("finds inside a share at any depth once, short words too, and nothing of the lender's beside or in the trash", async () => {
      const ada = await person(block.server, "Ada")
      const bob = await person(block.server, "Bob")
      const cases = await createFolder(block.server, bob, "Cases")
      const liver = await createFolder(block.server, bob, "Liver", cases.id)
      const deep = await createFolder(block.server, bob, "Liver HE deep", liver.id)
      await createFolder(block.server, bob, "HE liver 2", deep.id)
      await createFolder(block.server, bob, "Liver outside")
      const gone = await createFolder(block.server, bob, "Liver trashed", liver.id)
      await block.c.del(`/v2/labs/${gone.id}/`, undefined, auth(bob))
      // Shared at two levels: what lies under both is found once.
      await share(block.server, bob, liver.id, ada, "reviewer")
      await share(block.server, bob, deep.id, ada, "admin")
      const long = await root(ada, "?search=liver")
      expect(names(long)).toEqual(["HE liver 2", "Liver", "Liver HE deep"])
      expect(long.body.data.meta.count).toBe(3)
      // Under three characters SQLite has no trigram to ask: the shares are walked instead, same answer.
      expect(names(await root(ada, "?search=he"))).toEqual(["HE liver 2", "Liver HE deep"])
      // The lender's own search is unchanged by what they shared.
      expect(names(await root(bob, "?search=liver")).sort()).toEqual(["HE liver 2", "Liver", "Liver HE deep", "Liver outside"].sort())
    })

    it("takes % and _ literally, pages, and leaves out what is in the trash", async () => {
      const ada = await person(block.server, "Ada")
      await createFolder(block.server, ada, "100% done")
      await createFolder(block.server, ada, "1000 done")
      await createFolder(block.server, ada, "a_b")
      await createFolder(block.server, ada, "axb")
      await createFolder(block.server, ada, 'say "hi"')
      // Short searches and longer ones (which go through the trigram index) alike.
      expect(names(await root(ada, "?search=0%25"))).toEqual(["100% done"])
      expect(names(await root(ada, "?search=00%25%20D"))).toEqual(["100% done"])
      expect(names(await root(ada, "?search=a_"))).toEqual(["a_b"])
      expect(names(await root(ada, `?search=${encodeURIComponent('"HI"')}`))).toEqual(['say "hi"'])
      expect(names(await root(ada, `?search=${encodeURIComponent("y \"h")}`))).toEqual(['say "hi"'])
      const trashed = await createFolder(block.server, ada, "done later")
      await block.c.del(`/v2/labs/${trashed.id}/`, undefined, auth(ada))
      const paged = await root(ada, "?search=done&limit=1&page=2")
      expect(paged.body.data.meta).toEqual({ count: 2, current_page: 2, next_page: null })
      expect(names(paged)).toEqual(["1000 done"])
      const beyond = await root(ada, "?search=done&page=5")
      expect(beyond.body.data).toEqual({ results: [], meta: { count: 2, current_page: 5, next_page: null } })
    })
  })

  describe("broad search", () => {
    it("pages a word in hundreds of names in name order either way, merges the shares, and counts only as far as the next page", async () => {
      const ada = await person(block.server, "Ada")
      const bob = await person(block.server, "Bob")
      const cases = await createFolder(block.server, ada, "Cases")
      await createFolder(block.server, ada, "LIVER folder", cases.id)
      const own = Array.from({ length: BROAD_NAMES }, (_, i) => `Case ${String(i).padStart(4, "0")} ${i % 2 ? "Liver" : "liver"} HE.svs`)
      await insertFiles(ada.id, cases.id, own)
      await insertFiles(ada.id, cases.id, ["Case 9999 liver trashed.svs"], true)
      await insertFiles(ada.id, cases.id, ["Case 9998 kidney.svs"])
      const lent = await createFolder(block.server, bob, "Lent")
      const theirs = ["A liver of Bob.svs", "Zz liver of Bob.svs"]
      await insertFiles(bob.id, lent.id, theirs)
      await insertFiles(bob.id, null, ["Bob's own liver.svs"])
      await share(block.server, bob, lent.id, ada, "reviewer")
      // Fresh statistics, as autovacuum keeps them: PostgreSQL's probe is its planner's estimate.
      await block.server.withDb((db) => sql`ANALYZE labs`.execute(db))

      // Folders first, then names: what the user owns and what is shared with them, in one order.
      const expected = ["LIVER folder", ...[...own, ...theirs].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))]
      const first = await root(ada, "?search=liver&limit=50")
      expect(first.status).toBe(200)
      expect(names(first)).toEqual(expected.slice(0, 50))
      // Counted as far as the next page only, and said to be a lower bound.
      expect(first.body.data.meta).toEqual({ count: expect.any(Number), current_page: 1, next_page: 2, count_relation: "gte" })
      expect(first.body.data.meta.count).toBeGreaterThan(50)
      expect(first.body.data.meta.count).toBeLessThan(expected.length)
      const shared = first.body.data.results.find((l: { name: string }) => l.name === theirs[0])
      expect(shared).toMatchObject({ role: "reviewer", user: { id: bob.id } })

      // Paging on to the end: every match once, and the last page's count exact.
      const seen: string[] = []
      let page = 1
      for (;;) {
        const reply = await root(ada, `?search=liver&limit=100&page=${page}`)
        seen.push(...names(reply))
        if (reply.body.data.meta.next_page === null) {
          expect(reply.body.data.meta).toEqual({ count: expected.length, current_page: page, next_page: null })
          break
        }
        page = reply.body.data.meta.next_page
      }
      expect(seen).toEqual(expected)

      // The other direction: folders still first, names descending.
      const backwards = await root(ada, "?search=LiVeR&ordering=-name&limit=5")
      expect(names(backwards)).toEqual(["LIVER folder", ...[...expected.slice(1)].reverse().slice(0, 4)])
      // Other orders read every hit: the count is exact.
      const byDate = await root(ada, "?search=liver&ordering=-updated_at&limit=5")
      expect(byDate.body.data.meta).toEqual({ count: expected.length, current_page: 1, next_page: 2 })
    })
  })
})

describe("the in-memory name index", () => {
  const block = serverForBlock()
  const auth = (session: SignedIn) => ({ token: session.access })
  const find = async (session: SignedIn, text: string, folder?: string) =>
    names(await block.c.get(`/v2/labs/?search=${encodeURIComponent(text)}${folder ? `&parent=${folder}` : ""}`, auth(session))).sort()

  it("answers every change at the very next search: created, renamed, moved into a share, trashed, restored, deleted for good", async () => {
    const ada = await person(block.server, "Ada")
    const bob = await person(block.server, "Bob")
    const mine = await createFolder(block.server, ada, "Mine")
    const lent = await createFolder(block.server, bob, "Lent")
    await share(block.server, bob, lent.id, ada, "reviewer")
    expect(await find(ada, "tumour")).toEqual([])
    const a = await createFolder(block.server, ada, "Tumour A", mine.id)
    expect(await find(ada, "tumour")).toEqual(["Tumour A"])
    await block.c.put(`/v2/labs/${a.id}/`, { name: "Margin A" }, auth(ada))
    expect(await find(ada, "tumour")).toEqual([])
    expect(await find(ada, "margin")).toEqual(["Margin A"])
    // Bob's new folder inside what he lent Ada is found by her at once; one beside it is not.
    const inLent = await createFolder(block.server, bob, "Tumour in lent", lent.id)
    await createFolder(block.server, bob, "Tumour of Bob's own")
    expect(await find(ada, "tumour")).toEqual(["Tumour in lent"])
    // Moved out of the share: gone from her results.
    const other = await createFolder(block.server, bob, "Other")
    expect((await block.c.put(`/v2/labs/${inLent.id}/`, { parent: other.id }, auth(bob))).status).toBe(200)
    expect(await find(ada, "tumour")).toEqual([])
    await block.c.del(`/v2/labs/${a.id}/`, undefined, auth(ada))
    expect(await find(ada, "margin")).toEqual([])
    expect((await block.c.post("/v2/restore/", { lab_id: a.id }, auth(ada))).status).toBe(200)
    expect(await find(ada, "margin")).toEqual(["Margin A"])
    await block.c.del(`/v2/labs/${a.id}/`, undefined, auth(ada))
    expect((await block.c.del(`/v2/labs/trash/${a.id}/`, undefined, auth(ada))).status).toBe(200)
    expect(await find(ada, "margin")).toEqual([])
  })

  it("sees changes another process made in the database, and a membership given or taken away", async () => {
    const ada = await person(block.server, "Ada")
    const bob = await person(block.server, "Bob")
    const lent = await createFolder(block.server, bob, "Lent")
    expect(await find(ada, "biopsy")).toEqual([])
    // Written straight into the database, as another server process would.
    await insertFilesDirectly(block.server, bob.id, lent.id, ["Biopsy 1.svs"])
    await insertFilesDirectly(block.server, ada.id, null, ["Biopsy 2.svs"])
    expect(await find(ada, "biopsy")).toEqual(["Biopsy 2.svs"])
    const membership = await share(block.server, bob, lent.id, ada, "admin")
    const found = await block.c.get("/v2/labs/?search=biopsy", auth(ada))
    expect(names(found).sort()).toEqual(["Biopsy 1.svs", "Biopsy 2.svs"])
    expect(found.body.data.results.find((l: { name: string }) => l.name === "Biopsy 1.svs")).toMatchObject({ role: "admin", user: { id: bob.id } })
    await block.server.withDb((db) => db.updateTable("labs").set({ name: "Resection 1.svs", name_lower: "resection 1.svs" }).where("name", "=", "Biopsy 1.svs").execute())
    expect(await find(ada, "biopsy")).toEqual(["Biopsy 2.svs"])
    expect(await find(ada, "resection")).toEqual(["Resection 1.svs"])
    expect((await block.c.del(`/v2/members/${membership}/`, undefined, auth(bob))).status).toBe(200)
    expect(await find(ada, "resection")).toEqual([])
  })

  it("follows an ownership transfer both ways, and reads an owner whole again when its log was forgotten", async () => {
    const ada = await person(block.server, "Ada")
    const bob = await person(block.server, "Bob")
    const folder = await createFolder(block.server, ada, "Cohort")
    await createFolder(block.server, ada, "Cohort slides", folder.id)
    await share(block.server, ada, folder.id, bob, "reviewer")
    expect(await find(bob, "cohort")).toEqual(["Cohort", "Cohort slides"])
    expect((await block.c.post("/v2/members/transfer/", { lab_id: folder.id, user_id: bob.id }, auth(ada))).status).toBe(200)
    const bobs = await block.c.get("/v2/labs/?search=cohort", auth(bob))
    expect(bobs.body.data.results.map((l: { role: string }) => l.role)).toEqual(["owner", "owner"])
    const adas = await block.c.get("/v2/labs/?search=cohort", auth(ada))
    expect(adas.body.data.results.map((l: { role: string; user: { id: string } }) => [l.role, l.user.id])).toEqual([
      ["admin", bob.id],
      ["admin", bob.id]
    ])
    // The log of Bob's changes is forgotten (as pruning does) before a change: the next search
    // cannot catch up change by change and reads his labs whole, still right.
    await block.server.withDb((db) => db.deleteFrom("lab_changes").where("owner_id", "=", bob.id).execute())
    await insertFilesDirectly(block.server, bob.id, folder.id, ["Cohort extra.svs"])
    await block.server.withDb((db) => db.deleteFrom("lab_changes").where("owner_id", "=", bob.id).execute())
    expect(await find(bob, "cohort")).toEqual(["Cohort", "Cohort extra.svs", "Cohort slides"])
  })

  it("is fed by a change log: each changed lab once, versions without gaps, nothing for what the index ignores", async () => {
    const ada = await person(block.server, "Ada")
    const logOf = () =>
      block.server.withDb((db) => db.selectFrom("lab_changes").select(["version", "lab_id"]).where("owner_id", "=", ada.id).orderBy("version").execute())
    const versionOf = async () =>
      Number((await block.server.withDb((db) => db.selectFrom("lab_versions").select("version").where("owner_id", "=", ada.id).executeTakeFirst()))?.version ?? 0)
    const ids = await insertFilesDirectly(block.server, ada.id, null, ["one", "two", "three"])
    const inserted = await logOf()
    expect(inserted.map((c) => Number(c.version))).toEqual([1, 2, 3])
    expect(inserted.map((c) => c.lab_id).sort()).toEqual([...ids].sort())
    expect(await versionOf()).toBe(3)
    // One statement renaming two labs: two more versions; a change to a column the index does not
    // hold (the status) logs nothing.
    await block.server.withDb((db) => sql`UPDATE labs SET name_lower = name_lower || ' renamed' WHERE id IN (${sql.join(ids.slice(0, 2))})`.execute(db))
    await block.server.withDb((db) => db.updateTable("labs").set({ status: "processing" }).where("id", "in", ids).execute())
    const after = await logOf()
    expect(after.map((c) => Number(c.version))).toEqual([1, 2, 3, 4, 5])
    expect(after.slice(3).map((c) => c.lab_id).sort()).toEqual(ids.slice(0, 2).sort())
    await block.server.withDb((db) => db.deleteFrom("labs").where("id", "=", ids[2]!).execute())
    expect((await logOf()).at(-1)).toMatchObject({ lab_id: ids[2] })
    expect(await versionOf()).toBe(6)
  })

  it("searches inside a public folder for a guest, leaving out what lies beside it", async () => {
    const ada = await person(block.server, "Ada")
    const open = await createFolder(block.server, ada, "Atlas")
    await createFolder(block.server, ada, "Atlas kidney", open.id)
    await createFolder(block.server, ada, "Kidney private")
    await makePublic(block.server, ada, open.id)
    const reply = await block.c.get(`/v2/labs/?parent=${open.id}&search=kidney`)
    expect(reply.status).toBe(200)
    expect(names(reply)).toEqual(["Atlas kidney"])
    expect(reply.body.data.results[0]).toMatchObject({ role: null, is_public: true })
  })
})

describe("an index budget smaller than everyone's labs", () => {
  it("drops the least recently searched owner for the next one and reads it again when asked, with the same answers", async () => {
    const server = await startServer({ env: { SEARCH_INDEX_LABS: "5" } })
    try {
      const c = client(server)
      const ada = await person(server, "Ada")
      const bob = await person(server, "Bob")
      await insertFilesDirectly(server, ada.id, null, ["slide a1", "slide a2", "slide a3"])
      await insertFilesDirectly(server, bob.id, null, ["slide b1", "slide b2", "slide b3"])
      const find = async (who: SignedIn) => names(await c.get("/v2/labs/?search=slide", { token: who.access }))
      for (let round = 0; round < 3; round++) {
        expect(await find(ada)).toEqual(["slide a1", "slide a2", "slide a3"])
        expect(await find(bob)).toEqual(["slide b1", "slide b2", "slide b3"])
      }
      // A change to Ada's labs while her index was dropped is there when it is read again.
      await insertFilesDirectly(server, ada.id, null, ["slide a4"])
      expect(await find(ada)).toEqual(["slide a1", "slide a2", "slide a3", "slide a4"])
    } finally {
      await server.stop()
    }
  })
})

describe("an owner too big for the index", () => {
  it("is searched in the database, with the same answers", async () => {
    const server = await startServer({ env: { SEARCH_INDEX_LABS: "3" } })
    try {
      const c = client(server)
      const ada = await person(server, "Ada")
      const bob = await person(server, "Bob")
      await insertFilesDirectly(server, ada.id, null, ["kidney 1", "kidney 2", "kidney 3", "liver 1"])
      const lent = await createFolder(server, bob, "Lent kidney")
      await share(server, bob, lent.id, ada, "reviewer")
      const reply = await c.get("/v2/labs/?search=kidney", { token: ada.access })
      expect(names(reply)).toEqual(["Lent kidney", "kidney 1", "kidney 2", "kidney 3"])
      expect(reply.body.data.meta.count).toBe(4)
      // Bob's one lab fits: his own search comes from the index, beside Ada's from the database.
      expect(names(await c.get("/v2/labs/?search=kidney", { token: bob.access }))).toEqual(["Lent kidney"])
    } finally {
      await server.stop()
    }
  })
})
