// The user as the wire shows it: sign-in answers, the profile page, owners and collaborators.
import { Schema } from "effect"

export const UserId = Schema.String
export type UserId = typeof UserId.Type

export const Profile = Schema.Struct({
  id: UserId,
  email: Schema.String,
  name: Schema.String,
  username: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  company: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  /** URL of the avatar image, or null for none (the SPA then shows initials). */
  avatar: Schema.NullOr(Schema.String),
  mfa_enabled: Schema.Boolean,
  created_at: Schema.String
})
export type Profile = typeof Profile.Type

/** The short form embedded in other entities (lab owner, notification sender, member). */
export const UserSummary = Schema.Struct({
  id: UserId,
  email: Schema.String,
  name: Schema.String,
  username: Schema.NullOr(Schema.String),
  avatar: Schema.NullOr(Schema.String)
})
export type UserSummary = typeof UserSummary.Type
