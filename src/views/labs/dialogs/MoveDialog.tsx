// Move: the folder tree with Mylab (the root) first; the lab goes where the user chooses.
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { useT } from "../../../i18n/index.ts"
import type { moveLabMachine } from "../../../machines/labs/moveLab.machine.ts"
import { useNoticeText } from "../../account/useNoticeText.ts"
import { Alert, Button, Dialog, Spinner } from "../../ui/index.ts"
import * as css from "./dialogs.css.ts"
import { FolderTree } from "./FolderTree.tsx"

export const MoveDialog = ({ flow, onClose }: { readonly flow: ActorRefFrom<typeof moveLabMachine>; readonly onClose: () => void }) => {
  const t = useT()
  const { text } = useNoticeText()
  const { lab, tree, target, error } = useSelector(flow, (s) => s.context)
  const phase = useSelector(flow, (s) =>
    s.matches("loadingTree") ? "loading" : s.matches("treeFailed") ? "failed" : s.matches("moving") ? "moving" : "choosing"
  )
  const moving = phase === "moving"
  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!moving}
      title={t("labs.move.title", { name: lab.name })}
      description={t("labs.move.description")}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={moving}>
            {t("common.cancel")}
          </Button>
          <Button
            loading={moving}
            disabled={target === undefined || phase === "loading" || phase === "failed"}
            onClick={() => flow.send({ type: "move.submit" })}
          >
            {t("labs.move.submit")}
          </Button>
        </>
      }
    >
      <div className={css.form}>
        {phase === "failed" ? (
          <Alert
            kind="error"
            title={error === null ? undefined : text(error.title)}
            action={
              <Button variant="secondary" size="sm" onClick={() => flow.send({ type: "move.retry" })}>
                {t("common.retry")}
              </Button>
            }
          >
            {error === null ? null : text(error.detail)}
          </Alert>
        ) : phase === "loading" ? (
          <div className={css.treeStatus}>
            <Spinner size={18} label={t("labs.move.loading")} />
            <span aria-hidden="true">{t("labs.move.loading")}</span>
          </div>
        ) : (
          <>
            {error !== null && (
              <Alert kind="error" title={text(error.title)}>
                {text(error.detail)}
              </Alert>
            )}
            <FolderTree
              tree={tree}
              lab={lab}
              target={target}
              label={t("labs.move.tree")}
              onChoose={(next) => flow.send({ type: "move.choose", target: next })}
            />
          </>
        )}
      </div>
    </Dialog>
  )
}
