// Uploading slides: the upload button, the drop zone over a folder and the progress panel. The spec's
// own upload messages (wrong format, storage full) live in errors.*.
export const uploads = {
  button: "Upload",
  buttonHint: "Upload slides: JPEG, PNG, WebP, TIFF, SVS or DICOM",
  picker: "Choose slide images to upload",
  folderButton: "Upload a folder",
  folderHint: "Upload a folder: a scanner's slide of several files (MRXS, VMS, a DICOM series) goes as one",
  folderPicker: "Choose a folder of slides to upload",
  drop: {
    title: "Drop slides to upload to {{folder}}",
    hint: "JPEG, PNG, WebP, TIFF, SVS, MRXS and DICOM (a slide of several files as its folder or zipped), any size. Uploads continue if the connection drops."
  },
  root: "Mylab",
  panel: {
    label: "Uploads",
    uploading: "Uploading {{count}} files · {{percent}}%",
    uploading_one: "Uploading {{count}} file · {{percent}}%",
    waiting: "Waiting for the connection · {{percent}}%",
    processing: "Processing {{count}} slides",
    processing_one: "Processing {{count}} slide",
    complete: "{{count}} uploads complete",
    complete_one: "{{count}} upload complete",
    completeWithFailures: "{{done}} complete · {{failed}} failed",
    failed: "{{count}} uploads failed",
    failed_one: "Upload failed",
    collapse: "Collapse the upload panel",
    expand: "Expand the upload panel",
    close: "Close the upload panel",
    list: "Files being uploaded",
    into: "to {{folder}}"
  },
  row: {
    bytes: "{{done}} of {{total}}",
    queued: "Waiting to start",
    uploading: "{{percent}}%",
    waiting: "Connection lost. The upload resumes where it stopped once you are back online.",
    resyncing: "Reconnecting…",
    processing: "Building the slide…",
    ready: "Ready",
    cancelled: "Cancelled",
    cancel: "Cancel upload of {{name}}",
    retry: "Retry upload of {{name}}",
    retryNow: "Try now",
    open: "Open {{name}}"
  },
  errors: {
    forbidden: "You are not allowed to upload in this laboratory",
    notAnImage: "This is not an image Preparat reads. Upload JPEG, PNG, WebP, TIFF (BigTIFF too), SVS or DICOM files.",
    undecodable:
      "This file is in a format Preparat reads, but its image could not be decoded: it may be damaged or incomplete. Export it again and upload the new copy.",
    quotaLeft: "Not enough storage: {{remaining}} left, and this file needs more. Delete files or upgrade your storage, then retry.",
    quotaFull: "Your storage is full. Delete files or upgrade your storage, then retry.",
    forgotten: "The server no longer holds this upload. Retry to send it again.",
    notResumed: "{{names}} could not be resumed. Upload again to continue.",
    notResumedTitle: "Upload not resumed"
  }
}
