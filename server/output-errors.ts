// The server's log is stdout and stderr. When they cannot be written (a full disk under a
// redirected log: ENOSPC; a log collector that went away: EPIPE), Node emits "error" on the stream,
// and an "error" with no listener kills the process: a full log disk would take the service down.
// Logging is the least important thing the process does, so such errors are dropped: the stream is
// destroyed by the failed write and what is logged afterwards goes nowhere, while requests are
// still answered.

/** Keeps the process alive when its own output fails; call once, before anything is logged. */
export const surviveOutputErrors = (): void => {
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {})
}
