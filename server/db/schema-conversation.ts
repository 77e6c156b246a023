// The tables of what a slide's people write: its notes and reports, its chat. Part of the schema (schema.ts gathers every table for Kysely); the same
// conventions: ISO-8601 UTC strings for times, 0/1 integers for flags, on both engines.

/** A slide's note or report (migration 0028). */
export interface SlideNotesTable {
  id: string
  lab_id: string
  kind: "note" | "report"
  /** Null once the author's account is gone. */
  author_id: string | null
  title: string
  value: string
  created_at: string
  updated_at: string
  /** A report's structured fields as JSON (migration 0029); null on notes. */
  fields: string | null
  /** Who last saved it; null once that account is gone (migration 0029). */
  editor_id: string | null
}

/** One message of a slide's chat; `mentions` a JSON array of user ids. */
export interface ChatMessagesTable {
  id: string
  lab_id: string
  sender_id: string | null
  message: string
  mentions: string
  created_at: string
}

/** When a user last read a slide's chat: what came after, from others, is unread. */
export interface ChatReadsTable {
  user_id: string
  lab_id: string
  read_at: string
}

/** A reply in a comment annotation's thread (migration 0032); `mentions` a JSON array of user ids. */
export interface CommentRepliesTable {
  id: string
  annotation_id: string
  lab_id: string
  /** Null once the author's account is gone. */
  author_id: string | null
  message: string
  mentions: string
  created_at: string
  /** When its author last changed it; null if never. */
  edited_at: string | null
}

/** A comment thread's state, once someone resolved or reopened it (migration 0032); no row: open. */
export interface CommentThreadsTable {
  annotation_id: string
  lab_id: string
  resolved: number
  resolved_by: string | null
  resolved_at: string | null
}

/** A deleted comment pin's replies, until its tombstone expires or it is restored (migration 0034). */
export interface CommentReplyTombstonesTable extends CommentRepliesTable {
  deleted_at: string
}

/** A deleted comment pin's thread state, likewise (migration 0034). */
export interface CommentThreadTombstonesTable extends CommentThreadsTable {
  deleted_at: string
}

/** A member who muted a slide's chat (migration 0032). */
export interface ChatMutesTable {
  user_id: string
  lab_id: string
  created_at: string
}
