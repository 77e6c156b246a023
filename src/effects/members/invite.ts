// POST /v2/members/invites/: invites emails to a lab. The endpoint takes one role per request, so
// invitees are sent in one request per role (reviewers first, as most are); the answer lists the
// memberships as they now stand, for the dialog to show without reloading.
import { Effect } from "effect"
import type { Locale } from "../../contract/auth.ts"
import type { MemberRole } from "../../contract/members.ts"
import { call, endpoints } from "../call.ts"

export interface Invitee {
  readonly email: string
  readonly role: MemberRole
}

export interface InviteRequest {
  readonly labId: string
  readonly invitees: ReadonlyArray<Invitee>
  /** Language of the mail to an email without an account. */
  readonly locale: Locale
}

const roleOrder: ReadonlyArray<MemberRole> = ["reviewer", "admin"]

export const inviteMembers = Effect.fn("Members.invite")(function* (request: InviteRequest) {
  const groups = roleOrder
    .map((role) => ({ role, emails: request.invitees.filter((i) => i.role === role).map((i) => i.email) }))
    .filter((group) => group.emails.length > 0)
  const answers = yield* Effect.forEach(groups, (group) =>
    call(endpoints.members.invite, {
      payload: { lab_id: request.labId, email: group.emails, role_member: group.role, locale: request.locale }
    })
  )
  return answers.flatMap((answer) => answer.data.members)
})
