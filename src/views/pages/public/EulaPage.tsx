// /eula: the End User License Agreement in English.
import { useT } from "../../../i18n/index.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { eulaEnglish } from "../../legal/eula.en.ts"
import { LegalPage } from "../../legal/LegalPage.tsx"

export default function EulaPage() {
  const t = useT()
  useDocumentMeta(t("public.eula.metaTitle"))
  return <LegalPage document={eulaEnglish} otherHref="/id/eula-bahasa" otherLabel={t("public.eula.otherLanguage")} otherLang="id" />
}
