// Migration 0016 on rows written before it: a database migrated to 0015 gets annotations as the
// server wrote them then (W3C `data` only), across more than one backfill batch; after migrating to
// the latest, every row's kind, vertex bytes and comments are what its selector says, and the compact
// read of that database says what the W3C list of it says; migration 0018 then writes each SVG selector
// anew from its shape. On SQLite, or PostgreSQL with DATABASE_URL.
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Kysely, SqliteDialect } from "kysely"
import { Migrator } from "kysely/migration"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { decodeCompact, float64Bytes } from "../../src/annotation/compact.ts"
import { flatten, parseSelector, toSelector } from "../../src/annotation/geometry.ts"
import type { WebAnnotation } from "../../src/contract/annotations.ts"
import { compactAnnotations } from "../../server/db/annotation-compact.ts"
import { annotationPage, toAnnotation } from "../../server/db/annotations.ts"
import type { Engine } from "../../server/db/migrations.ts"
import { migrationsFor } from "../../server/db/migrations/index.ts"
import { postgresDialect } from "../../server/db/postgres.ts"
import type { Database } from "../../server/db/schema.ts"
import { openSqlite } from "../../server/db/sqlite.ts"
import { createSchema } from "../support/start-server.ts"
import { polygon, rect, rowOfListed, rowsOfCompact, type Selector, webAnnotation } from "./support/annotations-api.ts"
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
  const before = await migrator.migrateTo("0015_scan_requests")
  expect(before.error).toBeUndefined()
})
afterAll(() => cleanup())

const LAB = randomUUID()
const TUMOR = randomUUID()
const STROMA = randomUUID()
const ADA = randomUUID()
const BOB = randomUUID()

/** Rows as the server wrote them before 0016, with the canonical `data` it stored. */
const oldRow = (
  id: string,
  selector: Selector,
  options: { label?: string; author?: string; comments?: ReadonlyArray<string>; visible?: boolean; version?: number; ordinal: number }
) => {
  const label = options.label ?? TUMOR
  const data = webAnnotation(label, selector) as unknown as WebAnnotation
  const stored = {
    "@context": "http://www.w3.org/ns/anno.jsonld",
    id,
    type: "Annotation",
    body: [
      { type: "TextualBody", purpose: "tagging", value: "x", label: { id: label } },
      ...(options.comments ?? []).map((value) => ({ type: "TextualBody", purpose: "commenting", value }))
    ],
    target: data.target
  }
  return {
    id,
    lab_id: LAB,
    label_id: label,
    author_id: options.author ?? ADA,
    data: JSON.stringify(stored),
    visible: options.visible === false ? 0 : 1,
    version: options.version ?? 1,
    min_x: 0,
    min_y: 0,
    max_x: 1,
    max_y: 1,
    // Two uploads: the shapes of every kind, then the many.
    created_at: options.ordinal < shapes.length + 1 ? "2025-01-01T00:00:00.000Z" : "2025-01-02T00:00:00.000Z",
    ordinal: options.ordinal,
    updated_at: "2025-01-01T00:00:00.000Z"
  }
}

const svg = (value: string): Selector => ({ type: "SvgSelector", value })
const shapes: ReadonlyArray<readonly [Selector, Parameters<typeof oldRow>[2]]> = [
  [rect(10.5, 20.25, 30.1, 40.7), { ordinal: 0 }],
  [
    polygon([
      [0.1, 0.2],
      [0.30000000000000004, 1e-7],
      [16_777_216, 123_456.789_012_345_67]
    ]),
    { ordinal: 1, label: STROMA, version: 3 }
  ],
  [svg("<svg><polyline points='1,1 5.25,5 9,-2'/></svg>"), { ordinal: 2, author: BOB, visible: false }],
  [svg("<svg><circle cx='7' cy='8' r='0'/><circle cx='.5' cy='1e3' r='0'/></svg>"), { ordinal: 3 }],
  [svg("<svg><circle cx='3' cy='4' r='0'/></svg>"), { ordinal: 4, comments: ["Look here", "and here"], author: BOB }],
  [svg('<svg> <polygon points=" 1 2, 3 4  5,6 "></polygon> </svg>'), { ordinal: 5, label: STROMA }],
  // Kept as sent before 0018: it rewrites SVG selectors from the shape, without the script.
  [svg(`<svg onload="alert(1)"><polygon onmouseover='alert(2)' points="0,0 4,0 2,3"/></svg>`), { ordinal: 6 }]
]
/** Stored before a limit that would refuse it now; 0016 leaves it kind "" and the compact read leaves it out. */
const UNREADABLE = randomUUID()
/** More rows than one backfill batch (1,000). */
const MANY = 1205

describe("migration 0016 on rows written before it", () => {
  it("fills in kind, vertices and comments from each selector, and the compact read then matches the list", async () => {
    const now = "2025-01-01T00:00:00.000Z"
    const user = (id: string, name: string) => userRow(id, `${name.toLowerCase()}-${id.slice(0, 8)}@example.com`, name, now)
    await db
      .insertInto("users")
      .values([user(ADA, "Ada"), user(BOB, "Bob")])
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
      })
      .execute()
    const label = (id: string, name: string, color: string) => ({
      id,
      lab_id: LAB,
      name,
      name_lower: name.toLowerCase(),
      color,
      label_type: "annotation",
      visible: 1,
      created_by: ADA,
      created_at: now,
      updated_at: now
    })
    await db
      .insertInto("labels")
      .values([label(TUMOR, "Tumor", "#FF0000"), label(STROMA, "Stroma", "#00FF00")])
      .execute()
    const rows = [
      ...shapes.map(([selector, options]) => oldRow(randomUUID(), selector, options)),
      oldRow(UNREADABLE, svg("<svg><rect x='1'/></svg>"), { ordinal: shapes.length }),
      ...Array.from({ length: MANY }, (_, i) => oldRow(randomUUID(), rect(i, i / 3, 1 + i / 7, 2), { ordinal: shapes.length + 1 + i }))
    ]
    // Written with the columns that existed then (the 0012 table), as the old server wrote them.
    for (let i = 0; i < rows.length; i += 200)
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto("annotations")
        .values(rows.slice(i, i + 200))
        .execute()

    const after = await migrator.migrateToLatest()
    expect(after.error).toBeUndefined()
    // 0016 first, then any later migration, each a success.
    const ran = after.results?.map((r) => [r.migrationName, r.status]) ?? []
    expect(ran[0]).toEqual(["0016_annotation_geometry", "Success"])
    expect(ran.every(([, status]) => status === "Success")).toBe(true)

    const stored = await db
      .selectFrom("annotations")
      .select(["id", "data", "kind", "coords", "comments"])
      .where("lab_id", "=", LAB)
      .execute()
    expect(stored).toHaveLength(rows.length)
    for (const row of stored) {
      const data = JSON.parse(row.data) as WebAnnotation
      const parsed = parseSelector(data.target.selector)
      if (row.id === UNREADABLE) {
        expect(parsed.ok).toBe(false)
        expect([row.kind, row.coords.length, row.comments]).toEqual(["", 0, null])
        continue
      }
      if (!parsed.ok) throw new Error(parsed.error)
      const comments = data.body.slice(1).map((body) => body.value)
      expect({ id: row.id, kind: row.kind, comments: row.comments === null ? [] : JSON.parse(row.comments) }).toEqual({
        id: row.id,
        kind: parsed.geometry.kind,
        comments
      })
      expect(Buffer.from(row.coords).equals(Buffer.from(float64Bytes(flatten(parsed.geometry))))).toBe(true)
      // 0018: an SVG selector is the one written from its shape, the same numbers exactly.
      if (data.target.selector.type === "SvgSelector") expect(data.target.selector).toEqual(toSelector(parsed.geometry))
    }

    const list = (await annotationPage(db, LAB, 999_999, 0)).map(toAnnotation).filter((a) => a.id !== UNREADABLE)
    const compact = decodeCompact(await compactAnnotations(db, engine, LAB, true))
    expect(compact.count).toBe(rows.length - 1)
    expect(rowsOfCompact(compact)).toEqual(list.map(rowOfListed))
    expect(
      rowsOfCompact(compact)
        .slice(0, shapes.length)
        .map((r) => [r.kind, r.label.name, r.author.name, r.visible, r.version, r.comments])
    ).toEqual([
      ["rectangle", "Tumor", "Ada", true, 1, []],
      ["polygon", "Stroma", "Ada", true, 3, []],
      ["polyline", "Tumor", "Bob", false, 1, []],
      ["points", "Tumor", "Ada", true, 1, []],
      ["points", "Tumor", "Bob", true, 1, ["Look here", "and here"]],
      ["polygon", "Stroma", "Ada", true, 1, []],
      ["polygon", "Tumor", "Ada", true, 1, []]
    ])
    expect(list.map((a) => a.data.target.selector.value).filter((value) => /alert|onload|onmouseover/.test(value))).toEqual([])
  }, 60_000)
})
