// Once the change log an in-memory name index followed: a version per owner raised by triggers on
// every lab write, and a row per changed lab. The index is gone (search is the database's, see
// lab-search.ts) and 0009 drops what this made; the name stays in the list so that databases that
// ran it still migrate, and new ones no longer build triggers only to drop them.
import type { Migration } from "kysely/migration"

export const labChangeLog: Migration = {
  up: async () => {}
}
