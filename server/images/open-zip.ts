// A zip opened the one safe way both uploads that are zips use (a Deep Zoom pyramid, a DICOM
// series): entries read one at a time, sizes checked against what the archive claims, and names
// that try to leave the folder ("../", absolute paths) refused by yauzl itself.
import yauzl, { type ZipFile } from "yauzl"

export const openZip = (path: string): Promise<ZipFile> =>
  yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true, decodeStrings: true })
