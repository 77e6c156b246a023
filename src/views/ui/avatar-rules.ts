// Avatar rules: initials are the first letters of the first two words of the name, 'NU' without a name;
// an image named default.png counts as no avatar.

export const initialsOf = (name: string | null | undefined): string => {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return "NU"
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase())
    .join("")
}

/** The image URL to show, or null when there is none or it is the placeholder default.png. */
export const avatarImage = (src: string | null | undefined): string | null => {
  if (!src) return null
  const path = src.split(/[?#]/)[0] ?? ""
  return path.split("/").pop() === "default.png" ? null : src
}

/** A stable tint per person, so the same colleague keeps the same colour everywhere. */
export const avatarTint = (seed: string, tints: number): number => {
  let hash = 0
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % tints
}
