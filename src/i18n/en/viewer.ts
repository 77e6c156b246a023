// The slide viewer (/dashboard/labs/{id}/annotations): its top bar, tools, controls, scale bar and
// zoom indicator, the details panel, and the states a slide can be in before it opens.
export const viewer = {
  title: "Slide viewer",
  loading: "Loading the slide…",
  backTo: "Back to {{name}}",
  facts: "Slide size and resolution",
  viewOnly: "View only",
  viewOnlyHint: "A public slide. Sign in to annotate and discuss it.",
  controls: {
    label: "Viewer controls",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    home: "Fit the whole slide",
    rotateLeft: "Rotate left 90°",
    rotateRight: "Rotate right 90°",
    fullScreen: "Full screen",
    exitFullScreen: "Exit full screen"
  },
  tools: {
    label: "Tools",
    pan: "Pan and zoom",
    rectangle: "Rectangle",
    polygon: "Polygon",
    freehand: "Freehand",
    point: "Point",
    comment: "Comment",
    measure: "Measure",
    comingSoon: "coming with annotations",
    hints: {
      pan: "Drag to pan, scroll to zoom, click a shape to select it",
      rectangle: "Drag to draw a rectangle",
      polygon: "Click each vertex; double-click, Enter or click the first vertex to close; Backspace removes the last",
      freehand: "Drag to draw a freehand outline",
      point: "Click to count a point",
      comment: "Click where the comment belongs, then type it",
      measure: "Drag to measure a distance; nothing is saved"
    }
  },
  annotations: {
    loading: "Loading annotations…",
    loadFailed: "The annotations could not be loaded.",
    retry: "Try again",
    count: "{{count}} annotations",
    saving: "Saving…",
    saveFailed: "The annotation could not be saved. Draw it again to retry.",
    defaultLabel: "Annotation",
    commentPlaceholder: "Write a comment, then press Enter",
    escapeHint: "Esc cancels"
  },
  scale: {
    label: "Scale bar: {{length}}",
    unknown: "Scale unknown",
    unknownHint: "This file does not record its microns per pixel, so no scale can be shown."
  },
  zoom: {
    objective: "Magnification {{value}} (equivalent objective)",
    percent: "Zoom {{value}} of full resolution"
  },
  panel: {
    show: "Show slide details",
    hide: "Hide slide details",
    title: "Slide details",
    dimensions: "Dimensions",
    resolution: "Resolution",
    scannedAt: "Scan magnification",
    notRecorded: "Not recorded",
    size: "File size",
    owner: "Owner",
    created: "Added",
    modified: "Modified",
    annotations: "Annotations",
    annotationsEmpty: "Regions, counts and comments drawn on this slide will be listed here.",
    annotationsSoon: "Coming with annotations"
  },
  openFailed: {
    title: "The image could not be opened",
    body: "Its tiles did not load. Check your connection and try again.",
    retry: "Try again"
  },
  preparing: {
    title: "Preparing the slide…",
    body: "We are building the zoomable image from the uploaded file. It opens here by itself when it is ready; you may leave this page and come back later.",
    uploading: "Uploading",
    processing: "Processing"
  },
  failed: {
    title: "This slide could not be processed",
    body: "The file may be damaged, or in a format Preparat cannot read. Upload it again, or contact us if it keeps happening."
  },
  unavailable: {
    title: "The slide could not be loaded",
    retry: "Try again"
  },
  missing: {
    code: "404",
    title: "Slide not found",
    body: "It may have been deleted or moved, or it has not been shared with you. Ask its owner for access.",
    back: "Back to All Files",
    signIn: "Sign in"
  }
}
