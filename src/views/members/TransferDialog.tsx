// Confirms an offer of ownership: the member is asked to accept; the lab stays the owner's until then.
import { useT } from "../../i18n/index.ts"
import { Button, Dialog } from "../ui/index.ts"

export const TransferDialog = ({
  name,
  onConfirm,
  onCancel
}: {
  readonly name: string | null
  readonly onConfirm: () => void
  readonly onCancel: () => void
}) => {
  const t = useT()
  return (
    <Dialog
      open={name !== null}
      onClose={onCancel}
      title={t("members.transfer.title")}
      width={440}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t("members.transfer.cancel")}
          </Button>
          <Button variant="danger" onClick={onConfirm} data-autofocus="">
            {t("members.transfer.confirm")}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0, lineHeight: 1.55 }}>{t("members.transfer.body", { name: name ?? "" })}</p>
    </Dialog>
  )
}
