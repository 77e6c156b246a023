// What every blob store backend offers (BlobStore.ts picks one): the local directory or an
// S3-compatible bucket. Shared here so that neither backend imports the service that chooses it.
import { randomBytes } from "node:crypto"
import type { Readable } from "node:stream"
import type { Effect } from "effect"

/** Only keys a backend made: 32 hex characters, so a key can never leave its directory or prefix. */
export const isBlobKey = (key: string) => /^[0-9a-f]{32}$/.test(key)

export const newBlobKey = () => randomBytes(16).toString("hex")

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
/** An upload's id: a UUID, so that it can name a directory or a prefix. */
export const isUploadId = (id: string) => new RegExp(`^${UUID}$`).test(id)
/** A part's name: "<upload id>/<uuid>", made by a backend's putPart. */
export const isPartName = (part: string) => new RegExp(`^${UUID}/${UUID}$`).test(part)

/** An upload that has parts in the store, and when its newest one was written. */
export interface PartsOf {
  readonly uploadId: string
  readonly modifiedMs: number
}

export interface BlobBytes {
  /** Bytes in the stream (the range's, when one was asked for). */
  readonly size: number
  readonly stream: Readable
}

/** Inclusive byte offsets, as in an HTTP Range; the end is cut at the blob's last byte. */
export interface ByteRange {
  readonly start: number
  readonly end: number
}

export interface BlobBackend {
  /** Writes bytes under a new key. */
  readonly put: (bytes: Uint8Array) => Effect.Effect<string>
  /** Takes a finished file on this disk into the store under a new key; the file is gone after. */
  readonly adopt: (path: string) => Effect.Effect<string>
  /** A blob's bytes to stream; undefined for a foreign or missing key. */
  readonly open: (key: string, range?: ByteRange) => Effect.Effect<BlobBytes | undefined>
  /**
   * Runs `use` with a path on this disk that holds the blob's bytes, until `use` ends; undefined
   * (and `use` not run) for a foreign key, and for a missing object in a bucket. The path must
   * not be written to.
   */
  readonly withLocalPath: <A, E, R>(key: string, use: (path: string) => Effect.Effect<A, E, R>) => Effect.Effect<A | undefined, E, R>
  /**
   * Deletes blobs whose labs are gone; missing ones are fine. Never fails: a blob left behind
   * costs storage, not correctness, so the purge that called it stays done.
   */
  readonly remove: (keys: ReadonlyArray<string>) => Effect.Effect<void>
  /** Writes a stream under a new key (an upload's parts, put together). */
  readonly putStream: (stream: Readable) => Effect.Effect<string>
  /**
   * Takes a finished file on this disk as one part of a chunked upload; answers the part's name.
   * The file is gone after. Parts live where every app server reads them (the bucket, or this disk
   * when there is none), so a chunk may reach any server.
   */
  readonly putPart: (uploadId: string, path: string) => Effect.Effect<string>
  /** A part's bytes from `from` (an offset inside it) on; undefined for a foreign or missing part. */
  readonly openPart: (part: string, from: number) => Effect.Effect<Readable | undefined>
  /** Removes one part (a chunk that lost its race); never fails. */
  readonly removePart: (part: string) => Effect.Effect<void>
  /** Removes every part of an upload (finished or given up); never fails. */
  readonly removeParts: (uploadId: string) => Effect.Effect<void>
  /** Every upload that has parts in the store: the sweep removes those no upload row speaks for. */
  readonly partUploads: Effect.Effect<ReadonlyArray<PartsOf>>
}
