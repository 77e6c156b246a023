// The actors of one lab list and how they talk: the browser (what is listed and selected) and the
// actions (dialogs, starring). What an action achieved goes back into the list, into a toast, into
// the storage meter; a change a collaborator makes to this folder refreshes it. This is the edge
// where the actors meet the page: toasts, navigation, localStorage and the realtime channel.
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useEffect } from "react"
import { useLocation } from "wouter"
import type { Lab } from "../../contract/labs.ts"
import type { LabSource, ListedLab } from "../../effects/labs/list.ts"
import type { StatusChange } from "../../effects/uploads/statusEvent.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { labActionsMachine } from "../../machines/labActions.machine.ts"
import { labsBrowserMachine } from "../../machines/labsBrowser.machine.ts"
import { can } from "../../machines/labs/permissions.ts"
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

/** The level a source lists (where a new folder would appear in it), or undefined for other lists. */
const levelOf = (source: LabSource): string | null | undefined =>
  source.kind === "folder" && source.search.trim() === "" ? source.folderId : undefined

export const useLabsWorkspace = (source: LabSource) => {
  const t = useT()
  const { text } = useNoticeText()
  const { toast } = useToast()
  const { localePath } = useLocale()
  const [, navigate] = useLocation()
  const refreshStorage = useStorageRefresh()
  const browser = useActorRef(labsBrowserMachine, { input: { source, view: readViewMode() } })
  const actions = useActorRef(labActionsMachine, { input: { level: levelOf(source) } })

  // The page's own search query (the URL's ?search=) drives the list's search.
  const search = source.kind === "folder" ? source.search : ""
  useEffect(() => browser.send({ type: "browser.search", search }), [browser, search])

  const folder = useSelector(browser, (snapshot) => snapshot.context.folder)
  useEffect(() => {
    const ownRoot = source.kind === "folder" && source.folderId === null
    actions.send({
      type: "labs.place",
      current: folder === null ? null : { id: folder.id, name: folder.name },
      canCreate: source.kind === "folder" && (ownRoot || can(folder?.role ?? null, "create"))
    })
  }, [actions, folder, source])

  const view = useSelector(browser, (snapshot) => snapshot.context.view)
  useEffect(() => rememberViewMode(view), [view])

  const success = useCallback(
    (message: string) => toast({ kind: "success", title: t("errors.success.title"), message }),
    [toast, t]
  )
  const nameOf = (id: string) => browser.getSnapshot().context.items.find((item) => item.id === id)?.name ?? ""

  useEmittedEvents(actions, {
    "folder.created": ({ atCurrentLevel }) => {
      // Spec section 4: created where the user is looking, the list shows it; elsewhere a toast says so.
      if (atCurrentLevel) browser.send({ type: "browser.refresh" })
      else success(t("errors.success.folderCreated"))
    },
    "lab.renamed": ({ lab }) => {
      browser.send({ type: "browser.patch", lab })
      success(t("labs.toasts.renamed", { name: lab.name }))
    },
    "lab.moved": ({ lab }) => {
      const level = levelOf(source)
      // In a folder it left that folder; other lists (search, favorites...) still list it.
      browser.send(level !== undefined && lab.parent !== level ? { type: "browser.remove", ids: [lab.id] } : { type: "browser.patch", lab })
      browser.send({ type: "browser.clear" })
      success(t("errors.success.fileMoved"))
    },
    "labs.deleted": ({ ids }) => {
      const [only] = ids
      success(ids.length === 1 && only !== undefined ? t("labs.toasts.deleted", { name: nameOf(only) }) : t("labs.toasts.deletedMany", { count: ids.length }))
      browser.send({ type: "browser.remove", ids })
      refreshStorage()
    },
    "lab.starred": ({ lab }) => {
      const unlisted = source.kind === "favorite" && !lab.is_favorite
      browser.send(unlisted ? { type: "browser.remove", ids: [lab.id] } : { type: "browser.patch", lab: { id: lab.id, is_favorite: lab.is_favorite } })
      success(lab.is_favorite ? t("labs.toasts.favorited") : t("labs.toasts.unfavorited"))
    },
    "labs.failed": ({ failure }) => {
      toast({ kind: "error", title: text(failure.title) ?? "", message: text(failure.detail) })
    },
    "search.go": ({ query }) => navigate(localePath(searchPath(query)))
  })

  // A collaborator changed this folder: show it without a reload.
  useLabEvents(
    source.kind === "folder" ? source.folderId : null,
    useCallback(() => browser.send({ type: "browser.refresh" }), [browser])
  )

  // Uploads: a slide's status and thumbnails change live (spec section 4), from the folder's channel
  // or, in lists that are not a folder, from each unfinished file's own; an upload of this session
  // into this folder shows up as soon as the server holds its first chunk.
  const pending = useSelector(browser, (snapshot) => pendingIdsOf(snapshot.context.items), sameIds)
  const showStatus = useCallback((change: StatusChange) => browser.send({ type: "browser.status", ...change }), [browser])
  useStatusChannels(source.kind === "folder" && source.search.trim() === "" ? source.folderId : null, pending, showStatus)
  useUploadNews({
    listChanged: (folderId) => {
      if (levelOf(source) === folderId) browser.send({ type: "browser.refresh" })
      refreshStorage()
    },
    labStatus: showStatus
  })

  const open = useCallback((lab: Pick<Lab, "id" | "is_dir">) => navigate(localePath(labPath(lab))), [navigate, localePath])

  return { browser, actions, open }
}

export type LabsWorkspace = ReturnType<typeof useLabsWorkspace>
