// What both homes of built slides offer (SlideFiles.ts picks one): DATA_DIR/slides, or a bucket's
// "slides/" prefix. A build is always written to this disk first (libvips writes files); where
// it is read from afterwards is the backend's business.
import { randomBytes } from "node:crypto"
import type { Effect } from "effect"
import type { ObjectBytes } from "../platform/s3-objects.ts"

/** Only keys this service made: 32 hex characters, so a key can never leave the directory. */
export const isSlideKey = (key: string) => /^[0-9a-f]{32}$/.test(key)

export const newSlideKey = () => randomBytes(16).toString("hex")

export interface SlideFilesBackend {
  /** DATA_DIR/slides, where builds are written (and, on the local backend, kept). */
  readonly root: string
  readonly newKey: () => string
  /** The directory on this disk where one build is written. */
  readonly dirOf: (key: string) => string
  /**
   * Makes a build written into dirOf(key) readable by every app server: in a bucket, its files go
   * up and the local directory goes. Fails when the store does; nothing of the build is then
   * readable, and the caller removes it.
   */
  readonly publish: (key: string) => Effect.Effect<void, Error>
  /** One file of a build ("slide.dzi", "slide_files/11/0_0.jpeg"), undefined when it is not there. */
  readonly read: (key: string, file: string) => Effect.Effect<ObjectBytes | undefined>
  /**
   * Runs `use` with a directory on this disk holding the whole build, for readers that open files
   * by path (an analysis, a report's snapshot). In a bucket, a copy under DATA_DIR/tmp, removed after.
   */
  readonly withLocalDir: <A, E, R>(key: string, use: (dir: string) => Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /**
   * Deletes builds whose labs are gone or rebuilt, and the staging directories a killed build
   * left beside them. Never fails: a build left behind costs storage, not correctness.
   */
  readonly remove: (keys: ReadonlyArray<string>) => Effect.Effect<void>
}
