// The shape of a legal text: numbered sections of paragraphs and bullet lists. The EULA exists as two
// authored documents (English at /eula and Indonesian at /eula-bahasa); their wording
// is legal content in a fixed language, so it lives here rather than in the UI dictionaries.

export type Block = string | { readonly list: ReadonlyArray<string> }

export interface LegalSection {
  readonly id: string
  readonly title: string
  readonly blocks: ReadonlyArray<Block>
}

export interface LegalDocument {
  readonly lang: "en" | "id"
  readonly title: string
  readonly updated: string
  readonly intro: ReadonlyArray<string>
  readonly sections: ReadonlyArray<LegalSection>
}
