// An avatar must be an image and at most 2MB. Checked on pick, before any upload.
import { AVATAR_MAX_BYTES } from "../../contract/rules.ts"

export type AvatarProblem = "validation.avatarFormat" | "validation.avatarSize"

export const avatarProblem = (file: Pick<File, "type" | "size">): AvatarProblem | null => {
  if (!file.type.startsWith("image/")) return "validation.avatarFormat"
  if (file.size > AVATAR_MAX_BYTES) return "validation.avatarSize"
  return null
}
