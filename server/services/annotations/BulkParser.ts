// Where a bulk upload's body is decoded, checked and prepared (server/domain/bulk-annotations.ts):
// in place when it is small, on one worker thread (piscina) when it is large. An 8 MB body took
// ~100 ms of one block under load (text decoding, JSON.parse, the contract's schema, the selector
// checks), and every other request on the process waited for it; on the worker, the event loop
// only copies the bytes over and the prepared rows back. One thread: bulk creates run one at a
// time anyway (Annotations' bulk lane), and the other core serves the event loop.
import { Context, Effect, Layer } from "effect"
import { Piscina } from "piscina"
import type { LabelFacts } from "../../domain/annotation-data.ts"
import { type BulkPrepared, prepareBulk } from "../../domain/bulk-annotations.ts"
import type { BulkTask } from "../../workers/bulk-annotations.worker.ts"

/** Bodies up to this size are prepared in place: about 100 polygons, a few milliseconds of work. */
export const IN_PLACE_BYTES = 256 * 1024

export class BulkParser extends Context.Service<
  BulkParser,
  {
    readonly prepare: (body: Uint8Array, labels: ReadonlyArray<LabelFacts>) => Effect.Effect<BulkPrepared>
  }
>()("preparat/BulkParser") {
  static readonly layer = Layer.effect(
    BulkParser,
    Effect.gen(function* () {
      // Started at the first large upload, so a process that never sees one has no thread.
      let pool: Piscina<BulkTask, BulkPrepared> | undefined
      const worker = () =>
        (pool ??= new Piscina<BulkTask, BulkPrepared>({
          filename: new URL("../../workers/bulk-annotations.worker.ts", import.meta.url).href,
          minThreads: 0,
          maxThreads: 1,
          // Idle for a minute: the thread ends, and the next large upload starts it again.
          idleTimeout: 60_000,
          // The thread runs at the lowest priority (Linux's nice is per thread; piscina sets it
          // through @napi-rs/nice), so on a busy machine the event loop gets the core first and
          // other requests do not wait behind a bulk parse: the bench's plain-read p99 during bulk
          // uploads went from 35-45 ms to 10-13 ms (issue 21 item 8).
          niceIncrement: 19
        }))
      yield* Effect.addFinalizer(() => Effect.promise(async () => pool?.destroy()))
      const prepare = (body: Uint8Array, labels: ReadonlyArray<LabelFacts>) =>
        body.byteLength <= IN_PLACE_BYTES
          ? Effect.sync(() => prepareBulk(body, labels))
          : Effect.tryPromise((signal) => worker().run({ body, labels }, { signal })).pipe(Effect.orDie)
      return { prepare }
    })
  )
}
