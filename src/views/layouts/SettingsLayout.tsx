// Settings pages: the heading 'Settings' and the settings menu beside the page.
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import type { ComponentType, ReactNode } from "react"
import { Link } from "wouter"
import { useLocale, useT } from "../../i18n/index.ts"
import { currentPlanMachine } from "../../machines/billing/currentPlan.machine.ts"
import {
  ActivityIcon,
  CreditCardIcon,
  cx,
  type IconProps,
  LockIcon,
  ReceiptIcon,
  ScanIcon,
  ShieldIcon,
  UserCircleIcon,
  UserIcon
} from "../ui/index.ts"
import * as css from "./SettingsLayout.css.ts"
import type { KeyPart } from "../../i18n/keys.ts"
import { withoutTrailingSlashes } from "../../contract/return-path.ts"
import { links } from "../../contract/routes.ts"

interface SettingsItem {
  href: string
  label: KeyPart<"shell.settings">
  icon: ComponentType<IconProps>
  /** Other paths that show this item as current (billing and billings are one page). */
  also?: string[]
}

const items: ReadonlyArray<SettingsItem> = [
  { href: links.settings.account(), label: "account", icon: UserCircleIcon },
  { href: links.settings.profile(), label: "profile", icon: UserIcon },
  { href: links.settings.password(), label: "password", icon: LockIcon },
  { href: links.settings.twoFactor(), label: "twoFactor", icon: ShieldIcon },
  { href: links.settings.activities(), label: "activities", icon: ActivityIcon },
  { href: links.settings.billings(), label: "billings", icon: ReceiptIcon, also: [links.settings.billing()] },
  { href: links.settings.scanRequests(), label: "scanRequests", icon: ScanIcon }
]

/** Shown to staff only (the server says who is, with the plan in force); the pages check again. */
const staffItems: ReadonlyArray<SettingsItem> = [
  { href: links.staff.payments(), label: "paymentReview", icon: CreditCardIcon },
  { href: links.staff.scanRequests(), label: "staffScanRequests", icon: ScanIcon }
]

export const SettingsLayout = ({ path, children }: { path: string; children: ReactNode }) => {
  const t = useT()
  const { localePath } = useLocale()
  const current = withoutTrailingSlashes(path)
  const planActor = useActorRef(currentPlanMachine)
  const staff = useSelector(planActor, (s) => s.context.current?.staff === true)
  const shown = staff ? [...items, ...staffItems] : items
  return (
    <div className={css.root}>
      <h1 className={css.heading}>{t("shell.settings.title")}</h1>
      <div className={css.columns}>
        <nav aria-label={t("shell.settings.menu")}>
          <ul className={css.menu}>
            {shown.map((item) => {
              const active = current === item.href || (item.also?.includes(current) ?? false)
              const Icon = item.icon
              return (
                <li key={item.href}>
                  <Link
                    href={localePath(item.href)}
                    className={cx(css.item, active && css.active)}
                    aria-current={active ? "page" : undefined}
                  >
                    <span className={cx(css.icon, active && css.activeIcon)}>
                      <Icon size={16} />
                    </span>
                    {t(`shell.settings.${item.label}`)}
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        <div className={css.content}>{children}</div>
      </div>
    </div>
  )
}
