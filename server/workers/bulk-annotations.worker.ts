// The bulk worker thread's task (run by server/services/annotations/BulkParser.ts through piscina): a large
// bulk upload's body decoded, checked and prepared away from the event loop.
import type { LabelFacts } from "../domain/annotation-data.ts"
import { type BulkPrepared, prepareBulk } from "../domain/bulk-annotations.ts"

export interface BulkTask {
  readonly body: Uint8Array
  readonly labels: ReadonlyArray<LabelFacts>
}

export default ({ body, labels }: BulkTask): BulkPrepared => prepareBulk(body, labels)
