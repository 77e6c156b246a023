// The password policy as a checklist that fills in while the password is typed.
import { useT } from "../../i18n/index.ts"
import { visuallyHidden } from "../theme/utilities.css.ts"
import { CheckIcon, cx } from "../ui/index.ts"
import * as css from "./auth.css.ts"
import { policyMet, policyParts } from "./password-checks.ts"

export const PasswordPolicy = ({ password, id }: { readonly password: string; readonly id?: string }) => {
  const t = useT()
  const met = policyMet(password)
  return (
    <ul className={css.policy} id={id}>
      <li className={css.policyTitle}>{t("auth.register.policyTitle")}</li>
      {policyParts.map((part) => (
        <li key={part} className={cx(css.policyItem, met[part] && css.policyMet)}>
          <span className={cx(css.policyDot, met[part] && css.policyDotMet)} aria-hidden="true">
            {met[part] && <CheckIcon size={10} strokeWidth={3} />}
          </span>
          {t(`auth.register.policy.${part}`)}
          <span className={visuallyHidden}> ({met[part] ? t("auth.register.policyMet") : t("auth.register.policyUnmet")})</span>
        </li>
      ))}
    </ul>
  )
}
