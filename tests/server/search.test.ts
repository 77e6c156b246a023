// Name search over HTTP, answered by the database's trigram index (lab-search.ts): what is found,
// in which order and pages, and that every change shows at the very next search, however it was
// made. search-vs-filter.test.ts compares random searches with a plain filter and sort.
import { type Kysely, sql } from "kysely"
import { describe, expect, it } from "vitest"
import { BROAD_HITS } from "../../server/db/lab-search.ts"
import type { Db } from "../../server/db/database.ts"
import { migrateToLatest } from "../../server/db/migrations.ts"
import { migrationsFor } from "../../server/db/migrations/index.ts"
import type { SignedIn } from "../support/api.ts"
import {
  createFolder,
  insertFiles as insertFilesDirectly,
  makePublic,
  names,
  person,
  serverForBlock,
  share,
  transferLab
} from "./support/labs-api.ts"

/** Enough names for a word to be broad (the database's probe). */
const BROAD_NAMES = BROAD_HITS + 50

describe("search", () => {
  const block = serverForBlock()
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
      expect(names(await root(ada, `?search=${encodeURIComponent('y "h')}`))).toEqual(['say "hi"'])
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

describe("every change at the next search", () => {
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
    expect(found.body.data.results.find((l: { name: string }) => l.name === "Biopsy 1.svs")).toMatchObject({
      role: "admin",
      user: { id: bob.id }
    })
    await block.server.withDb((db) =>
      db.updateTable("labs").set({ name: "Resection 1.svs", name_lower: "resection 1.svs" }).where("name", "=", "Biopsy 1.svs").execute()
    )
    expect(await find(ada, "biopsy")).toEqual(["Biopsy 2.svs"])
    expect(await find(ada, "resection")).toEqual(["Resection 1.svs"])
    expect((await block.c.del(`/v2/members/${membership}/`, undefined, auth(bob))).status).toBe(200)
    expect(await find(ada, "resection")).toEqual([])
  })

  it("follows an ownership transfer both ways", async () => {
    const ada = await person(block.server, "Ada")
    const bob = await person(block.server, "Bob")
    const folder = await createFolder(block.server, ada, "Cohort")
    await createFolder(block.server, ada, "Cohort slides", folder.id)
    await share(block.server, ada, folder.id, bob, "reviewer")
    expect(await find(bob, "cohort")).toEqual(["Cohort", "Cohort slides"])
    expect((await transferLab(block.server, ada, folder.id, bob)).status).toBe(200)
    const bobs = await block.c.get("/v2/labs/?search=cohort", auth(bob))
    expect(bobs.body.data.results.map((l: { role: string }) => l.role)).toEqual(["owner", "owner"])
    const adas = await block.c.get("/v2/labs/?search=cohort", auth(ada))
    expect(adas.body.data.results.map((l: { role: string; user: { id: string } }) => [l.role, l.user.id])).toEqual([
      ["admin", bob.id],
      ["admin", bob.id]
    ])
    await insertFilesDirectly(block.server, bob.id, folder.id, ["Cohort extra.svs"])
    expect(await find(bob, "cohort")).toEqual(["Cohort", "Cohort extra.svs", "Cohort slides"])
  })

  it("has no change log left on lab writes: migration 0009 drops it where 0008 had made it", async () => {
    const postgres = block.server.schema !== undefined
    const tablesAndTriggers = async (db: Db) => {
      // PostgreSQL: this run's schema only (other runs share the database).
      const tables = (await db.introspection.getTables())
        .filter((t) => t.schema === block.server.schema && (t.name === "lab_changes" || t.name === "lab_versions"))
        .map((t) => t.name)
        .sort()
      const { rows } = postgres
        ? await sql<{ name: string }>`SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgrelid = 'labs'::regclass`.execute(
            db
          )
        : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'labs'`.execute(db)
      return { tables, triggers: rows.map((r) => r.name).filter((n) => n.startsWith("labs_logged_")) }
    }
    // withDb opens the database, which migrates it to the latest first.
    await block.server.withDb(async (db) => {
      expect(await tablesAndTriggers(db)).toEqual({ tables: [], triggers: [] })
      // A database that ran the old 0008: its tables and a trigger writing them; then 0009 runs.
      await sql`CREATE TABLE lab_versions (owner_id text PRIMARY KEY, version bigint NOT NULL)`.execute(db)
      await sql`CREATE TABLE lab_changes (owner_id text NOT NULL, version bigint NOT NULL, lab_id text NOT NULL)`.execute(db)
      if (postgres) {
        await sql`CREATE FUNCTION lab_changes_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO lab_versions VALUES ('x', 1); RETURN NULL; END $$`.execute(
          db
        )
        await sql`CREATE TRIGGER labs_logged_insert AFTER INSERT ON labs FOR EACH STATEMENT EXECUTE FUNCTION lab_changes_insert()`.execute(
          db
        )
      } else
        await sql`CREATE TRIGGER labs_logged_insert AFTER INSERT ON labs BEGIN INSERT INTO lab_versions VALUES ('x', 1); END`.execute(db)
      // Undo what ran after 0009, newest first, so that 0009 is the next to run again.
      const later = Object.entries(migrationsFor(postgres ? "postgres" : "sqlite")).filter(([name]) => name > "0009")
      for (const [name, migration] of later.reverse()) {
        if (name > "0009_drop_lab_change_log") await migration.down?.(db as Kysely<unknown>)
        await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(db)
      }
      expect(await tablesAndTriggers(db)).toEqual({ tables: ["lab_changes", "lab_versions"], triggers: ["labs_logged_insert"] })
      await migrateToLatest(db as Kysely<unknown>, postgres ? "postgres" : "sqlite")
      expect(await tablesAndTriggers(db)).toEqual({ tables: [], triggers: [] })
    })
    // Writes to labs work as before.
    const ada = await person(block.server, "Ada")
    await insertFilesDirectly(block.server, ada.id, null, ["After 0009.svs"])
    expect(await find(ada, "after 0009")).toEqual(["After 0009.svs"])
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
