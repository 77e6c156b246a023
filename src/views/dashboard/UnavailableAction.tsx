// An action that is part of the page's design but not wired yet: visible, focusable, inert, and its
// tooltip says why. (aria-disabled rather than disabled, so keyboard users can reach the explanation.)
import type { ReactNode } from "react"
import { useT } from "../../i18n/index.ts"
import { Button, type ButtonVariant, Tooltip } from "../ui/index.ts"

export interface UnavailableActionProps {
  label: string
  icon: ReactNode
  variant?: ButtonVariant
  /** Shows only the icon (the label becomes the accessible name). */
  iconOnly?: boolean
}

export const UnavailableAction = ({ label, icon, variant = "secondary", iconOnly = false }: UnavailableActionProps) => {
  const t = useT()
  return (
    <Tooltip content={t("dashboard.actions.unavailable")} placement="bottom">
      <Button variant={variant} aria-disabled="true" iconOnly={iconOnly} aria-label={iconOnly ? label : undefined} iconStart={iconOnly ? undefined : icon}>
        {iconOnly ? icon : label}
      </Button>
    </Tooltip>
  )
}
