// Auto tagging's vocabulary: the tags the classifier (server/ai/tagging) gives a slide, named in
// English and Indonesian. They are entries of the `GET /v2/slides/list-tags/` catalogue after the
// organ tags (scan-catalogue.ts), so one list names every tag a slide can carry; ids are what
// `lab_tags` stores and the wire carries. Never change or remove an id a stored slide may hold.
import type { Locale } from "../../src/contract/auth.ts"
import { type Magnification, magnificationOf, type SlideTagging, type StainFamily } from "../ai/tagging/classify.ts"
import type { CatalogueEntry } from "./scan-catalogue.ts"

const entry = (id: string, en: string, id_: string): CatalogueEntry => ({ id, name: { en, id: id_ } })

const stainTags: Record<StainFamily, CatalogueEntry> = {
  he: entry("stain-he", "H&E", "HE"),
  "ihc-dab": entry("stain-ihc-dab", "IHC-DAB", "IHK-DAB"),
  fluorescence: entry("stain-fluorescence", "Fluorescence", "Fluoresens"),
  ttc: entry("stain-ttc", "TTC", "TTC"),
  grayscale: entry("stain-grayscale", "Grayscale", "Skala abu-abu")
}

const magnificationTags: Record<Magnification, CatalogueEntry> = {
  "40x": entry("mag-40x", "40x", "40x"),
  "20x": entry("mag-20x", "20x", "20x"),
  "10x": entry("mag-10x", "10x", "10x"),
  "5x": entry("mag-5x", "5x", "5x"),
  low: entry("mag-low", "Low power", "Pembesaran rendah")
}

export const autoTagEntries: ReadonlyArray<CatalogueEntry> = [...Object.values(stainTags), ...Object.values(magnificationTags)]

/** What a slide stores and shows: the tag ids (stain, then magnification) and the tissue share. */
export interface AutoTags {
  readonly tags: ReadonlyArray<string>
  readonly tissue_percent: number
}

export const autoTagsOf = (tagging: SlideTagging): AutoTags => ({
  tags: [
    ...(tagging.stain === null ? [] : [stainTags[tagging.stain].id]),
    ...(tagging.magnification === null ? [] : [magnificationTags[tagging.magnification].id])
  ],
  tissue_percent: Math.round(tagging.tissueFraction * 100)
})

const MAGNIFICATION_IDS = new Set(Object.values(magnificationTags).map((e) => e.id))

/**
 * The tags once the slide's microns per pixel changed (its owner calibrated it): the magnification
 * follows; the stain and tissue, read from the pixels, stay.
 */
export const withResolution = (tags: AutoTags, mpp: number | null): AutoTags => {
  const magnification = magnificationOf(mpp)
  return {
    tags: [...tags.tags.filter((t) => !MAGNIFICATION_IDS.has(t)), ...(magnification === null ? [] : [magnificationTags[magnification].id])],
    tissue_percent: tags.tissue_percent
  }
}

/** The stored column (migration 0035) as answered; anything unreadable is no tags. */
export const storedAutoTags = (stored: string | null | undefined): AutoTags | undefined => {
  if (!stored) return undefined
  try {
    const value = JSON.parse(stored) as Partial<AutoTags>
    if (!Array.isArray(value.tags) || typeof value.tissue_percent !== "number") return undefined
    return { tags: value.tags.filter((t): t is string => typeof t === "string"), tissue_percent: value.tissue_percent }
  } catch {
    return undefined
  }
}

const norm = (s: string) => s.trim().toLowerCase()

/**
 * The tag a search names: its id or its name in either language, whole (case and the spaces around it
 * aside). "H&E", "he", "ihc-dab", "20x", "fluoresens" name tags; "liver biopsy" does not.
 */
export const autoTagNamed = (search: string): string | undefined => {
  const wanted = norm(search)
  if (wanted === "") return undefined
  return autoTagEntries.find((e) => norm(e.id) === wanted || (Object.keys(e.name) as Array<Locale>).some((l) => norm(e.name[l]) === wanted))
    ?.id
}
