// The one permission matrix. Every endpoint asks `can(standing, action)` on the server; the SPA asks
// the same functions only to hide what a role cannot do (the server refuses it anyway). A member of
// a folder holds the same role on everything inside it; the nearest membership up the tree wins.
// Pure: no imports but types, so both the server and the SPA bundle it.
import type { Role } from "./labs.ts"

export type { Role }

/** Who is asking about one lab: a role through membership, or none. */
export type Standing = Role | "stranger" | "guest"

export type Action =
  | "lab.view" // see the lab, its info, metadata, thumbnail, tiles, children
  | "lab.create" // create a folder or upload a file inside it
  | "lab.rename"
  | "lab.move" // move it, or move something into it
  | "lab.delete" // to trash
  | "lab.restore"
  | "lab.purge" // delete forever
  | "lab.publish" // public access toggle and metadata edits
  | "lab.favorite"
  | "lab.download" // the original file as uploaded
  | "lab.calibrate" // give a slide its microns per pixel
  | "lab.show-associated" // show a scanner's label and macro to the slide's other members
  | "members.view"
  | "members.invite"
  | "members.change-role"
  | "members.remove"
  | "members.transfer"
  | "members.leave" // remove one's own membership

const matrix: Readonly<Record<Action, ReadonlyArray<Standing>>> = {
  "lab.view": ["owner", "admin", "reviewer"],
  "lab.create": ["owner", "admin"],
  "lab.rename": ["owner", "admin"],
  "lab.move": ["owner", "admin"],
  "lab.delete": ["owner", "admin"],
  "lab.restore": ["owner"],
  "lab.purge": ["owner"],
  "lab.publish": ["owner", "admin"],
  "lab.favorite": ["owner", "admin", "reviewer"],
  "lab.download": ["owner", "admin"],
  "lab.calibrate": ["owner", "admin"],
  "lab.show-associated": ["owner"],
  "members.view": ["owner", "admin", "reviewer"],
  "members.invite": ["owner", "admin"],
  "members.change-role": ["owner", "admin"],
  "members.remove": ["owner", "admin"],
  "members.transfer": ["owner"],
  "members.leave": ["admin", "reviewer"]
}

/** What anyone, signed in or not, may do on a public lab they hold no role on: look. */
const publicActions: ReadonlySet<Action> = new Set(["lab.view"])

/** A null role (what the SPA holds for a stranger or a guest) stands for no role at all. */
export const can = (standing: Standing | null, action: Action, isPublic = false): boolean =>
  matrix[action].includes(standing ?? "stranger") || (isPublic && publicActions.has(action))

/**
 * Who sees a slide's label and macro (a patient's name, a case number): the owner and admins always,
 * a reviewer once the owner shows them, never a guest or a stranger, public or not.
 */
export const canSeeAssociated = (standing: Standing | null, shown: boolean): boolean =>
  standing === "owner" || standing === "admin" || (standing === "reviewer" && shown)

/** Every lab of a selection allows it (a selection is acted on together or not at all). */
export const canAll = (labs: ReadonlyArray<{ readonly role: Role | null }>, action: Action): boolean =>
  labs.length > 0 && labs.every((lab) => can(lab.role, action))

/**
 * Why an action is refused, if it is: "hidden" when the asker may not even see the lab (answered
 * like a missing lab, 404, or 401 to a guest, so existence is never revealed), "forbidden" (403)
 * when they see it but may not do this.
 */
export const refusal = (standing: Standing, action: Action, isPublic: boolean): "hidden" | "forbidden" | undefined => {
  if (!can(standing, "lab.view", isPublic)) return "hidden"
  return can(standing, action, isPublic) ? undefined : "forbidden"
}

/** Roles an admin may hand out; only the owner transfers ownership, and the owner's row is fixed. */
export const assignableRoles: ReadonlyArray<Exclude<Role, "owner">> = ["admin", "reviewer"]

/** The id of the owner's row in a lab's member list: the owner is no membership of their own. */
export const OWNER_ROW = "owner"

interface MemberRow {
  readonly id: string
  readonly user_id: string | null
}

/** The owner and admins change others' roles and remove them; never the owner's row or their own. */
export const mayManageMember = (
  role: Role | null,
  member: MemberRow,
  me: string | null,
  action: "members.change-role" | "members.remove" = "members.change-role"
): boolean => can(role, action) && member.id !== OWNER_ROW && member.user_id !== me

/** Only the owner hands the lab over, and only to someone with an account. */
export const mayTransferTo = (role: Role | null, member: MemberRow): boolean =>
  can(role, "members.transfer") && member.id !== OWNER_ROW && member.user_id !== null

/**
 * Staff run the lab's own services (scanning slides sent in, checking payments): a flag on the
 * account, set only by an operator, never a role on a lab.
 */
export const isStaff = (user: { readonly is_staff: number } | undefined): boolean => user?.is_staff === 1

// Annotations and labels of a slide:
//
//   action                 owner  admin  reviewer          stranger/guest on a public slide   others
//   read annotations       yes    yes    yes               yes (read-only)                    hidden (404; 401 to a guest)
//   create annotations     yes    yes    yes               403                                hidden
//   edit/delete annotation yes    yes    own only (403)    403                                hidden
//   create a label         yes    yes    yes               403                                hidden
//   edit/delete a label    yes    yes    403               403                                hidden
//   slide viewers          yes    yes    yes               403                                hidden
//   presence channel       yes    yes    yes               yes, named without an email        refused (403)
//   read the chat          yes    yes    yes               yes (read-only, no emails)         hidden (404; 401 to a guest)
//   write in the chat      yes    yes    yes               403                                hidden
//   read notes, reports    yes    yes    yes               403                                hidden
//   write a note, report   yes    yes    yes               403                                hidden
//   edit/delete one        yes    yes    own only (403)    403                                hidden
//   read comment threads   yes    yes    yes               yes (read-only, no emails)         hidden (404; 401 to a guest)
//   reply, resolve, reopen yes    yes    yes               403                                hidden
//   edit a reply           own    own    own (403)         403                                hidden
//   delete a reply         yes    yes    own only (403)    403                                hidden
//   mute the chat          yes    yes    yes               403                                hidden
//
// A comment's thread is read like the chat: the pin's first comment is in the annotation, which a
// public slide shows to anyone, and its replies go on the same open channel. A reply's words are
// only ever changed by its author (no one puts words in a colleague's mouth); owner and admin may
// remove one, as they may any annotation. Resolving is the team's bookkeeping: any member.
//
// A public slide's chat is readable by whoever may look at the slide: its `chat_{id}` messages go on
// the slide's lab channel (the spec's), which is open to anyone signed in on a public slide, so
// hiding the list would hide nothing; publishing a slide publishes its discussion, as it does its
// annotations' comments. Only the slide's people write there (docs/architecture.md, "Chat").
//
// Notes and reports are the team's working papers (a report may name a patient): publishing a slide
// does not publish them, so only the slide's people read them.
//
// The slide viewers endpoints are the call-in list kept for API clients; the SPA shows who has the
// slide open from the slide's presence channel, which whoever may read the slide may join (as its
// lab channel); on a public slide every member is named there without an email.
//
// Reviewers may create labels so that they can tag what they draw with a class nobody made yet
// (the SPA's "uncategorized"); renaming, recolouring or deleting one changes everyone's annotations,
// so that stays with owner and admin.

export type AnnotationAction =
  | "annotation.view"
  | "annotation.create"
  | "annotation.edit" // also delete
  | "label.create"
  | "label.edit" // also delete
  | "viewers"
  | "chat.read"
  | "chat.write"
  | "notes.read"
  | "notes.write"
  | "notes.edit" // also delete
  | "comment.read"
  | "comment.write" // reply, resolve, reopen; also muting the slide's chat
  | "comment.edit" // a reply's words: its author only
  | "comment.delete"
  | "analysis.run" // start an analysis (its results are annotations) and follow the slide's jobs
  | "analysis.manage" // cancel a job or remove its results: its requester, or owner and admin

const members: ReadonlyArray<Standing> = ["owner", "admin", "reviewer"]
const editors: ReadonlyArray<Standing> = ["owner", "admin"]

/**
 * Whether the asker is one of the slide's people (owner, admin, reviewer). Everyone else who reads a
 * public slide (a guest, a signed-in stranger) sees annotators by name only, never their email.
 */
export const isMember = (standing: Standing): boolean => members.includes(standing)

/**
 * Whether a slide's people may do this, once the slide is visible at all. `ownsTarget`: the
 * annotation being edited is the asker's own. A null role stands for no role at all.
 */
export const mayAnnotate = (standing: Standing | null, action: AnnotationAction, ownsTarget = false): boolean => {
  const asker = standing ?? "stranger"
  switch (action) {
    case "annotation.view":
    case "chat.read":
    case "comment.read":
      return true
    case "annotation.create":
    case "label.create":
    case "viewers":
    case "chat.write":
    case "notes.read":
    case "notes.write":
    case "comment.write":
    case "analysis.run":
      return members.includes(asker)
    case "comment.edit":
      return members.includes(asker) && ownsTarget
    case "comment.delete":
      return editors.includes(asker) || (members.includes(asker) && ownsTarget)
    case "annotation.edit":
    case "notes.edit":
    case "analysis.manage":
      return editors.includes(asker) || (asker === "reviewer" && ownsTarget)
    case "label.edit":
      return editors.includes(asker)
  }
}

/**
 * Why the action is refused, if it is: "hidden" (the slide is not visible: 404, or 401 to a guest),
 * "forbidden" (403).
 */
export const annotationRefusal = (
  standing: Standing,
  isPublic: boolean,
  action: AnnotationAction,
  ownsTarget = false
): "hidden" | "forbidden" | undefined => {
  if (refusal(standing, "lab.view", isPublic) === "hidden") return "hidden"
  return mayAnnotate(standing, action, ownsTarget) ? undefined : "forbidden"
}
