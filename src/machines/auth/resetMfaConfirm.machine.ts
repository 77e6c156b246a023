// /reset-mfa?uid=..&token=..: the emailed 2FA reset link, confirmed with the account's password.
import { ResetMfaConfirmPayload } from "../../contract/auth.ts"
import { confirmMfaReset } from "../../effects/auth/recovery.ts"
import { present } from "../../effects/Catalogue.ts"
import { noticeKey } from "../../effects/Notice.ts"
import { validate } from "../support/validate.ts"
import { linkConfirmFor } from "./linkConfirm.machine.ts"

export const resetMfaConfirmMachine = linkConfirmFor<typeof ResetMfaConfirmPayload.Type>({
  check: (payload) => validate(ResetMfaConfirmPayload, payload),
  confirm: confirmMfaReset,
  // This failure has a title of its own, "Failed Reset 2FA"; the reason goes beside the field.
  refusal: (error) => ({ fields: present(error).fields, error: noticeKey("errors.resetMfa") })
})
