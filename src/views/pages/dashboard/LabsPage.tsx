// All File (/dashboard/labs), a folder (/dashboard/labs/{id}, and the catch-all /dashboard/labs/*)
// and search (?search=). A folder is its own list: moving to another folder starts a new one.
import { useMemo } from "react"
import { useParams, useSearch } from "wouter"
import { folderIdOf } from "../../labs/lab-paths.ts"
import { LabsWorkspace } from "../../labs/LabsWorkspace.tsx"

export default function LabsPage() {
  const params = useParams<{ "*"?: string }>()
  const folderId = folderIdOf(params["*"])
  const search = new URLSearchParams(useSearch()).get("search") ?? ""
  const source = useMemo(() => ({ kind: "folder", folderId, search }) as const, [folderId, search])
  return <LabsWorkspace key={folderId ?? "root"} source={source} />
}
