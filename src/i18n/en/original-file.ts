// The Details tab's original file and its download (viewer.original).
export const original = {
  title: "Original file",
  download: "Download original",
  downloadHint: "{{size}}, as uploaded",
  redacted: "The scanner's label and overview pictures are left out of the download: they often show the patient's name or case number.",
  keep: "Download with label and overview"
}
