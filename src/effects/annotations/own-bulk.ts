// The bulk edits this page made, remembered for a moment so that their realtime message, which comes
// back to the page that caused it too, does not make it read the whole slide again: it shows the
// change already (the edits machine's `edits.show`). A message is this page's when it says the same
// action and count and the ids it names are the first ids this page sent (ids are random UUIDs).
// A call is remembered before it is sent: its message may arrive before its answer.
// Another tab of the same user did not send them, so it still applies or reads the change.

interface Sent {
  readonly action: "updated" | "deleted"
  readonly ids: ReadonlyArray<string>
}

/** Enough for the bulk calls of the last few steps. */
const KEPT = 16
const sent: Array<Sent> = []

export const rememberOwnBulk = (action: Sent["action"], ids: ReadonlyArray<string>) => {
  sent.push({ action, ids })
  if (sent.length > KEPT) sent.shift()
}

/** Whether this page sent the bulk call a message announces (and forgets it: a message comes once). */
export const takeOwnBulk = (action: Sent["action"], count: number, named: ReadonlyArray<string>): boolean => {
  const at = sent.findIndex((s) => s.action === action && s.ids.length === count && named.every((id, i) => s.ids[i] === id))
  if (at < 0) return false
  sent.splice(at, 1)
  return true
}
