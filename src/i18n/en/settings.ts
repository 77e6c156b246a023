// Placeholder created by the shell work so the dictionaries build; the auth area owns and replaces it.
export const settings = {}
