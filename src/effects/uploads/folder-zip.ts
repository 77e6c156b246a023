// A dropped or picked folder that is one slide (an MRXS folder, a VMS set, a DICOM series) made one
// zip in the browser, so it goes through the existing resumable transfer as one file and the server
// checks it as it checks any zipped set (server/images/slide-set-zip.ts).
//
// Entries are stored, not deflated: scanners' JPEG tiles and .dat files barely compress, and a
// stored entry is one the server can blank a label in place for a download
// (server/images/set-redaction.ts). The zip is a Blob made of the files themselves between small
// headers, so nothing is copied into memory; each file is read once, streamed, for its CRC-32.
// Past 4 GB the zip64 fields are written (MRXS slides of several gigabytes are common).

export interface FolderFile {
  /** Path inside the zip, "/"-separated ("Slide 1/Slidedat.ini"). */
  readonly path: string
  readonly file: Blob
}

// Slice-by-8 tables: eight bytes a step, several times the speed of one (a multi-gigabyte MRXS
// folder is read for its CRCs before its upload starts).
const CRC_TABLES = (() => {
  const t = new Uint32Array(8 * 256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  for (let n = 0; n < 256; n++)
    for (let k = 1; k < 8; k++) t[k * 256 + n] = (t[(k - 1) * 256 + n]! >>> 8) ^ t[t[(k - 1) * 256 + n]! & 0xff]!
  return t
})()

const crcUpdate = (crc: number, b: Uint8Array): number => {
  const t = CRC_TABLES
  let c = crc
  let i = 0
  for (const end = b.length - 8; i <= end; i += 8) {
    c ^= b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)
    c =
      t[1792 + (c & 0xff)]! ^
      t[1536 + ((c >>> 8) & 0xff)]! ^
      t[1280 + ((c >>> 16) & 0xff)]! ^
      t[1024 + (c >>> 24)]! ^
      t[768 + b[i + 4]!]! ^
      t[512 + b[i + 5]!]! ^
      t[256 + b[i + 6]!]! ^
      t[b[i + 7]!]!
  }
  for (; i < b.length; i++) c = t[(c ^ b[i]!) & 0xff]! ^ (c >>> 8)
  return c
}

/** CRC-32 (as zip writes it) of a Blob, read as a stream. */
export const crc32Of = async (blob: Blob): Promise<number> => {
  let crc = 0xffffffff
  const reader = blob.stream().getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    crc = crcUpdate(crc, value)
  }
  return (crc ^ 0xffffffff) >>> 0
}

const MAX32 = 0xffffffff
const ZIP64_EXTRA = 0x0001
/** Version 4.5 (zip64) where needed, else 2.0; UTF-8 names (general purpose bit 11). */
const UTF8 = 0x0800

class Writer {
  readonly bytes: Uint8Array<ArrayBuffer>
  readonly view: DataView
  at = 0
  constructor(length: number) {
    this.bytes = new Uint8Array(length)
    this.view = new DataView(this.bytes.buffer)
  }
  u16(n: number) {
    this.view.setUint16(this.at, n, true)
    this.at += 2
  }
  u32(n: number) {
    this.view.setUint32(this.at, n >>> 0, true)
    this.at += 4
  }
  u64(n: number) {
    this.view.setBigUint64(this.at, BigInt(n), true)
    this.at += 8
  }
  raw(b: Uint8Array) {
    this.bytes.set(b, this.at)
    this.at += b.length
  }
}

/** The set as one zip File named `name`; `onProgress` gets the bytes read so far for the CRCs. */
export const zipFolder = async (files: ReadonlyArray<FolderFile>, name: string, onProgress?: (read: number) => void): Promise<File> => {
  const encoder = new TextEncoder()
  const parts: BlobPart[] = []
  const central: Array<Uint8Array<ArrayBuffer>> = []
  let offset = 0
  let read = 0
  for (const { path, file } of files) {
    const nameBytes = encoder.encode(path)
    const crc = await crc32Of(file)
    read += file.size
    onProgress?.(read)
    const big = file.size >= MAX32
    const local = new Writer(30 + nameBytes.length + (big ? 20 : 0))
    local.u32(0x04034b50)
    local.u16(big ? 45 : 20)
    local.u16(UTF8)
    local.u16(0) // stored
    local.u32(0) // time and date: unknown
    local.u32(crc)
    local.u32(big ? MAX32 : file.size)
    local.u32(big ? MAX32 : file.size)
    local.u16(nameBytes.length)
    local.u16(big ? 20 : 0)
    local.raw(nameBytes)
    if (big) {
      local.u16(ZIP64_EXTRA)
      local.u16(16)
      local.u64(file.size)
      local.u64(file.size)
    }
    parts.push(local.bytes, file)
    // The central record: zip64 fields for the sizes and the offset that do not fit 32 bits.
    const far = offset >= MAX32
    const extra = (big ? 16 : 0) + (far ? 8 : 0)
    const record = new Writer(46 + nameBytes.length + (extra > 0 ? 4 + extra : 0))
    record.u32(0x02014b50)
    record.u16(big || far ? 45 : 20)
    record.u16(big || far ? 45 : 20)
    record.u16(UTF8)
    record.u16(0)
    record.u32(0)
    record.u32(crc)
    record.u32(big ? MAX32 : file.size)
    record.u32(big ? MAX32 : file.size)
    record.u16(nameBytes.length)
    record.u16(extra > 0 ? 4 + extra : 0)
    record.u16(0) // comment
    record.u16(0) // disk
    record.u16(0) // internal attributes
    record.u32((0o100644 << 16) >>> 0) // a regular file, rw-r--r--
    record.u32(far ? MAX32 : offset)
    record.raw(nameBytes)
    if (extra > 0) {
      record.u16(ZIP64_EXTRA)
      record.u16(extra)
      if (big) {
        record.u64(file.size)
        record.u64(file.size)
      }
      if (far) record.u64(offset)
    }
    central.push(record.bytes)
    offset += local.bytes.length + file.size
  }
  const cdSize = central.reduce((sum, record) => sum + record.length, 0)
  const zip64 = offset >= MAX32 || files.length >= 0xffff
  const end = new Writer((zip64 ? 56 + 20 : 0) + 22)
  if (zip64) {
    end.u32(0x06064b50)
    end.u64(44)
    end.u16(45)
    end.u16(45)
    end.u32(0)
    end.u32(0)
    end.u64(files.length)
    end.u64(files.length)
    end.u64(cdSize)
    end.u64(offset)
    end.u32(0x07064b50)
    end.u32(0)
    end.u64(offset + cdSize)
    end.u32(1)
  }
  end.u32(0x06054b50)
  end.u16(0)
  end.u16(0)
  end.u16(zip64 ? 0xffff : files.length)
  end.u16(zip64 ? 0xffff : files.length)
  end.u32(cdSize)
  end.u32(zip64 ? MAX32 : offset)
  end.u16(0)
  return new File([...parts, ...central, end.bytes], name, { type: "application/zip" })
}
