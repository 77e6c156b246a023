// /v2/members/transfer/: a transfer of ownership is an offer. The owner offers a lab to a member (or
// withdraws the offer); the receiver accepts (the lab and its bytes become theirs, if they fit in
// their storage) or declines. Anyone who sees the lab's members sees the pending offer.
import { Effect } from "effect"
import type { OwnershipOffer } from "../../contract/members.ts"
import { call, endpoints } from "../call.ts"

export const transferOwnership = Effect.fn("Members.transfer")(function* (labId: string, userId: string) {
  const answer = yield* call(endpoints.members.transfer, { payload: { lab_id: labId, user_id: userId } })
  return answer.data
})

export const loadOffer = Effect.fn("Members.pendingTransfer")(function* (labId: string) {
  const answer = yield* call(endpoints.members.pendingTransfer, { query: { lab_id: labId } })
  return answer.data as OwnershipOffer | null
})

export const acceptOffer = Effect.fn("Members.acceptTransfer")(function* (offerId: string) {
  const answer = yield* call(endpoints.members.acceptTransfer, { params: { id: offerId } })
  return answer.data
})

export const declineOffer = Effect.fn("Members.declineTransfer")(function* (offerId: string) {
  yield* call(endpoints.members.declineTransfer, { params: { id: offerId } })
})

export const withdrawOffer = Effect.fn("Members.withdrawTransfer")(function* (offerId: string) {
  yield* call(endpoints.members.withdrawTransfer, { params: { id: offerId } })
})
