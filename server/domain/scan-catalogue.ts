// What the slide-scanning service offers: the sections (how the tissue was prepared), the stains a
// pathology lab routinely sends, and the tags (organ or specimen) a slide can be filed under. The ids
// are what a request stores and the wire carries; the names are shown, in English or Indonesian.
// Add entries freely; never change or remove an id a stored request may hold.
import type { Locale } from "../../src/contract/auth.ts"

export interface CatalogueEntry {
  readonly id: string
  readonly name: Readonly<Record<Locale, string>>
}

const entry = (id: string, en: string, id_: string): CatalogueEntry => ({ id, name: { en, id: id_ } })

export const sections: ReadonlyArray<CatalogueEntry> = [
  entry("ffpe", "Paraffin (FFPE)", "Parafin (FFPE)"),
  entry("frozen", "Frozen section", "Potong beku (frozen section)"),
  entry("cytology", "Cytology smear", "Apusan sitologi"),
  entry("cell-block", "Cell block", "Blok sel"),
  entry("decalcified", "Decalcified bone", "Tulang dekalsifikasi"),
  entry("resin", "Resin (semi-thin)", "Resin (semi-tipis)"),
  entry("tma", "Tissue microarray (TMA)", "Tissue microarray (TMA)")
]

export const stains: ReadonlyArray<CatalogueEntry> = [
  entry("he", "Hematoxylin and eosin (H&E)", "Hematoksilin-eosin (HE)"),
  entry("ihc", "Immunohistochemistry (IHC)", "Imunohistokimia (IHK)"),
  entry("pas", "Periodic acid-Schiff (PAS)", "Periodic acid-Schiff (PAS)"),
  entry("masson", "Masson's trichrome", "Trikrom Masson"),
  entry("reticulin", "Reticulin", "Retikulin"),
  entry("ziehl-neelsen", "Ziehl-Neelsen (AFB)", "Ziehl-Neelsen (BTA)"),
  entry("gms", "Grocott methenamine silver (GMS)", "Perak metenamin Grocott (GMS)"),
  entry("giemsa", "Giemsa", "Giemsa"),
  entry("gram", "Gram", "Gram"),
  entry("congo-red", "Congo red", "Merah Kongo"),
  entry("perls", "Perls' Prussian blue (iron)", "Biru Prusia Perls (besi)"),
  entry("alcian-blue", "Alcian blue", "Alcian blue"),
  entry("papanicolaou", "Papanicolaou (Pap)", "Papanicolaou (Pap)"),
  entry("unstained", "Unstained", "Tanpa pewarnaan")
]

export const tags: ReadonlyArray<CatalogueEntry> = [
  entry("breast", "Breast", "Payudara"),
  entry("lung", "Lung", "Paru"),
  entry("liver", "Liver", "Hati"),
  entry("colon", "Colon and rectum", "Kolon dan rektum"),
  entry("stomach", "Stomach", "Lambung"),
  entry("skin", "Skin", "Kulit"),
  entry("lymph-node", "Lymph node", "Kelenjar getah bening"),
  entry("prostate", "Prostate", "Prostat"),
  entry("kidney", "Kidney", "Ginjal"),
  entry("cervix", "Cervix", "Serviks"),
  entry("thyroid", "Thyroid", "Tiroid"),
  entry("brain", "Brain", "Otak"),
  entry("bone-marrow", "Bone marrow", "Sumsum tulang"),
  entry("soft-tissue", "Soft tissue", "Jaringan lunak")
]

/** The entries as the wire shows them, named in `locale`. */
export const named = (entries: ReadonlyArray<CatalogueEntry>, locale: Locale) => entries.map((e) => ({ id: e.id, name: e.name[locale] }))

/** An entry's name in `locale`; an id no longer in the catalogue is shown as it was stored. */
export const nameOf = (entries: ReadonlyArray<CatalogueEntry>, id: string, locale: Locale): string =>
  entries.find((e) => e.id === id)?.name[locale] ?? id

export const isOffered = (entries: ReadonlyArray<CatalogueEntry>, id: string): boolean => entries.some((e) => e.id === id)
