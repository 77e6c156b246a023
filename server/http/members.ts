// /v2/members/ and /v2/auth/users/: collaborators, invitations, roles, leaving, ownership.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { MEMBERS_PAGE_SIZE } from "../../src/contract/members.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { memberMessages } from "../domain/lab-messages.ts"
import { MemberInvites } from "../services/labs/MemberInvites.ts"
import { Members } from "../services/labs/Members.ts"
import { OwnershipTransfer } from "../services/labs/OwnershipTransfer.ts"
import { done, ok, page } from "./envelope.ts"
import { requirePaging } from "./paging.ts"

export const MembersLive = HttpApiBuilder.group(
  Api,
  "members",
  Effect.fn(function* (handlers) {
    const members = yield* Members
    const invites = yield* MemberInvites
    const ownership = yield* OwnershipTransfer

    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, MEMBERS_PAGE_SIZE)
          const { results, count } = yield* members.list((yield* CurrentUser).id, query.lab_id, query.search, paging)
          return ok(page(results, count, paging))
        })
      )
      .handle("invite", ({ payload }) =>
        Effect.gen(function* () {
          return ok({ members: yield* invites.invite((yield* CurrentUser).id, payload) }, memberMessages.invited)
        })
      )
      .handle("changeRole", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(yield* members.changeRole((yield* CurrentUser).id, params.id, payload.role_member), memberMessages.roleChanged)
        })
      )
      .handle("remove", ({ params }) =>
        Effect.gen(function* () {
          const { left } = yield* members.remove((yield* CurrentUser).id, params.id)
          return done(left ? memberMessages.left : memberMessages.removed)
        })
      )
      .handle("transfer", ({ payload }) =>
        Effect.gen(function* () {
          return ok(yield* ownership.offer((yield* CurrentUser).id, payload.lab_id, payload.user_id), memberMessages.offered)
        })
      )
      .handle("pendingTransfer", ({ query }) =>
        Effect.gen(function* () {
          return ok(yield* ownership.pending((yield* CurrentUser).id, query.lab_id))
        })
      )
      .handle("acceptTransfer", ({ params }) =>
        Effect.gen(function* () {
          return ok(yield* ownership.accept((yield* CurrentUser).id, params.id), memberMessages.transferred)
        })
      )
      .handle("declineTransfer", ({ params }) =>
        Effect.gen(function* () {
          yield* ownership.decline((yield* CurrentUser).id, params.id)
          return done(memberMessages.offerDeclined)
        })
      )
      .handle("withdrawTransfer", ({ params }) =>
        Effect.gen(function* () {
          yield* ownership.withdraw((yield* CurrentUser).id, params.id)
          return done(memberMessages.offerWithdrawn)
        })
      )
      .handle("suggest", ({ query }) =>
        Effect.gen(function* () {
          return ok({ data: { results: yield* members.suggest((yield* CurrentUser).id, query.lab_id, query.search) } })
        })
      )
  })
)
