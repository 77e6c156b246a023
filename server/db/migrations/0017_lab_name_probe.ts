// PostgreSQL: a name search's probe in one round trip. The probe asks the planner how common the
// words are (EXPLAIN, from the column's statistics) and, when rare, reads the hits' ids with the LIKE
// planned afresh for its pattern; as two statements it was two of a selective search's three round
// trips, each about 0.4 ms beside a folder page's one. EXECUTE plans each statement with its
// pattern, as the two statements did (VOLATILE: PostgreSQL refuses EXPLAIN in a STABLE function). Answers NULL when the search is broad (estimated at
// `broad_at` or more, or more than `max_ids` hits found), else the hits' ids. SQLite has its own probe.
import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"
import type { Engine } from "../engine.ts"

export const labNameProbe = (engine: Engine): Migration => ({
  up: async (db: Kysely<unknown>) => {
    if (engine !== "postgres") return
    await sql`
      CREATE FUNCTION lab_name_hits(pattern text, broad_at integer, max_ids integer) RETURNS text[]
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        plan json;
        hits text[];
      BEGIN
        EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM labs l WHERE l.name_lower LIKE %L ESCAPE %L', pattern, E'\\\\') INTO plan;
        IF (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8 >= broad_at THEN
          RETURN NULL;
        END IF;
        EXECUTE format(
          'SELECT array_agg(id) FROM (SELECT l.id FROM labs l WHERE l.name_lower LIKE %L ESCAPE %L AND l.deleted_at IS NULL LIMIT %s) h',
          pattern, E'\\\\', max_ids + 1
        ) INTO hits;
        IF coalesce(array_length(hits, 1), 0) > max_ids THEN
          RETURN NULL;
        END IF;
        RETURN coalesce(hits, '{}'::text[]);
      END
      $$`.execute(db)
  },
  down: async (db: Kysely<unknown>) => {
    if (engine === "postgres") await sql`DROP FUNCTION IF EXISTS lab_name_hits(text, integer, integer)`.execute(db)
  }
})
