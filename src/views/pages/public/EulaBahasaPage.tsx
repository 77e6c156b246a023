// /eula-bahasa: the End User License Agreement in Indonesian.
import { useT } from "../../../i18n/index.ts"
import { useDocumentMeta } from "../../document-meta.ts"
import { eulaBahasa } from "../../legal/eula.id.ts"
import { LegalPage } from "../../legal/LegalPage.tsx"

export default function EulaBahasaPage() {
  const t = useT()
  useDocumentMeta(t("public.eula.metaTitleBahasa"))
  return <LegalPage document={eulaBahasa} otherHref="/eula" otherLabel={t("public.eula.otherLanguageBahasa")} otherLang="en" />
}
