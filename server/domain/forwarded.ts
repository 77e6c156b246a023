// Reading X-Forwarded-* behind reverse proxies. Each proxy appends the address it received the request
// from, so with `trusted` proxies in front of us the client is the entry the outermost trusted proxy
// appended: the `trusted`-th from the right. Entries left of it were written by the client itself
// and prove nothing (taking the first entry let anyone choose their own address for rate limits).

/** The hop the outermost trusted proxy saw, from a comma-separated X-Forwarded-* header. */
export const forwardedHop = (header: string | undefined, trusted: number): string | undefined => {
  if (trusted <= 0 || header === undefined) return undefined
  const hops = header
    .split(",")
    .map((hop) => hop.trim())
    .filter((hop) => hop !== "")
  return hops[Math.max(0, hops.length - trusted)]
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/**
 * Whether a request comes from this machine itself: a loopback socket that no proxy forwarded (a
 * proxy on the same host connects from loopback on behalf of anyone).
 */
export const fromThisMachine = (socketAddress: string | undefined, headers: Readonly<Record<string, string | undefined>>): boolean =>
  socketAddress !== undefined && LOOPBACK.test(socketAddress) && headers["x-forwarded-for"] === undefined && headers.forwarded === undefined
