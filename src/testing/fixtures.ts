// Wire-shaped values shared by the machine tests.
import type { FieldName } from "../contract/errors.ts"
import type { Profile } from "../contract/users.ts"
import { badRequest, Forbidden, ServerError, TooManyRequests, Unauthorized } from "../effects/ApiError.ts"

export const ada: Profile = {
  id: "u1",
  email: "ada@lab.test",
  name: "Ada Lovelace",
  username: "ada",
  phone: null,
  company: "Analytical Lab",
  description: null,
  avatar: null,
  mfa_enabled: false,
  created_at: "2025-01-02T03:04:05.000Z"
}

export const fieldError = (field: FieldName, message: string) => badRequest({ [field]: [message] })
export const serverDown = new ServerError({ status: 500, message: "boom" })
export const slowDown = new TooManyRequests({ message: "Too many attempts. Try again in 1 minute.", retry_after: 60 })
export const inactive = new Forbidden({ message: "Not active.", code: "account_inactive" })
export const sessionGone = new Unauthorized({ message: "" })
