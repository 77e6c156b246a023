// What a drop holds, folders included: DataTransfer.files lists a dropped folder as one empty file,
// so its content is read through the entries API (webkitGetAsEntry, in every current browser). The
// entries must be taken during the drop event itself; they are read after it.
import type { PickedFile } from "./slide-folders.ts"

/** The drop's entries, taken now (null when the browser has no entries API or nothing is a folder). */
export const droppedEntries = (transfer: DataTransfer | null): FileSystemEntry[] | null => {
  if (transfer === null || typeof DataTransferItem === "undefined" || !("webkitGetAsEntry" in DataTransferItem.prototype)) return null
  const entries = [...transfer.items].flatMap((item) => {
    const entry = item.kind === "file" ? item.webkitGetAsEntry() : null
    return entry ? [entry] : []
  })
  return entries.some((entry) => entry.isDirectory) ? entries : null
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject))

/** A folder's entries: readEntries answers a hundred or so at a time, until an empty batch. */
const childrenOf = async (folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> => {
  const reader = folder.createReader()
  const all: FileSystemEntry[] = []
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject))
    if (batch.length === 0) return all
    all.push(...batch)
  }
}

/** Every file under the entries, with its path from the drop ("Slide 1/Data0000.dat"); at most `limit`. */
export const readEntries = async (entries: ReadonlyArray<FileSystemEntry>, limit = 10_000): Promise<PickedFile[]> => {
  const picked: PickedFile[] = []
  const walk = async (entry: FileSystemEntry, path: string): Promise<void> => {
    if (picked.length >= limit) return
    if (entry.isFile) picked.push({ path, file: await fileOf(entry as FileSystemFileEntry) })
    else if (entry.isDirectory) {
      for (const child of await childrenOf(entry as FileSystemDirectoryEntry)) await walk(child, `${path}/${child.name}`)
    }
  }
  for (const entry of entries) await walk(entry, entry.name)
  return picked
}
