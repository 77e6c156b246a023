// The files half of a backup: what DATA_DIR holds that the database points to. Originals (blobs),
// pyramids (slides) and avatars never change once written, so copying them after the database's
// snapshot gives every file the snapshot names; the secret key signs sessions and media links.
// Not copied: uploads still under way (uploads/) and the development outbox.
import { cp, stat } from "node:fs/promises"
import { join } from "node:path"

export const KEPT = ["blobs", "slides", "avatars", "secret.key"] as const

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false
  )

/** Copies what exists of KEPT from one directory into another; answers what was copied. */
export const copyKept = async (from: string, to: string): Promise<ReadonlyArray<string>> => {
  const copied: string[] = []
  for (const name of KEPT) {
    if (!(await exists(join(from, name)))) continue
    await cp(join(from, name), join(to, name), { recursive: true, force: true, errorOnExist: false })
    copied.push(name)
  }
  return copied
}
