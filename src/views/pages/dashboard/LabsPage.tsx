// All File (/dashboard/labs), a folder (/dashboard/labs/{id}, and the catch-all /dashboard/labs/*)
// and search (?search=). A folder is its own list: moving to another folder starts a new one. A
// visitor without a session who follows a folder's link sees it read-only, if it is public.
import { useMemo } from "react"
import { useParams, useSearch } from "wouter"
import { folderIdOf } from "../../labs/lab-paths.ts"
import { LabsWorkspace } from "../../labs/LabsWorkspace.tsx"
import { PublicFolder } from "../../labs/public/PublicFolder.tsx"
import { useSession } from "../../session.tsx"

export default function LabsPage() {
  const params = useParams<{ "*"?: string }>()
  const folderId = folderIdOf(params["*"])
  const search = new URLSearchParams(useSearch()).get("search") ?? ""
  const source = useMemo(() => ({ kind: "folder", folderId, search }) as const, [folderId, search])
  const { status } = useSession()
  if (status === "signedOut" && folderId !== null) return <PublicFolder key={folderId} folderId={folderId} />
  return <LabsWorkspace key={folderId ?? "root"} source={source} />
}
