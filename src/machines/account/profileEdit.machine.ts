// Settings > Profile: load the profile, edit it, save it with the avatar in the same request.
// The avatar is checked the moment it is picked (image, at most 2MB), so a bad file never uploads.
import { assertEvent, assign, emit, setup } from "xstate"
import { Required } from "../../contract/rules.ts"
import type { Profile } from "../../contract/users.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { type AvatarChange, type ProfileChanges, updateProfile } from "../../effects/auth/account.ts"
import { loadProfile } from "../../effects/auth/session.ts"
import { present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { avatarProblem } from "./avatarRules.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { validateField } from "../support/validate.ts"

export interface ProfileEditContext {
  readonly profile: Profile | null
  /** What saving will do to the avatar. */
  readonly avatar: AvatarChange
  readonly fields: FieldNotices
  readonly error: Notice | null
}

export type ProfileEditEvent =
  | { readonly type: "profile.pickAvatar"; readonly file: File }
  | { readonly type: "profile.removeAvatar" }
  /** Back to the avatar the profile has. */
  | { readonly type: "profile.keepAvatar" }
  | { readonly type: "profile.submit"; readonly values: ProfileChanges }
  | { readonly type: "profile.retry" }

export type ProfileEditEmitted = { readonly type: "profile.saved"; readonly profile: Profile }

export interface SaveInput {
  readonly userId: string
  readonly changes: ProfileChanges
  readonly avatar: AvatarChange
}

const keep: AvatarChange = { _tag: "Keep" }

const trimmed = (values: ProfileChanges): ProfileChanges => ({
  name: values.name.trim(),
  username: values.username.trim(),
  phone: values.phone.trim(),
  company: values.company.trim(),
  description: values.description.trim()
})

const valuesErrors = (values: ProfileChanges) => validateField(Required, "name", values.name)

const withoutField = (fields: FieldNotices, field: string): FieldNotices =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => name !== field))

const actors = {
  load: fromEffect(() => loadProfile()),
  save: fromEffect((input: SaveInput) => updateProfile(input.userId, input.changes, input.avatar))
}

export const profileEditMachine = setup({
  types: {
    context: {} as ProfileEditContext,
    events: {} as ProfileEditEvent,
    emitted: {} as ProfileEditEmitted
  },
  actors,
  guards: {
    avatarRejected: ({ event }) => event.type === "profile.pickAvatar" && avatarProblem(event.file) !== null,
    valuesInvalid: ({ event }) => event.type === "profile.submit" && valuesErrors(event.values) !== null
  },
  actions: {
    rejectAvatar: assign(({ context, event }) => {
      assertEvent(event, "profile.pickAvatar")
      const problem = avatarProblem(event.file) ?? "validation.avatarFormat"
      return { fields: { ...context.fields, avatar: [{ key: problem }] } }
    }),
    replaceAvatar: assign(({ context, event }) => {
      assertEvent(event, "profile.pickAvatar")
      return { avatar: { _tag: "Replace", file: event.file } as const, fields: withoutField(context.fields, "avatar") }
    }),
    removeAvatar: assign(({ context }) => ({
      avatar: { _tag: "Remove" } as const,
      fields: withoutField(context.fields, "avatar")
    })),
    keepAvatar: assign(({ context }) => ({ avatar: keep, fields: withoutField(context.fields, "avatar") })),
    rejectValues: assign(({ event }) => {
      assertEvent(event, "profile.submit")
      return { fields: valuesErrors(event.values) ?? {}, error: null }
    }),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    showFailure: assign((_, error: AppFailure) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    }),
    setProfile: assign((_, profile: Profile) => ({ profile, avatar: keep })),
    announceSaved: emit((_, profile: Profile) => ({ type: "profile.saved", profile }) as const)
  }
}).createMachine({
  id: "profileEdit",
  context: { profile: null, avatar: keep, fields: noFieldNotices, error: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "editing", actions: { type: "setProfile", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    /** A profile that cannot be loaded shows the server error. */
    failed: {
      on: { "profile.retry": { target: "loading", actions: "clearMessages" } }
    },
    editing: {
      on: {
        "profile.pickAvatar": [{ guard: "avatarRejected", actions: "rejectAvatar" }, { actions: "replaceAvatar" }],
        "profile.removeAvatar": { actions: "removeAvatar" },
        "profile.keepAvatar": { actions: "keepAvatar" },
        "profile.submit": [
          { guard: "valuesInvalid", actions: "rejectValues" },
          { target: "saving", actions: "clearMessages" }
        ]
      }
    },
    saving: {
      tags: ["busy"],
      invoke: {
        id: "save",
        src: "save",
        input: ({ context, event }) => {
          assertEvent(event, "profile.submit")
          // Editing is only reached with a loaded profile; the fallback only satisfies the types.
          return { userId: context.profile?.id ?? "", changes: trimmed(event.values), avatar: context.avatar }
        },
        onDone: {
          target: "editing",
          actions: [
            { type: "setProfile", params: ({ event }) => event.output },
            { type: "announceSaved", params: ({ event }) => event.output }
          ]
        },
        onError: { target: "editing", actions: { type: "showFailure", params: failureFrom(actors.save) } }
      }
    }
  }
})
