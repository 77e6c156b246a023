// /v2/members: who shares a lab and with which role; invitations (also to emails that have no
// account yet), role changes, removal and leaving, ownership transfer; and the user suggestions
// of the invite box (/v2/auth/users/).
import { Schema } from "effect"
import { EMAIL_MAX, NAME_MAX, Text } from "./rules.ts"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { Locale } from "./auth.ts"
import { Ok, Page, PageQuery } from "./envelope.ts"
import { BadRequest, Conflict, Forbidden, NotFound, PayloadTooLarge, TooManyRequests } from "./errors.ts"
import { Collaborator, Lab, LabId, Role } from "./labs.ts"
import { Authorization } from "./middleware.ts"

/** The members list's item: see Collaborator in labs.ts. */
export const Member = Collaborator
export type Member = typeof Member.Type

/** Roles that can be given by invitation or role change; "owner" only through a transfer. */
export const MemberRole = Schema.Literals(["admin", "reviewer"])
export type MemberRole = typeof MemberRole.Type

/** Default page size of the members list: the dialog loads five at a time as it scrolls. */
export const MEMBERS_PAGE_SIZE = 5

export const MembersQuery = {
  ...PageQuery,
  lab_id: LabId,
  /** Part of a name, email or username. */
  search: Schema.optional(Text(NAME_MAX))
}

/**
 * One address of an invitation as its answer shows it: the membership and nothing about the account
 * behind the address (whether there is one, its name), so inviting cannot tell who has an account.
 * The members list then shows who is in.
 */
export const Invitation = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  role_member: Role,
  /** Where the membership is held: this lab, or a folder above it (then `is_inherited`). */
  lab_id: Schema.NullOr(LabId),
  is_inherited: Schema.Boolean
})
export type Invitation = typeof Invitation.Type

export const InvitePayload = Schema.Struct({
  lab_id: LabId,
  /** One email or a list; at least one. */
  email: Schema.Union([Text(EMAIL_MAX), Schema.Array(Text(EMAIL_MAX))]),
  /** Default reviewer. */
  role_member: Schema.optionalKey(MemberRole),
  /** Language of the invitation mail to an email without an account; English when absent. */
  locale: Schema.optionalKey(Locale)
})
export type InvitePayload = typeof InvitePayload.Type

export const RolePayload = Schema.Struct({ role_member: MemberRole })

export const TransferPayload = Schema.Struct({ lab_id: LabId, user_id: Text(64) })
export type TransferPayload = typeof TransferPayload.Type

const OfferPerson = Schema.Struct({ id: Schema.String, name: Schema.String, email: Schema.String })

/**
 * A transfer of ownership waiting for the receiver's answer: the lab stays the sender's until the
 * receiver accepts (then the lab and its bytes are theirs), declines, or the sender withdraws it.
 * `lab.size` is what accepting adds to the receiver's storage.
 */
export const OwnershipOffer = Schema.Struct({
  id: Schema.String,
  lab: Schema.Struct({ id: Schema.String, name: Schema.String, is_dir: Schema.Boolean, size: Schema.Number }),
  from: OfferPerson,
  to: OfferPerson,
  created_at: Schema.String
})
export type OwnershipOffer = typeof OwnershipOffer.Type

export const OfferQuery = { lab_id: LabId }

/**
 * At least 2 characters of a name, email or username of someone the caller shares a lab with, or the
 * whole address of anyone (a look-up limited per account); at most 10 answers.
 */
export const SUGGEST_MIN_CHARS = 2
export const SUGGEST_MAX = 10
export const SuggestQuery = { lab_id: LabId, search: Text(NAME_MAX) }

export const UserSuggestion = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  name: Schema.String,
  username: Schema.NullOr(Schema.String),
  avatar: Schema.NullOr(Schema.String),
  /** The same name and avatar, where the old product read them. */
  profile: Schema.Struct({ name: Schema.String, avatar: Schema.NullOr(Schema.String) })
})
export type UserSuggestion = typeof UserSuggestion.Type

export class Members extends HttpApiGroup.make("members")
  .add(
    HttpApiEndpoint.get("list", "/members/", { query: MembersQuery, success: Ok(Page(Member)), error: [BadRequest, Forbidden, NotFound] }),
    HttpApiEndpoint.post("invite", "/members/invites/", {
      payload: InvitePayload,
      success: Ok(Schema.Struct({ members: Schema.Array(Invitation) })),
      error: [BadRequest, Forbidden, NotFound, TooManyRequests]
    }),
    HttpApiEndpoint.put("changeRole", "/members/:id/", {
      params: { id: Schema.String },
      payload: RolePayload,
      success: Ok(Member),
      error: [BadRequest, Forbidden, NotFound]
    }),
    HttpApiEndpoint.delete("remove", "/members/:id/", {
      params: { id: Schema.String },
      success: Ok(Schema.Null),
      error: [BadRequest, Forbidden, NotFound]
    }),
    /** Offers the lab to a member; 409 while another offer for it waits. */
    HttpApiEndpoint.post("transfer", "/members/transfer/", {
      payload: TransferPayload,
      success: Ok(OwnershipOffer),
      error: [BadRequest, Conflict, Forbidden, NotFound]
    }),
    /** The lab's pending offer, or null; for anyone who sees its members. */
    HttpApiEndpoint.get("pendingTransfer", "/members/transfer/", {
      query: OfferQuery,
      success: Ok(Schema.NullOr(OwnershipOffer)),
      error: [BadRequest, Forbidden, NotFound]
    }),
    /** The receiver takes the lab; 413 (code "quota_exceeded", `missing` bytes) when it does not fit. */
    HttpApiEndpoint.post("acceptTransfer", "/members/transfer/:id/accept/", {
      params: { id: Schema.String },
      success: Ok(Lab),
      error: [Forbidden, NotFound, PayloadTooLarge]
    }),
    HttpApiEndpoint.post("declineTransfer", "/members/transfer/:id/decline/", {
      params: { id: Schema.String },
      success: Ok(Schema.Null),
      error: [Forbidden, NotFound]
    }),
    /** The sender takes the offer back. */
    HttpApiEndpoint.delete("withdrawTransfer", "/members/transfer/:id/", {
      params: { id: Schema.String },
      success: Ok(Schema.Null),
      error: [Forbidden, NotFound]
    }),
    HttpApiEndpoint.get("suggest", "/auth/users/", {
      query: SuggestQuery,
      success: Ok(Schema.Struct({ data: Schema.Struct({ results: Schema.Array(UserSuggestion) }) })),
      error: [BadRequest, Forbidden, NotFound, TooManyRequests]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Members", description: "Collaborators of a lab, invitations, roles and ownership" })) {}
