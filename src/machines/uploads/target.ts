// Where an upload goes, shared by the upload machine and its transfer child without either importing
// the other's module for it.

/** Where a file goes: a folder (id null for the root of the user's labs) and its name for the panel. */
export interface UploadTarget {
  readonly id: string | null
  readonly name: string
}
