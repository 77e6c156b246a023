// A lab list page: the header (path or title, actions), the list in grid or table view with its
// loading, empty and error states and further pages, the lab menu, the dialogs, and the right
// panel's details. Every list page (All File, a folder, search, Recently Access, Favorite, Shared
// Lab) is this with a different source.
import { useSelector } from "@xstate/react"
import { type KeyboardEvent, useMemo, useState } from "react"
import { createPortal } from "react-dom"
import { Link, useLocation } from "wouter"
import type { Lab } from "../../contract/labs.ts"
import type { LabSource, ListedLab } from "../../effects/labs/list.ts"
import { useLocale, useT } from "../../i18n/index.ts"
import { canAll } from "../../contract/permissions.ts"
import { useNoticeText } from "../account/useNoticeText.ts"
import { useDocumentMeta } from "../document-meta.ts"
import { MemberDialog } from "../members/MemberDialog.tsx"
import { OwnershipOfferBanner } from "../members/OwnershipOfferBanner.tsx"
import { useSession } from "../session.tsx"
import { usePanelSlot, useRightPanel } from "../shell/RightPanelContext.tsx"
import { Alert, Button, ContextMenu, FolderPlusIcon, PageHeader, RefreshIcon, Skeleton } from "../ui/index.ts"
import { DropZone } from "../uploads/DropZone.tsx"
import { useUploadsActor } from "../uploads/UploadsProvider.tsx"
import * as css from "./labs.css.ts"
import { LabDialogs } from "./dialogs/LabDialogs.tsx"
import { LabInspector } from "./inspector/LabInspector.tsx"
import type { MenuPoint } from "./item-events.ts"
import { LabGrid } from "./LabGrid.tsx"
import { LabMissing } from "./LabMissing.tsx"
import { LabsEmpty } from "./LabsEmpty.tsx"
import { FolderPath } from "./FolderPath.tsx"
import { trailRoot } from "./trail-root.ts"
import { LabsSkeleton } from "./LabsSkeleton.tsx"
import { LabsToolbar } from "./LabsToolbar.tsx"
import { LabTable } from "./LabTable.tsx"
import { LoadMore } from "./LoadMore.tsx"
import { useCopyLink } from "./useCopyLink.ts"
import { useLabMenu } from "./useLabMenu.tsx"
import { useLabsWorkspace } from "./useLabsWorkspace.ts"
import { useSelectionPanel } from "./useSelectionPanel.ts"
import { useShowFolder } from "../shell/shown-folder.ts"
import { links } from "../../contract/routes.ts"

export const LabsWorkspace = ({ source }: { readonly source: LabSource }) => {
  const t = useT()
  const { localePath } = useLocale()
  const [, navigate] = useLocation()
  const { text } = useNoticeText()
  const { browser, actions, open, refresh } = useLabsWorkspace(source)
  const { user } = useSession()
  const uploads = useUploadsActor()
  const panel = useRightPanel()
  const copyLink = useCopyLink()
  const { items, selection, view, folder, meta, error, moreError } = useSelector(browser, (s) => s.context)
  // The header's breadcrumb ends with this folder's name.
  useShowFolder(folder && { id: folder.id, name: folder.name, shared: trailRoot(folder.role).label === "shared" })
  const phase = useSelector(browser, (s) =>
    s.matches("loading") ? "loading" : s.matches("failed") ? "failed" : s.matches("missing") ? "missing" : "shown"
  )
  const loadingMore = useSelector(browser, (s) => s.hasTag("loadingMore"))
  const canCreate = useSelector(actions, (s) => s.context.canCreate)
  const [menu, setMenu] = useState<{ readonly at: MenuPoint; readonly labs: ReadonlyArray<Lab> } | null>(null)
  const [membersOf, setMembersOf] = useState<string | null>(null)

  const selected = useMemo(() => items.filter((lab) => selection.ids.includes(lab.id)), [items, selection.ids])
  useSelectionPanel(selected.length, panel)
  const subjects: ReadonlyArray<Lab> = selected.length > 0 ? selected : folder !== null ? [folder] : []
  const slot = usePanelSlot(selected.length > 1 ? t("labs.multiple.title", { count: selected.length }) : t("labs.info.title"))

  const showInfo = () => panel.open(selected.length > 1 ? "info-multiple-lab" : "info")
  const menuItems = useLabMenu({
    open,
    rename: (lab) => actions.send({ type: "labs.rename", lab }),
    move: (lab) => actions.send({ type: "labs.move", lab }),
    favorite: (lab) => actions.send({ type: "labs.favorite", lab }),
    info: showInfo,
    share: (lab) => actions.send({ type: "labs.share", lab }),
    copyLink,
    compare: (labs) => navigate(localePath(links.compare(...labs.map((lab) => lab.id)))),
    delete: (labs) => actions.send({ type: "labs.delete", labs })
  })

  const onMenu = (lab: ListedLab, at: MenuPoint) => {
    const inSelection = selection.ids.includes(lab.id)
    if (!inSelection) browser.send({ type: "browser.select", id: lab.id, mode: "only" })
    setMenu({ at, labs: inSelection && selected.length > 1 ? selected : [lab] })
  }

  // Keys of a file manager, wherever focus is inside the list.
  const onListKeyDown = (event: KeyboardEvent) => {
    if ((event.target as Element).closest("input[type='text'], input[type='search'], textarea")) return
    if (event.key === "Escape" && selection.ids.length > 0) browser.send({ type: "browser.clear" })
    else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "a") {
      event.preventDefault()
      browser.send({ type: "browser.selectAll" })
    } else if (event.key === "Delete" && canAll(selected, "lab.delete")) actions.send({ type: "labs.delete", labs: selected })
  }

  const search = source.kind === "folder" ? source.search.trim() : ""
  const title =
    source.kind === "folder"
      ? search !== ""
        ? t("labs.pages.search.title")
        : (folder?.name ?? (source.folderId === null ? t("labs.pages.all.title") : ""))
      : t(`labs.pages.${source.kind}.title`)
  useDocumentMeta(title || t("labs.pages.all.title"))

  const place = source.kind === "folder" && search === ""
  const createFolder = () => actions.send({ type: "labs.createFolder" })
  const handlers = {
    onSelect: (lab: ListedLab, mode: "only" | "toggle" | "range") => browser.send({ type: "browser.select", id: lab.id, mode }),
    onOpen: open,
    onMenu
  }

  const inFolder = place && source.folderId !== null
  // Uploads go into the folder shown (or the root), for those who may add to it: owner or admin.
  const uploadTarget = place && canCreate && uploads !== null ? { id: source.folderId, name: folder?.name ?? t("uploads.root") } : null
  const upload =
    uploadTarget === null ? null : (files: ReadonlyArray<File>) => uploads?.send({ type: "uploads.add", files, folder: uploadTarget })
  // A folder this account cannot see: said once, without the folder's header, tools or retry.
  if (phase === "missing") return <LabMissing />
  return (
    <>
      {inFolder && (
        <div className={css.pathRow}>
          {folder === null ? (
            <Skeleton width={160} height={10} />
          ) : (
            <FolderPath trail={folder.breadcrumb} current={folder.id} role={folder.role} />
          )}
        </div>
      )}
      <PageHeader
        title={title === "" ? <Skeleton width={220} height={22} /> : title}
        description={
          source.kind === "folder" ? (
            search !== "" ? (
              <span className={css.searchChip}>
                {t("labs.pages.search.description", { query: search })}
                <span aria-hidden="true">·</span>
                <Link href={localePath(links.labs())} className={css.pathLink}>
                  {t("labs.actions.clearSearch")}
                </Link>
              </span>
            ) : source.folderId === null ? (
              t("labs.pages.all.description")
            ) : undefined
          ) : (
            t(`labs.pages.${source.kind}.description`)
          )
        }
        actions={
          <LabsToolbar
            view={view}
            onView={(next) => browser.send({ type: "browser.view", view: next })}
            detailsOpen={panel.panel === "info" || panel.panel === "info-multiple-lab"}
            onDetails={() => panel.toggle(selected.length > 1 ? "info-multiple-lab" : "info")}
            onSearch={() => actions.send({ type: "labs.search" })}
            onCreateFolder={source.kind === "folder" && canCreate ? createFolder : null}
            onUpload={upload}
          />
        }
      />
      {inFolder && folder !== null && user && (
        <OwnershipOfferBanner key={folder.id} labId={folder.id} userId={user.id} onChanged={refresh} />
      )}
      <div onKeyDown={onListKeyDown}>
        {phase === "loading" ? (
          <LabsSkeleton view={view} />
        ) : phase === "failed" ? (
          <Alert
            kind="error"
            title={error === null ? t("labs.failed.title") : text(error.title)}
            action={
              <Button
                variant="secondary"
                size="sm"
                iconStart={<RefreshIcon size={14} />}
                onClick={() => browser.send({ type: "browser.retry" })}
              >
                {t("common.retry")}
              </Button>
            }
          >
            {error === null ? null : text(error.detail)}
          </Alert>
        ) : items.length === 0 ? (
          <LabsEmpty
            source={source}
            action={
              place && canCreate ? (
                <Button iconStart={<FolderPlusIcon size={16} />} onClick={createFolder}>
                  {t("labs.empty.createFolder")}
                </Button>
              ) : undefined
            }
          />
        ) : view === "grid" ? (
          <LabGrid items={items} selected={selection.ids} {...handlers} />
        ) : (
          <LabTable
            items={items}
            selected={selection.ids}
            columns={source.kind === "recent" ? "recent" : source.kind === "shared" ? "shared" : "owned"}
            onSelectAll={(all) => browser.send(all ? { type: "browser.selectAll" } : { type: "browser.clear" })}
            {...handlers}
          />
        )}
        {phase === "shown" && items.length > 0 && (
          <LoadMore
            hasMore={meta?.next_page != null}
            loading={loadingMore}
            failure={moreError}
            onMore={() => browser.send({ type: "browser.more" })}
          />
        )}
      </div>
      {menu !== null && (
        <ContextMenu
          at={menu.at}
          items={menuItems(menu.labs)}
          label={
            menu.labs.length > 1
              ? t("labs.menu.labelMany", { count: menu.labs.length })
              : t("labs.menu.label", { name: menu.labs[0]?.name ?? "" })
          }
          onClose={() => setMenu(null)}
        />
      )}
      {uploadTarget !== null && upload !== null && <DropZone folderName={uploadTarget.name} onFiles={upload} />}
      <LabDialogs actions={actions} search={search} />
      {membersOf !== null && <MemberDialog labId={membersOf} open onClose={() => setMembersOf(null)} />}
      {slot !== null &&
        createPortal(
          <LabInspector
            subjects={subjects}
            onChanged={(info) => browser.send({ type: "browser.patch", lab: { id: info.id, is_public: info.access === "public" } })}
            onCopyLink={copyLink}
            onViewCollaborators={setMembersOf}
            onDelete={() => actions.send({ type: "labs.delete", labs: selected })}
            onClear={() => browser.send({ type: "browser.clear" })}
          />,
          slot
        )}
    </>
  )
}
