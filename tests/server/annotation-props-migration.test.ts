// Migration 0027 on rows written before it: annotations (and the tombstones a bulk delete keeps)
// stored with a name, description, lock, creator or created in their W3C `data` get them in the new
// `props` column, across more than one backfill batch; rows without them stay null; and the compact
// read of that database then says what the W3C list says. On SQLite, or PostgreSQL with DATABASE_URL.
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Kysely, SqliteDialect } from "kysely"
import { Migrator } from "kysely/migration"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { decodeCompact, float64Bytes } from "../../src/annotation/compact.ts"
import { compactAnnotations } from "../../server/db/annotation-compact.ts"
import { annotationPage, toAnnotation } from "../../server/db/annotations.ts"
import type { Engine } from "../../server/db/migrations.ts"
import { migrationsFor } from "../../server/db/migrations/index.ts"
import { postgresDialect } from "../../server/db/postgres.ts"
import type { Database } from "../../server/db/schema.ts"
import { openSqlite } from "../../server/db/sqlite.ts"
import { createSchema } from "../support/start-server.ts"
import { rowOfListed, rowsOfCompact } from "./support/annotations-api.ts"
import { userRow } from "./support/user-row.ts"

const databaseUrl = process.env.DATABASE_URL
const engine: Engine = databaseUrl ? "postgres" : "sqlite"
let db: Kysely<Database>
let migrator: Migrator
let cleanup: () => Promise<void>

beforeAll(async () => {
  let migrationTableSchema: string | undefined
  if (databaseUrl) {
    const schema = await createSchema(databaseUrl)
    migrationTableSchema = schema.schema
    db = new Kysely<Database>({ dialect: postgresDialect(schema.url, false) })
    cleanup = async () => {
      await db.destroy()
      await schema.drop()
    }
  } else {
    const dir = mkdtempSync(join(tmpdir(), "preparat-migration-"))
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(join(dir, "preparat.sqlite")) }) })
    cleanup = async () => {
      await db.destroy()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(engine) },
    ...(migrationTableSchema ? { migrationTableSchema } : {})
  })
  expect((await migrator.migrateTo("0026_chat")).error).toBeUndefined()
})
afterAll(() => cleanup())

const LAB = randomUUID()
const LABEL = randomUUID()
const ADA = randomUUID()
const now = "2025-01-01T00:00:00.000Z"
/** More rows than one backfill batch (1,000). */
const MANY = 1003

const own = {
  name: "Region A",
  description: "Invasive front",
  locked: true,
  creator: { type: "Person", name: "Dr. Sari" },
  created: "2024-05-01T10:00:00Z"
}

/** A row as the server wrote it before 0027 (every column but `props`), with `extra` in its data. */
const oldRow = (id: string, ordinal: number, extra: Record<string, unknown>) => {
  const coords = Float64Array.from([ordinal, 0, ordinal + 10, 0, ordinal + 10, 10])
  const data = {
    "@context": "http://www.w3.org/ns/anno.jsonld",
    id,
    type: "Annotation",
    body: [{ type: "TextualBody", purpose: "tagging", value: "Tumor", label: { id: LABEL, name: "Tumor", color: "#FF0000" } }],
    target: {
      source: LAB,
      selector: { type: "SvgSelector", value: `<svg><polygon points='${ordinal},0 ${ordinal + 10},0 ${ordinal + 10},10'/></svg>` }
    },
    ...extra
  }
  return {
    id,
    lab_id: LAB,
    label_id: LABEL,
    author_id: ADA,
    data: JSON.stringify(data),
    visible: 1,
    version: 1,
    min_x: ordinal,
    min_y: 0,
    max_x: ordinal + 10,
    max_y: 10,
    created_at: now,
    ordinal,
    updated_at: now,
    kind: "polygon",
    coords: float64Bytes(coords),
    comments: null,
    locked: extra.locked === true ? 1 : 0
  }
}

describe("migration 0027 on rows written before it", () => {
  it("fills in props from each row's data, in the live rows and the tombstones, and the compact read then matches the list", async () => {
    await db
      .insertInto("users")
      .values(userRow(ADA, `ada-${ADA.slice(0, 8)}@example.com`, "Ada", now) as never)
      .execute()
    await db
      .insertInto("labs")
      .values({
        id: LAB,
        owner_id: ADA,
        parent_id: null,
        name: "slide.svs",
        name_lower: "slide.svs",
        is_dir: 0,
        status: "ready",
        size: 1,
        description: null,
        thumbnail: null,
        blob_key: null,
        is_public: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
        trash_id: null
      } as never)
      .execute()
    await db
      .insertInto("labels")
      .values({
        id: LABEL,
        lab_id: LAB,
        name: "Tumor",
        name_lower: "tumor",
        color: "#FF0000",
        label_type: "annotation",
        visible: 1,
        created_by: ADA,
        created_at: now,
        updated_at: now
      } as never)
      .execute()
    const named = randomUUID()
    const described = randomUUID()
    const rows = [
      oldRow(named, 0, own),
      oldRow(described, 1, { description: "Only a description", name: "  " }),
      ...Array.from({ length: MANY }, (_, i) => oldRow(randomUUID(), 2 + i, {}))
    ]
    const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>
    for (let i = 0; i < rows.length; i += 200)
      await untyped
        .insertInto("annotations")
        .values(rows.slice(i, i + 200))
        .execute()
    const buried = randomUUID()
    await untyped
      .insertInto("annotation_tombstones")
      .values({ ...oldRow(buried, 9999, { name: "Deleted one" }), deleted_by: ADA, deleted_at: now })
      .execute()

    const after = await migrator.migrateToLatest()
    expect(after.error).toBeUndefined()
    expect(after.results?.map((r) => [r.migrationName, r.status])).toContainEqual(["0027_annotation_props", "Success"])

    const props = new Map(
      (await db.selectFrom("annotations").select(["id", "props"]).where("lab_id", "=", LAB).execute()).map((r) => [r.id, r.props])
    )
    expect(props.size).toBe(rows.length)
    expect(JSON.parse(props.get(named)!)).toEqual(own)
    expect(JSON.parse(props.get(described)!)).toEqual({ description: "Only a description" })
    expect([...props.values()].filter((p) => p === null)).toHaveLength(MANY)
    const tombstone = await db.selectFrom("annotation_tombstones").select("props").where("id", "=", buried).executeTakeFirstOrThrow()
    expect(JSON.parse(tombstone.props!)).toEqual({ name: "Deleted one" })

    const compact = decodeCompact(await compactAnnotations(db, engine, LAB, true))
    const listed = (await annotationPage(db, LAB, rows.length + 1, 0)).map(toAnnotation)
    expect(rowsOfCompact(compact)).toEqual(listed.map(rowOfListed))
  })
})
