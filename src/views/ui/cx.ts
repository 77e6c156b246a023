/** Joins class names, skipping falsy ones. */
export const cx = (...names: ReadonlyArray<string | false | null | undefined>): string => names.filter(Boolean).join(" ")
