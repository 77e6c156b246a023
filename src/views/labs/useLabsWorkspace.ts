// The page's side of one lab list: the workspace machine (src/machines/labs/labsWorkspace.machine.ts)
// holds the browser and actions actors and how they talk; this hook feeds it what only the page knows
// (the URL's search, realtime and upload news) and does what only the page can (toasts, navigation,
// localStorage, the storage meter).
import type { StatusUpload } from "../../contract/realtime.ts"
import { useSelector } from "@xstate/react"
import { useActorRef } from "../useActorRef.ts"
import { useCallback, useEffect } from "react"
import { useLocation } from "wouter"
import type { Lab } from "../../contract/labs.ts"
import type { LabSource, ListedLab } from "../../effects/labs/list.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { labsWorkspaceMachine, levelOf } from "../../machines/labs/labsWorkspace.machine.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { useLabEvents } from "../realtime/useLabEvents.ts"
import { useStorageRefresh } from "../shell/StorageContext.tsx"
import { useToast } from "../ui/index.ts"
import { useStatusChannels } from "../uploads/useStatusChannels.ts"
import { useUploadNews } from "../uploads/useUploadNews.ts"
import { labPath, searchPath } from "./lab-paths.ts"
import { useEmittedEvents } from "./useEmittedEvents.ts"
import { readViewMode, rememberViewMode } from "./view-mode.ts"

/** Files of the list still uploading or processing: their status is still to change. */
const pendingIdsOf = (items: ReadonlyArray<ListedLab>): ReadonlyArray<string> =>
  items.filter((item) => !item.is_dir && (item.status === "uploading" || item.status === "processing")).map((item) => item.id)

const sameIds = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((id, i) => id === b[i])

export const useLabsWorkspace = (source: LabSource) => {
  const t = useT()
  const { text } = useNoticeText()
  const { toast } = useToast()
  const { localePath } = useLocale()
  const [, navigate] = useLocation()
  const refreshStorage = useStorageRefresh()
  const workspace = useActorRef(labsWorkspaceMachine, { input: { source, view: readViewMode() } })
  const browser = useSelector(workspace, (snapshot) => snapshot.context.browser)
  const actions = useSelector(workspace, (snapshot) => snapshot.context.actions)

  // The page's own search query (the URL's ?search=) drives the list's search.
  const search = source.kind === "folder" ? source.search : ""
  useEffect(() => workspace.send({ type: "workspace.search", search }), [workspace, search])

  const view = useSelector(browser, (snapshot) => snapshot.context.view)
  useEffect(() => rememberViewMode(view), [view])

  useEmittedEvents(workspace, {
    "workspace.success": ({ message, undo }) =>
      toast({
        kind: "success",
        title: t("errors.success.title"),
        message: text(message) ?? "",
        // A deletion offers to bring the labs back from the trash, for as long as the notice shows.
        ...(undo === undefined
          ? {}
          : {
              durationMs: 8000,
              action: { label: t("labs.toasts.undo"), onClick: () => workspace.send({ type: "workspace.undoDelete", ids: undo }) }
            })
      }),
    "workspace.failure": ({ failure }) => toast({ kind: "error", title: text(failure.title) ?? "", message: text(failure.detail) }),
    "workspace.search": ({ query }) => navigate(localePath(searchPath(query))),
    "workspace.storageChanged": () => refreshStorage()
  })

  // A folder's channels are asked for once the server has shown the folder to this account: a missing
  // or forbidden one is subscribed to by nothing (its authorisation would only be refused).
  const folderId = source.kind === "folder" ? source.folderId : null
  const shown = useSelector(browser, (snapshot) => folderId !== null && snapshot.context.folder?.id === folderId)

  // A collaborator changed this folder: show it without a reload.
  const refresh = useCallback(() => workspace.send({ type: "workspace.refresh" }), [workspace])
  useLabEvents(shown ? folderId : null, refresh)

  // Uploads: a slide's status and thumbnails change live, from the folder's channel
  // or, in lists that are not a folder, from each unfinished file's own; an upload of this session
  // into this folder shows up as soon as the server holds its first chunk. After a lost subscription
  // (a restarted server, a dropped connection) what was sent meanwhile is gone: read the list again.
  const pending = useSelector(browser, (snapshot) => pendingIdsOf(snapshot.context.items), sameIds)
  const showStatus = useCallback((change: StatusUpload) => workspace.send({ type: "workspace.status", ...change }), [workspace])
  const level = levelOf(source) ?? null
  useStatusChannels(level !== null && !shown ? null : level, pending, showStatus, refresh)
  useUploadNews({
    listChanged: (folderId) => workspace.send({ type: "workspace.listChanged", folderId }),
    labStatus: showStatus
  })

  const open = useCallback((lab: Pick<Lab, "id" | "is_dir">) => navigate(localePath(labPath(lab))), [navigate, localePath])

  return { browser, actions, open, refresh }
}
