// The rule of a lab's name, checked before sending (the server checks it again, server/domain/
// lab-name.ts): required, at most LAB_NAME_MAX characters, no "/" (names appear in paths).
import { LAB_NAME_MAX } from "../../contract/labs.ts"
import type { FieldNotices } from "../../effects/Notice.ts"

/** The problems of a name, under the field "name", or null when it is fine. */
export const labNameProblems = (raw: string, isDir: boolean): FieldNotices | null => {
  const name = raw.trim()
  if (name === "") return { name: [{ key: isDir ? "validation.folderName" : "validation.required" }] }
  if (name.length > LAB_NAME_MAX) return { name: [{ key: "labs.validation.nameTooLong", params: { max: LAB_NAME_MAX } }] }
  if (name.includes("/")) return { name: [{ key: "labs.validation.nameSlash" }] }
  return null
}
