// The member dialog: invitations, the collaborator list, roles and ownership (spec sections 2, 4-6, 8).
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
    transfer: "Transfer ownership",
    working: "Saving…"
  },
  transfer: {
    title: "Transfer ownership?",
    body: "{{name}} will become the owner of this lab. You will stay on as an admin, and only the new owner can transfer it back.",
    confirm: "Transfer ownership",
    cancel: "Cancel"
  },
  readOnly: "Only the owner and admins can invite or change collaborators.",
  notices: {
    invited: "Invitations sent.",
    roleChanged: "{{name}} is now {{role}}.",
    deleted: "{{name}} was removed from this lab.",
    transferred: "{{name}} is now the owner. You are an admin.",
    transferFailed: "Ownership could not be transferred."
  }
}
