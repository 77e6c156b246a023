// The permission matrix lives in the contract, shared with the SPA; server code imports it from here.
export {
  type Action,
  can,
  canSeeAssociated,
  isStaff,
  refusal,
  type Role,
  type Standing
} from "../../src/contract/permissions.ts"
