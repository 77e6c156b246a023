// Reads a multipart form as a stream: text fields are collected until the `file` part, whose bytes
// are handed on unread (as a Node stream) so they can go straight to disk. Fields after the file
// are ignored; so are other file parts.
import { NodeMultipart } from "@effect/platform-node"
import { Effect, Stream } from "effect"
import type { Multipart } from "effect/http"
import type { Readable } from "node:stream"
import { type BadRequest, badRequest } from "../../src/contract/errors.ts"
import { slideMessages } from "../domain/slide-messages.ts"
import { drainPart } from "../services/slides/upload-stream.ts"

export const withFilePart = <A, E, R>(
  parts: Stream.Stream<Multipart.Part, Multipart.MultipartError>,
  onFile: (fields: ReadonlyMap<string, string>, file: Multipart.File, bytes: Readable) => Effect.Effect<A, E, R>
): Effect.Effect<A, E | BadRequest, R> =>
  Effect.gen(function* () {
    const fields = new Map<string, string>()
    let result: { readonly value: A } | undefined
    // A broken or over-limit body is a defect: upload-limits.ts turns the limit ones into 413.
    yield* Stream.runForEach(Stream.orDie(parts), (part) => {
      if (part._tag === "Field") {
        if (!result) fields.set(part.key, part.value)
        return Effect.void
      }
      if (part._tag !== "File") return Effect.void
      const bytes = NodeMultipart.fileToReadable(part)
      if (part.key !== "file" || result) return Effect.promise(() => drainPart(bytes))
      return onFile(fields, part, bytes).pipe(
        Effect.tap((value) => {
          result = { value }
          // Whatever the handler left unread, so that the rest of the form can be parsed.
          return Effect.promise(() => drainPart(bytes))
        })
      )
    })
    if (!result) return yield* Effect.fail(badRequest({ file: [slideMessages.fileMissing] }, slideMessages.fileMissing))
    return result.value
  })

/** A folder id, or null for the uploader's root ("root", "null" or nothing). */
export const targetOf = (value: string | undefined): string | null => {
  const id = value?.trim() ?? ""
  return id === "" || id === "null" || id === "root" ? null : id
}
