// The compare viewer (/dashboard/labs/compare?ids=a,b,c): up to four slides side by side with their
// navigation in step. The set is read from the address once; the page keeps the address in step.
import { useSearch } from "wouter"
import { CompareWorkspace } from "../../slide/compare/CompareWorkspace.tsx"

export default function ComparePage() {
  const ids = (new URLSearchParams(useSearch()).get("ids") ?? "").split(",")
  return <CompareWorkspace ids={ids} />
}
