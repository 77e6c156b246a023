// How long an upload waits before trying again, and when it stops trying. No answer at all (offline,
// the server restarting) is waited out for as long as it takes, like a file-sync client; a server
// that keeps answering with errors is given a few tries, then the user decides.
import type { AppFailure } from "../AppFailure.ts"

export const FIRST_PAUSE_MS = 1000
export const LONGEST_PAUSE_MS = 10_000
/** Consecutive 5xx/429 answers after which the upload fails with the server's error. */
export const SERVER_ERROR_ATTEMPTS = 6

/** 1 s, 2 s, 4 s, 8 s, then 10 s for every further attempt (`attempt` counts from 1). */
export const pauseBefore = (attempt: number): number =>
  Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.max(0, Math.min(attempt, 16) - 1))

/** Whether a failure of this kind, after `attempts` in a row, is worth waiting out. */
export const shouldWait = (error: AppFailure, attempts: number): boolean => {
  if (error._tag === "NetworkError") return true
  if (error._tag === "ServerError" || error._tag === "TooManyRequests") return attempts < SERVER_ERROR_ATTEMPTS
  return false
}
