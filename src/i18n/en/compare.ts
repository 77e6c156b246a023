// The compare viewer (/dashboard/labs/compare): up to four slides side by side, their synchronised
// navigation and the picker that adds a slide.
export const compare = {
  title: "Compare slides",
  open: "Compare",
  openHint: "Open this slide beside others",
  count_one: "{{count}} of 4 slides",
  count: "{{count}} of 4 slides",
  add: "Add slide",
  addSlot: "Add a slide here",
  remove: "Remove {{name}} from the comparison",
  sync: "Sync",
  syncHint: "Pan, zoom and rotation follow across the slides; each keeps the shift it has when sync is turned on",
  tooMany: "Maximum of 4 viewers allowed",
  tooManyBody: "Remove a slide before adding another.",
  relative: "No scale: follows by image size",
  relativeHint:
    "This file does not record its microns per pixel, so it follows the others by its share of the image, not by physical size.",
  loading: "Loading the slide…",
  unavailable: "This slide cannot be opened",
  notReady: "This slide is still being prepared",
  empty: {
    title: "No slides to compare",
    body: "Add up to four slides to see them side by side, with their navigation in step."
  },
  annotations: "{{count}} annotations",
  annotations_one: "{{count}} annotation",
  annotationsFailed: "Annotations not loaded: retry",
  hideAnnotations: "Hide annotations",
  showAnnotations: "Show annotations",
  picker: {
    title: "Add a slide to compare",
    search: "Search slides by name",
    recent: "Recently opened",
    results: "Slides found",
    none: "No slides match.",
    failed: "The slides could not be listed.",
    inSet: "Already compared",
    choose: "Add {{name}}"
  }
}
