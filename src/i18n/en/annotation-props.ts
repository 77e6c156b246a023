// The selected annotation's own name, description and lock (QuPath's name, description, isLocked),
// and where an imported one came from (W3C creator and created): viewer.props.*.
export const props = {
  name: "Name",
  namePlaceholder: "Add a name",
  description: "Description",
  descriptionPlaceholder: "Add a description",
  saveHint: "Saved when you leave the field or press Enter (Ctrl+Enter in the description); Escape cancels.",
  lock: "Lock",
  lockHint: "Lock it: no one can move, reshape or delete it until it is unlocked",
  unlockHint: "Unlock it, so it can be moved, reshaped and deleted again",
  lockedNote: "Locked: it cannot be moved, reshaped or deleted. Its name, description and label can still change.",
  lockedNoteRead: "Locked: it cannot be moved, reshaped or deleted until unlocked.",
  lockedTitle: "{{count}} locked annotations were left as they are",
  lockedTitle_one: "This annotation is locked",
  lockedBody: "Unlock it in the Selected annotation panel before moving, reshaping or deleting it.",
  deleteLocked: "Locked: unlock it to delete it",
  importedByOn: "Imported, drawn by {{name}} on {{date}}",
  importedBy: "Imported, drawn by {{name}}",
  importedOn: "Imported, drawn on {{date}}",
  lockedBadge: "Locked"
}
