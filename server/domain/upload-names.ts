// The name a file lab gets from its upload: the file's own name, made safe for a lab name, and
// numbered like a desktop does ("scan (2).svs") when a live sibling already has it.
import { LAB_NAME_MAX } from "../../src/contract/labs.ts"

const FALLBACK = "slide"

/** The last path segment, without control characters or "/", trimmed and cut to fit. */
export const fileLabName = (raw: string | undefined): string => {
  const segment = (raw ?? "").split(/[/\\]/).pop() ?? ""
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const clean = segment.replace(/[\u0000-\u001f\u007f]/g, "").trim()
  const name = clean === "" || clean === "." || clean === ".." ? FALLBACK : clean
  return fitName(name, "")
}

/** Splits "scan.tiff" into "scan" and ".tiff"; a leading dot is not an extension. */
const splitExtension = (name: string): [string, string] => {
  const dot = name.lastIndexOf(".")
  return dot > 0 && name.length - dot <= 16 ? [name.slice(0, dot), name.slice(dot)] : [name, ""]
}

/** Cuts the stem so that stem + suffix + extension fits a lab name. */
const fitName = (name: string, suffix: string): string => {
  const [stem, extension] = splitExtension(name)
  return stem.slice(0, Math.max(1, LAB_NAME_MAX - suffix.length - extension.length)) + suffix + extension
}

/** The n-th candidate: the name itself, then "name (2).ext", "name (3).ext", ... */
export const numberedName = (name: string, n: number): string => (n <= 1 ? name : fitName(name, ` (${n})`))
