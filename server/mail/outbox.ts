// The outbox folder: without SMTP every mail is one .eml file here. Names start with the UTC time
// and a per-process sequence number, so sorting the names sorts the mails by time.
import { randomBytes } from "node:crypto"
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { linksIn, type ParsedMail, parseEml } from "./eml.ts"

export interface OutboxMail extends ParsedMail {
  /** The file name inside the outbox, e.g. 2025-05-01T10-00-00-000Z-000001-3f9a.eml */
  readonly file: string
  /** Links of the text part, in order. */
  readonly links: ReadonlyArray<string>
}

let sequence = 0

export const outboxFileName = (now = new Date()): string => {
  sequence = (sequence + 1) % 1_000_000
  const time = now.toISOString().replace(/[:.]/g, "-")
  return `${time}-${String(sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}.eml`
}

export const writeToOutbox = async (dir: string, message: Buffer | string): Promise<string> => {
  await mkdir(dir, { recursive: true })
  const file = outboxFileName()
  await writeFile(join(dir, file), message)
  return file
}

/** A safe outbox file name: no path separators, no parent references. */
export const isOutboxFileName = (file: string): boolean => /^[\w-]+\.eml$/.test(file)

export const readOutboxMail = async (dir: string, file: string): Promise<OutboxMail | undefined> => {
  if (!isOutboxFileName(file)) return undefined
  try {
    const mail = parseEml(await readFile(join(dir, file), "utf8"))
    return { ...mail, file, links: linksIn(mail.text) }
  } catch {
    return undefined
  }
}

/** Every mail of the outbox, newest first. */
export const listOutbox = async (dir: string): Promise<ReadonlyArray<OutboxMail>> => {
  let files: string[]
  try {
    files = (await readdir(dir)).filter(isOutboxFileName)
  } catch {
    return []
  }
  files.sort().reverse()
  const mails = await Promise.all(files.map((file) => readOutboxMail(dir, file)))
  return mails.filter((m): m is OutboxMail => m !== undefined)
}
