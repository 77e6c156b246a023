// The signed-in user's profile: reading it, and editing its fields and avatar. Every field is
// checked before anything is written, so a rejected edit changes nothing.
import { readFile, stat } from "node:fs/promises"
import { Context, Effect, Layer } from "effect"
import type { Multipart } from "effect/http"
import type { ProfilePayload } from "../../../src/contract/auth.ts"
import { type BadRequest, badRequest, type FieldErrors, Forbidden } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import { AVATAR_MAX_BYTES } from "../../../src/contract/rules.ts"
import type { Profile } from "../../../src/contract/users.ts"
import { isUniqueViolation } from "../../db/unique-violation.ts"
import { findUserById, type UserRow, usernameTaken } from "../../db/users.ts"
import { type ImageType, imageTypeOf } from "../../domain/image-type.ts"
import { messages } from "../../domain/messages.ts"
import { toProfile } from "../../domain/profile.ts"
import { Avatars } from "./Avatars.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"

type ProfileEdit = typeof ProfilePayload.Type

const MAX_LENGTH = { name: 150, username: 150, phone: 32, company: 200, description: 2000 } as const
type TextField = keyof typeof MAX_LENGTH

/** An uploaded picture: its bytes when it is an image within the size limit, or why not. */
type AvatarUpload =
  | { readonly _tag: "None" }
  | { readonly _tag: "Remove" }
  | { readonly _tag: "Image"; readonly bytes: Uint8Array; readonly type: ImageType }

const readAvatar = (file: Multipart.PersistedFile): Effect.Effect<AvatarUpload | { readonly _tag: "Error"; readonly message: string }> =>
  Effect.promise(async () => {
    // The old product's placeholder picture means "no avatar".
    if (file.name.split(/[\\/]/).pop()?.toLowerCase() === "default.png") return { _tag: "Remove" } as const
    const { size } = await stat(file.path)
    const head = await readFile(file.path).then((b) => b.subarray(0, 16))
    const type = imageTypeOf(head)
    if (!type) return { _tag: "Error", message: messages.avatarFormat } as const
    if (size > AVATAR_MAX_BYTES) return { _tag: "Error", message: messages.avatarSize } as const
    return { _tag: "Image", bytes: await readFile(file.path), type } as const
  })

/** Optional text: trimmed, and an empty value clears the field. */
const optionalText = (value: string | undefined) => (value === undefined ? undefined : value.trim() === "" ? null : value.trim())

export class Profiles extends Context.Service<
  Profiles,
  {
    readonly get: (user: AuthenticatedUser) => Effect.Effect<Profile>
    readonly update: (user: AuthenticatedUser, userId: string, edit: ProfileEdit) => Effect.Effect<Profile, BadRequest | Forbidden>
  }
>()("preparat/Profiles") {
  static readonly layer = Layer.effect(
    Profiles,
    Effect.gen(function* () {
      const database = yield* Database
      const events = yield* EventLog
      const avatars = yield* Avatars

      const userOf = (id: string) =>
        database
          .query((db) => findUserById(db, id))
          .pipe(Effect.flatMap((user) => (user ? Effect.succeed(user) : Effect.die(new Error(`user ${id} vanished`)))))

      const get = Effect.fn("Profiles.get")(function* (current: AuthenticatedUser) {
        return toProfile(yield* userOf(current.id))
      })

      const update = Effect.fn("Profiles.update")(function* (current: AuthenticatedUser, userId: string, edit: ProfileEdit) {
        if (userId !== current.id) return yield* new Forbidden({ message: messages.notOwnProfile })
        const user = yield* userOf(current.id)
        const errors: Record<string, string[]> = {}

        const values: Partial<Record<TextField, string | null>> = {
          ...(edit.name === undefined ? {} : { name: edit.name.trim() }),
          ...(edit.username === undefined ? {} : { username: optionalText(edit.username) }),
          ...(edit.phone === undefined ? {} : { phone: optionalText(edit.phone) }),
          ...(edit.company === undefined ? {} : { company: optionalText(edit.company) }),
          ...(edit.description === undefined ? {} : { description: optionalText(edit.description) })
        }
        for (const [field, value] of Object.entries(values) as Array<[TextField, string | null]>) {
          if (value !== null && value.length > MAX_LENGTH[field]) errors[field] = [messages.tooLong(MAX_LENGTH[field])]
        }
        const username = values.username
        if (typeof username === "string" && !errors.username) {
          if (!/^[\w.@+-]+$/.test(username)) errors.username = [messages.invalidUsername]
          else if (yield* database.query((db) => usernameTaken(db, username, user.id))) errors.username = [messages.usernameTaken]
        }

        const upload: AvatarUpload | { _tag: "Error"; message: string } = edit.avatar
          ? yield* readAvatar(edit.avatar)
          : edit.remove_avatar === "1"
            ? { _tag: "Remove" }
            : { _tag: "None" }
        if (upload._tag === "Error") errors.avatar = [upload.message]
        if (Object.keys(errors).length > 0) return yield* Effect.fail(badRequest(errors as FieldErrors))

        const changes: Partial<UserRow> = {}
        for (const [field, value] of Object.entries(values) as Array<[TextField, string | null]>) {
          if (user[field] !== value) Object.assign(changes, { [field]: value })
        }
        const newAvatar = upload._tag === "Image" ? yield* avatars.store(upload.bytes, upload.type) : undefined
        if (newAvatar !== undefined || (upload._tag === "Remove" && user.avatar !== null)) changes.avatar = newAvatar ?? null
        const changed = Object.keys(changes)
        if (changed.length === 0) return toProfile(user)

        const updated = yield* database
          .transaction((trx) =>
            Effect.gen(function* () {
              yield* Effect.tryPromise({
                try: () =>
                  trx
                    .updateTable("users")
                    .set({ ...changes, updated_at: new Date().toISOString() })
                    .where("id", "=", user.id)
                    .execute(),
                catch: (error) => error
              }).pipe(
                Effect.catch((error) =>
                  isUniqueViolation(error) ? Effect.fail(badRequest({ username: [messages.usernameTaken] })) : Effect.die(error)
                )
              )
              yield* events.record(trx, { actorId: user.id, kind: "profile.updated", payload: { fields: changed } })
              return yield* sql(() => findUserById(trx, user.id))
            })
          )
          // A picture written for an edit that did not commit is not kept.
          .pipe(Effect.onError(() => (newAvatar ? avatars.remove(newAvatar) : Effect.void)))
        if (user.avatar && "avatar" in changes) yield* avatars.remove(user.avatar)
        return toProfile(updated ?? user)
      })

      return Profiles.of({ get, update })
    })
  )
}
