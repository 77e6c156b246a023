// Copies a value (an account number, the exact amount) and says so.
import { useT } from "../../i18n/index.ts"
import { Button, CheckIcon, FileTextIcon, useToast } from "../ui/index.ts"
import { useState } from "react"

export const CopyButton = ({ value, what }: { readonly value: string; readonly what: string }) => {
  const t = useT()
  const toast = useToast()
  const [copied, setCopied] = useState(false)
  return (
    <Button
      size="sm"
      variant="ghost"
      iconStart={copied ? <CheckIcon size={14} /> : <FileTextIcon size={14} />}
      aria-label={t("billing.invoice.copy", { what })}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => {
            setCopied(true)
            toast.toast({ kind: "success", title: t("billing.invoice.copied", { what }) })
          },
          () => undefined
        )
      }}
    >
      {t("billing.invoice.copyShort")}
    </Button>
  )
}
