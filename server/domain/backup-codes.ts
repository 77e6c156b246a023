// Backup codes for when the authenticator is lost: ten random codes like `a1b2-c3d4`, shown once,
// stored only as SHA-256 hashes and each usable once. Input is forgiving about case, spaces and the dash.
import { randomBytes } from "node:crypto"
import { sha256 } from "./tokens.ts"

export const BACKUP_CODE_COUNT = 10

export const generateBackupCodes = (count = BACKUP_CODE_COUNT): ReadonlyArray<string> =>
  Array.from({ length: count }, () => {
    const hex = randomBytes(4).toString("hex")
    return `${hex.slice(0, 4)}-${hex.slice(4)}`
  })

const canonical = (code: string): string => code.toLowerCase().replace(/[^0-9a-z]/g, "")

export const hashBackupCode = (code: string): string => sha256(`backup:${canonical(code)}`)
