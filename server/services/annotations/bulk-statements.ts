// How a bulk edit cuts its ids into statements and messages: ids per statement on each engine, the
// "id is one of" condition each engine plans well, and how many ids one realtime message carries.
import { sql as kysql } from "kysely"
import { ANNOTATION_LIMITS } from "../../../src/contract/annotations.ts"

/** Ids per statement on SQLite: far below its bound-parameter limit (32,766). */
export const CHUNK = 5000

/** A selection this large waits for the process's other large bulk edits (as large bulk creates do). */
export const LARGE_BULK_IDS = 5000

/** Room a message keeps for everything but its ids (Pusher allows 10 KB; ANNOTATION_LIMITS.messageBytes). */
const MESSAGE_OVERHEAD = 1000

/** The ids that fit in one realtime message, in order; fewer than all tells clients to re-read. */
export const idsThatFit = (ids: ReadonlyArray<string>): ReadonlyArray<string> => {
  const out: string[] = []
  let used = MESSAGE_OVERHEAD
  for (const id of ids) {
    used += id.length + 3
    if (used > ANNOTATION_LIMITS.messageBytes) break
    out.push(id)
  }
  return out
}

export const chunksOf =
  (size: number) =>
  <A>(items: ReadonlyArray<A>): ReadonlyArray<ReadonlyArray<A>> => {
    const out: A[][] = []
    for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
    return out
  }

/**
 * `id` is one of `ids`. PostgreSQL takes the list as one array parameter (`= any($1)`), planned
 * with its values as a hashed lookup: 5,000 bound parameters in an IN list were matched one by one
 * against every row (5.5 s to relabel 100,000). SQLite takes an IN list of bound parameters.
 */
export const idInFor = (engine: string) => (ids: ReadonlyArray<string>) =>
  engine === "postgres"
    ? kysql<boolean>`${kysql.ref("id")} = any(${[...ids]}::text[])`
    : kysql<boolean>`${kysql.ref("id")} in (${kysql.join([...ids])})`
