// The Ki67 analysis' two labels written straight into a slide's database, as ensureLabel makes them
// (server/services/ai/analysis-results.ts), for tests and benches that write detection rows themselves.
import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import type { Database } from "../../server/db/schema.ts"
import { KI67_LABELS } from "../../server/domain/analysis-rules.ts"
import type { LabelFacts } from "../../server/domain/annotation-data.ts"

/** The labels in KI67_LABELS' order (negative, then positive). */
export const insertKi67Labels = async (
  db: Kysely<Database>,
  labId: string,
  ownerId: string,
  at: string
): Promise<readonly [LabelFacts, LabelFacts]> => {
  const [negative, positive] = Object.values(KI67_LABELS).map((wanted) => ({ id: randomUUID(), name: wanted.name, color: wanted.color }))
  const labels = [negative!, positive!] as const
  await db
    .insertInto("labels")
    .values(
      labels.map((label) => ({
        ...label,
        lab_id: labId,
        name_lower: label.name.toLowerCase(),
        label_type: "analysis",
        visible: 1,
        created_by: ownerId,
        created_at: at,
        updated_at: at
      }))
    )
    .execute()
  return labels
}
