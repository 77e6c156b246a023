// The migrations are recorded in each database by name (kysely_migration): a released name that
// changed or moved would make an existing database fail to migrate. One file each, listed in order.
import { describe, expect, it } from "vitest"
import { migrationsFor } from "../../server/db/migrations/index.ts"

const RELEASED = [
  "0001_accounts",
  "0002_labs",
  "0003_lab_name_search",
  "0004_slides",
  "0005_upload_lab",
  "0006_labs_owner_live_name",
  "0007_live_page_indexes",
  "0008_lab_change_log",
  "0009_drop_lab_change_log",
  "0010_token_generation",
  "0011_uploads_in_flight"
]

describe("the migration list", () => {
  it.each(["sqlite", "postgres"] as const)("keeps every released name, in order, on %s", (engine) => {
    const names = Object.keys(migrationsFor(engine))
    expect(names.slice(0, RELEASED.length)).toEqual(RELEASED)
    // Kysely runs them in name order: the list's order must be that order.
    expect([...names].sort()).toEqual(names)
    for (const migration of Object.values(migrationsFor(engine))) expect(typeof migration.up).toBe("function")
  })
})
