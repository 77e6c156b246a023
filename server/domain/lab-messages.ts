// The English texts of the labs, members and notifications answers: the server's own decisions.
// Field rule messages shared with the SPA come from the i18n keys (render).
import { LAB_NAME_MAX } from "../../src/contract/labs.ts"
import { render } from "./field-errors.ts"

export const labMessages = {
  // 404 and 403: one text each, so an answer never tells a hidden lab from a missing one.
  notFound: "Lab not found.",
  forbidden: "You do not have permission to do this in this lab.",
  signInRequired: "Authentication credentials were not provided or have expired.",
  nameRequired: render("validation.folderName"),
  nameTooLong: `Ensure this field has no more than ${LAB_NAME_MAX} characters.`,
  nameSlash: 'A name cannot contain "/".',
  nameTaken: "A lab with this name already exists here.",
  onlyFolders: "Only folders can be created here; upload files instead.",
  parentNotFolder: "The destination must be a folder.",
  moveIntoItself: "A folder cannot be moved into itself or into one of its folders.",
  moveAcrossOwners: "A lab can only be moved within its owner's labs.",
  rootOnlyOwner: "Only the owner can move a lab to the root.",
  nothingToUpdate: "Give a new name or a new parent.",
  onlySlides: "Only a slide has a resolution; a folder has none.",
  calibrated: "Resolution saved.",
  labIdRequired: render("validation.required"),
  created: "Folder created.",
  updated: "Lab updated.",
  trashed: "Moved to the trash.",
  notInTrash: "This item is not in the trash.",
  restored: "Restored.",
  purged: "Deleted forever.",
  emptied: "The trash is empty.",
  favoriteAdded: "Added to favorites.",
  favoriteRemoved: "Removed from favorites.",
  notFavorite: "This lab is not in your favorites.",
  metadataSaved: "Metadata saved.",
  metadataRemoved: "Metadata removed.",
  metadataNotFound: "Metadata entry not found.",
  metadataNameTaken: "This lab already has an entry with this name.",
  publicValue: 'The public flag is "true" or "false".',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  required: render("validation.required"),
  invalid: render("validation.invalid")
} as const

export const memberMessages = {
  notFound: "Member not found.",
  atLeastOne: render("validation.atLeast1User"),
  invalidEmail: (email: string) => `${email}: ${render("validation.email")}`,
  tooMany: (max: number) => `Invite at most ${max} people at once.`,
  isOwner: (email: string) => `${email} owns this lab.`,
  invited: "Invitations sent.",
  ownerRoleFixed: "The owner's role cannot be changed; transfer the ownership instead.",
  ownerNotRemovable: "The owner cannot be removed from the lab.",
  roleChanged: "Role changed.",
  removed: "Member removed.",
  left: "You left the lab.",
  notAMember: "This user is not a member of this lab.",
  alreadyOwner: "This user already owns this lab.",
  transferred: "Ownership transferred.",
  offered: "Ownership offered; it changes hands once accepted.",
  offerPending: "An ownership offer for this lab is already waiting for an answer; withdraw it first.",
  offerGone: "This ownership offer is no longer open.",
  offerNotYours: "Only the person this lab was offered to can answer the offer.",
  offerDeclined: "Offer declined.",
  offerWithdrawn: "Offer withdrawn.",
  /** "You need 2.1 GB more room to accept this folder." */
  offerNeedsRoom: (missing: string, isDir: boolean) => `You need ${missing} more room to accept this ${isDir ? "folder" : "file"}.`,
  searchTooShort: (min: number) => `Enter at least ${min} characters.`
} as const

export const notificationMessages = {
  notFound: "Notification not found.",
  read: "Marked as read.",
  allRead: "All marked as read."
} as const
