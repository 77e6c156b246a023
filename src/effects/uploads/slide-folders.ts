// Files dropped or picked with their folders, sorted into what is uploaded: each slide that is a
// set of files becomes one zip (folder-zip.ts), the rest go one by one as before. A set is found by
// what its files are, as OpenSlide and the server find it:
// - an MRXS: a folder holding Slidedat.ini, with the .mrxs of the same name beside it if dropped;
// - a Hamamatsu VMS: a folder's .vms key file with the other files of that folder;
// - a DICOM series: a folder's .dcm files.
// Hidden files (.DS_Store, a "._" twin) and __MACOSX are left out: the server refuses hidden names.
import { type FolderFile, zipFolder } from "./folder-zip.ts"

export interface PickedFile {
  /** The path as dropped or picked, "/"-separated; no "/" for a file dropped on its own. */
  readonly path: string
  readonly file: File
}

export interface SlideSet {
  /** The zip's name: the slide's folder or key file, ".zip". */
  readonly name: string
  readonly files: ReadonlyArray<FolderFile>
}

const parentOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "")
const baseOf = (path: string) => path.slice(path.lastIndexOf("/") + 1)
const hidden = (path: string) => path.split("/").some((part) => part.startsWith(".") || part === "__MACOSX")
const within = (folder: string, path: string) => (folder === "" ? path : path.slice(folder.length + 1))

/** The sets among `picked` and the files that are no set's. */
export const sortPicked = (picked: ReadonlyArray<PickedFile>): { sets: SlideSet[]; loose: File[] } => {
  const files = picked.filter((p) => !hidden(p.path))
  const claimed = new Set<PickedFile>()
  const sets: SlideSet[] = []
  const take = (name: string, root: string, members: ReadonlyArray<PickedFile>) => {
    const fresh = members.filter((m) => !claimed.has(m))
    if (fresh.length === 0) return
    for (const m of fresh) claimed.add(m)
    sets.push({ name: `${name}.zip`, files: fresh.map((m) => ({ path: within(root, m.path), file: m.file })) })
  }
  for (const ini of files.filter((p) => baseOf(p.path) === "Slidedat.ini" && p.path.includes("/"))) {
    const folder = parentOf(ini.path)
    const root = parentOf(folder)
    const key = files.find((p) => p.path.toLowerCase() === `${folder.toLowerCase()}.mrxs`)
    take(baseOf(folder), root, [...(key ? [key] : []), ...files.filter((p) => p.path.startsWith(`${folder}/`))])
  }
  for (const vms of files.filter((p) => p.path.toLowerCase().endsWith(".vms"))) {
    const folder = parentOf(vms.path)
    take(baseOf(vms.path).replace(/\.vms$/i, ""), folder, [vms, ...files.filter((p) => p !== vms && parentOf(p.path) === folder)])
  }
  const dicomFolders = new Set(
    files.filter((p) => p.path.includes("/") && p.path.toLowerCase().endsWith(".dcm")).map((p) => parentOf(p.path))
  )
  for (const folder of dicomFolders) {
    take(
      baseOf(folder),
      folder,
      files.filter((p) => parentOf(p.path) === folder && p.path.toLowerCase().endsWith(".dcm"))
    )
  }
  return { sets, loose: files.filter((p) => !claimed.has(p)).map((p) => p.file) }
}

/** What to hand the uploads: each set zipped, then the loose files. */
export const filesToUpload = async (picked: ReadonlyArray<PickedFile>): Promise<File[]> => {
  const { sets, loose } = sortPicked(picked)
  const zipped: File[] = []
  for (const set of sets) zipped.push(await zipFolder(set.files, set.name))
  return [...zipped, ...loose]
}

/** A folder picker's files (webkitRelativePath), as picked. */
export const pickedFromInput = (files: ReadonlyArray<File>): PickedFile[] =>
  files.map((file) => ({ path: file.webkitRelativePath || file.name, file }))
