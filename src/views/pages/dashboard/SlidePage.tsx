// The slide viewer (/dashboard/labs/{id}/annotations): a ready slide in OpenSeadragon with its
// navigator, zoom, rotation, full screen and scale bar; the page annotations will live on. A public
// slide also opens for a visitor without a session, read-only. Each slide is its own workspace.
import { useParams } from "wouter"
import { SlideWorkspace } from "../../slide/SlideWorkspace.tsx"

export default function SlidePage() {
  const { id } = useParams<{ id: string }>()
  return <SlideWorkspace key={id} labId={id} />
}
