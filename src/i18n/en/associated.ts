// The Details tab's label and macro: the pictures a scanner took of the slide's paper label and of
// the whole glass, which may name the patient.
export const associated = {
  title: "Label and macro",
  label: "Label",
  macro: "Macro",
  labelAlt: "The slide's label as the scanner photographed it",
  macroAlt: "The whole glass slide at low magnification, as the scanner photographed it",
  privateNote: "Only the slide's owner and admins see these. They are never part of a public link.",
  shownNote: "Shown to everyone the slide is shared with. They are never part of a public link.",
  show: "Show to reviewers",
  showHint: "Labels often carry a patient's name or a case number.",
  failed: "The label and macro could not be loaded.",
  retry: "Try again",
  saveFailed: "The change was not saved."
}
