// /dev/loading-suspense: renders a component that never finishes loading, so the real Suspense
// fallback (and the top progress bar) can be looked at and tested on purpose.
import { Suspense, use } from "react"
import { useT } from "../../../i18n/index.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { FullPageLoading } from "../../PageFallback.tsx"
import { useProgressWhileMounted } from "../../progress/ProgressProvider.tsx"

const never = new Promise<never>(() => {})

const NeverReady = () => {
  use(never)
  return null
}

const Fallback = () => {
  const t = useT()
  useProgressWhileMounted()
  return (
    <>
      <FullPageLoading />
      <p style={{ position: "fixed", bottom: 24, left: 0, right: 0, textAlign: "center", fontSize: 12, color: "#9ca3af" }}>
        {t("public.loadingPreview.caption")}
      </p>
    </>
  )
}

export default function LoadingSuspensePage() {
  const t = useT()
  useDocumentMeta(t("public.loadingPreview.metaTitle"))
  return (
    <Suspense fallback={<Fallback />}>
      <NeverReady />
    </Suspense>
  )
}
