// The floating contact button: opens a WhatsApp chat with our support number in a new tab.
import { useT } from "../../i18n/index.ts"
import { whatsappUrl } from "../contact.ts"
import { cx, WhatsAppIcon } from "../ui/index.ts"
import * as css from "./ContactButton.css.ts"

export const ContactButton = ({ shifted = false }: { shifted?: boolean }) => {
  const t = useT()
  // In a landmark of its own, so nothing on the page sits outside every landmark.
  return (
    <aside aria-label={t("shell.contact.region")}>
      <a
        href={whatsappUrl()}
        target="_blank"
        rel="noopener noreferrer"
        className={cx(css.button, shifted && css.shifted)}
        aria-label={t("shell.contact.label")}
      >
        <span className={css.icon}>
          <WhatsAppIcon size={20} />
        </span>
        {t("shell.contact.short")}
      </a>
    </aside>
  )
}
