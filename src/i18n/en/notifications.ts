// The notification bell, the notifications panel and the realtime notices.
export const notifications = {
  bell: "Notifications",
  bellUnread: "Notifications, {{count}} unread",
  title: "Notifications",
  unread: "{{count}} unread",
  markAllRead: "Mark all as read",
  list: "Notifications list",
  empty: "No notifications yet",
  emptyHint: "Invitations, comments on your slides and ownership transfers will show up here.",
  loadMore: "Load more",
  loadingMore: "Loading more…",
  failed: "Notifications could not be loaded.",
  moreFailed: "More notifications could not be loaded.",
  end: "You're all caught up",
  unreadMarker: "Unread",
  someone: "Someone",
  openAnalysis: "See results",
  deletedLab: "A deleted lab",
  live: {
    interrupted: "Live updates paused. Reconnecting…"
  },
  kind: {
    invite: "Invitation",
    ownership: "Ownership offer",
    chat: "New comment",
    analysis: "Image analysis"
  },
  action: {
    inviteFolder: "invited you to a folder",
    inviteFile: "invited you to a file",
    ownershipFolder: "offered you the ownership of a folder",
    ownershipFile: "offered you the ownership of a file",
    chat: "commented on a slide",
    analysis: "Your image analysis on a slide has ended"
  },
  toast: {
    invite: "{{name}} invited you to {{lab}}",
    ownership: "{{name}} offered you the ownership of {{lab}}",
    chat: "{{name}} commented on {{lab}}",
    analysis: "Your image analysis on {{lab}} has ended"
  }
}
