// The scan requests a signed-in user follows (Settings > Scan Requests) and the staff page.
export const scan = {
  states: {
    received: "Received",
    scanning: "Scanning",
    uploaded: "Uploaded",
    returned: "Returned"
  },
  fields: {
    diagnosis: "Diagnosis",
    preparations: "Preparations",
    section: "Section",
    stain: "Stain",
    magnification: "Magnification",
    returnSlides: "Return of slides",
    returnAddress: "Return address",
    notes: "Notes",
    contact: "Contact",
    account: "Account",
    folder: "Folder"
  },
  yes: "Yes",
  no: "No",
  visitor: "Visitor, no account",
  sentOn: "Sent {{date}}",
  timeline: "Progress of {{reference}}",
  reachedOn: "{{state}}, {{date}}",
  pending: "{{state}}, not yet",
  mine: {
    title: "Scan requests",
    lead: "Slides you asked us to scan, and where each one is now.",
    request: "Request a scan",
    empty: "No scan requests yet",
    emptyBody: "Ask us to scan your glass slides; you can follow each request here.",
    more: "Show more",
    uploadedIn: "The scans are in the folder {{folder}}.",
    findFolder: "Find it in your files"
  },
  staff: {
    metaTitle: "Scan requests (staff)",
    title: "Scan requests",
    lead: "Every request sent to the lab. Move each on as its slides arrive, are scanned, uploaded and returned.",
    filter: "Show requests",
    all: "All",
    empty: "No scan requests here",
    more: "Show more",
    forbiddenTitle: "For staff only",
    forbiddenBody: "This page lists every scan request sent to the lab; your account is not on the staff.",
    next: {
      scanning: "Start scanning",
      uploaded: "Mark uploaded",
      returned: "Mark returned"
    },
    done: "Nothing follows",
    moved: "{{reference}} is now {{state}}.",
    folderTitle: "Scans uploaded for {{reference}}",
    folderBody: "Name the folder in Preparat where the requester finds the scans; we mail it to them.",
    folderLabel: "Folder name",
    cancel: "Cancel"
  }
}
