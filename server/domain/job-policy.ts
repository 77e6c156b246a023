// How the slide queue treats a job: how long a claim lasts before another worker may take it over,
// how often a running worker renews it, and how often a job that crashed is tried again.

/** A claim's lease; a worker that died stops renewing it and the job is claimed again after it. */
export const LEASE_MS = 60_000
/** Renewal of a running job's lease, well inside it. */
export const HEARTBEAT_MS = 15_000
/** Tries of a job whose build crashed (not a rejected image: that fails at once). */
export const MAX_ATTEMPTS = 3
/** Idle polling, for jobs enqueued by another process or due after a backoff. */
export const POLL_MS = 2_000

/** Wait before the next try: 10 s, 40 s, 160 s, ... */
export const backoffMs = (attempts: number): number => 10_000 * 4 ** Math.max(0, attempts - 1)

const plus = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString()

export const leaseUntil = (now: Date) => plus(now, LEASE_MS)
export const retryAt = (now: Date, attempts: number) => plus(now, backoffMs(attempts))
