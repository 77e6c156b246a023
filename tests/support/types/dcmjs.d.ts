// dcmjs ships no types; the tests use only its writer of DICOM files (tests/support/dicom-files.ts).
declare module "dcmjs" {
  interface DicomDictInstance {
    dict: Record<string, unknown>
    write(options?: { fragmentMultiframe?: boolean }): ArrayBuffer
  }
  const dcmjs: {
    data: {
      DicomDict: new (meta: Record<string, unknown>) => DicomDictInstance
      DicomMetaDictionary: { denaturalizeDataset(dataset: Record<string, unknown>): Record<string, unknown> }
    }
  }
  export default dcmjs
}
