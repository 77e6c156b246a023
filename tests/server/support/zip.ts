// A minimal zip writer (stored entries, or deflated on request) for the Deep Zoom import tests: it writes
// exactly what a test asks for, including what a safe archiver never would (a "../" name, a symlink).
import { crc32, deflateRawSync } from "node:zlib"

export interface ZipEntry {
  readonly name: string
  readonly data?: Uint8Array
  /** Marks the entry a symbolic link (its data is the link target). */
  readonly symlink?: boolean
  /** Stores the entry deflated (a bomb's entries shrink to almost nothing). */
  readonly deflate?: boolean
}

const u16 = (n: number) => Buffer.from([n & 0xff, (n >>> 8) & 0xff])
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n >>> 0)
  return b
}

export const zip = (entries: ReadonlyArray<ZipEntry>): Uint8Array => {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8")
    const raw = Buffer.from(entry.data ?? new Uint8Array())
    const data = entry.deflate ? deflateRawSync(raw) : raw
    const crc = crc32(raw)
    const mode = entry.symlink ? 0o120777 : entry.name.endsWith("/") ? 0o040755 : 0o100644
    const common = Buffer.concat([
      u16(20),
      u16(0x0800),
      u16(entry.deflate ? 8 : 0),
      u16(0),
      u16(0x21),
      u32(crc),
      u32(data.length),
      u32(raw.length),
      u16(name.length),
      u16(0)
    ])
    const local = Buffer.concat([u32(0x04034b50), common, name, data])
    // Made by Unix (3), so the external attributes carry the file mode.
    centrals.push(
      Buffer.concat([u32(0x02014b50), u16((3 << 8) | 20), common, u16(0), u16(0), u16(0), u32(mode * 65536), u32(offset), name])
    )
    locals.push(local)
    offset += local.length
  }
  const central = Buffer.concat(centrals)
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0)
  ])
  return new Uint8Array(Buffer.concat([...locals, central, end]))
}
