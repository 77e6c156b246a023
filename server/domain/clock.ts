// Timestamps for the rows lists are ordered by (trash, favorites, recents, notifications). Two
// changes in the same millisecond would tie and come back in any order, so within this process
// every stamp is at least one millisecond after the previous one.
let last = 0

export const stamp = (): string => {
  const now = Math.max(Date.now(), last + 1)
  last = now
  return new Date(now).toISOString()
}
