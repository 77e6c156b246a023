// What the SPA says to the user: an i18n key (with its parameters) or, when the server already
// phrased it, the server's text. Views turn a Notice into a string with `t`.
export type Notice = { readonly key: string; readonly params?: Readonly<Record<string, string | number>> } | { readonly text: string }

/** Per form field, the messages to show beside it (the spec's 400 field lists, or client checks). */
export type FieldNotices = Readonly<Record<string, ReadonlyArray<Notice>>>

export const noticeKey = (key: string, params?: Readonly<Record<string, string | number>>): Notice =>
  params === undefined ? { key } : { key, params }

export const noFieldNotices: FieldNotices = {}
