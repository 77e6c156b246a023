// The member dialog: invitations, the collaborator list, roles and ownership.
export const members = {
  title: "Collaborators",
  description: "Invite people to this lab and choose what they can do.",
  invite: {
    label: "Invite people",
    placeholder: "Email or name, then Enter",
    role: "Invite as",
    submit: "Invite",
    remove: "Remove {{email}}",
    suggestions: "Suggestions",
    searching: "Searching…",
    noMatch: "No one found. Press Enter to invite {{email}} by email.",
    keepTyping: "Type a full email address to invite someone new.",
    invalidEmail: "“{{email}}” is not a valid email address.",
    alreadyChosen: "{{email}} is already on the list."
  },
  roles: {
    owner: "Owner",
    admin: "Admin",
    reviewer: "Reviewer"
  },
  roleHints: {
    admin: "Can add, edit and share",
    reviewer: "Can view and comment"
  },
  search: {
    label: "Search collaborators",
    placeholder: "Search by name or email",
    submit: "Search",
    clear: "Clear search"
  },
  list: {
    label: "Collaborators",
    empty: "No collaborators yet",
    emptyHint: "Invite someone above to work on this lab together.",
    noMatch: "No collaborator matches “{{search}}”.",
    loadingMore: "Loading more…",
    loadMore: "Load more",
    failed: "Collaborators could not be loaded.",
    you: "You",
    pending: "Invitation sent",
    temporary: "Not invited yet",
    inherited: "From a parent folder"
  },
  actions: {
    label: "Actions for {{name}}",
    trigger: "{{role}}, actions for {{name}}",
    role: "Change role to {{role}}",
    delete: "Delete",
    transfer: "Offer ownership",
    working: "Saving…"
  },
  transfer: {
    title: "Offer ownership?",
    body: "{{name}} will be asked to accept the ownership of this lab. It stays yours until they accept, and you can withdraw the offer meanwhile. Once they accept, you stay on as an admin.",
    confirm: "Send offer",
    cancel: "Cancel"
  },
  readOnly: "Only the owner and admins can invite or change collaborators.",
  notices: {
    invited: "Invitations sent.",
    roleChanged: "{{name}} is now {{role}}.",
    deleted: "{{name}} was removed from this lab.",
    transferred: "Ownership offered to {{name}}. It stays yours until they accept.",
    transferFailed: "Ownership could not be offered."
  },
  offer: {
    label: "Ownership offer",
    toMe: "{{name}} offers you the ownership of this {{kind}} ({{size}}).",
    toMeEmpty: "{{name}} offers you the ownership of this {{kind}}.",
    toMeHint: "Accepting makes it yours and counts it against your storage; {{name}} stays on as an admin.",
    fromMe: "You offered the ownership of this {{kind}} to {{name}}.",
    fromMeHint: "It stays yours until they accept.",
    between: "{{from}} offered the ownership of this {{kind}} to {{to}}.",
    folder: "folder",
    file: "file",
    accept: "Accept",
    decline: "Decline",
    withdraw: "Withdraw offer",
    needsRoomFolder: "You need {{amount}} more room to accept this folder.",
    needsRoomFile: "You need {{amount}} more room to accept this file.",
    freeRoom: "Free up storage or choose a larger plan, then accept again.",
    accepted: "You are now the owner of {{lab}}.",
    declined: "Offer declined.",
    withdrawn: "Offer withdrawn.",
    loadFailed: "The ownership offer could not be loaded.",
    retry: "Try again"
  }
}
