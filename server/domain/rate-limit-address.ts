// The one place a client's network address becomes the address its rate limits count. An IPv4
// address counts on its own. An IPv6 host is usually handed a whole /64 (and privacy extensions pick
// a new address in it at will), so counting per full address would give one host billions of
// allowances: an IPv6 address counts as its /64. IPv4 mapped into IPv6 (::ffff:a.b.c.d) is IPv4.
import { isIPv4, isIPv6 } from "node:net"

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part becomes two groups). */
const groupsOf = (address: string): ReadonlyArray<number> => {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address)
  const tail = dotted ? [(Number(dotted[1]) << 8) | Number(dotted[2]), (Number(dotted[3]) << 8) | Number(dotted[4])] : []
  const before = dotted ? address.slice(0, dotted.index) : address
  const hex = before.endsWith("::") ? before : before.replace(/:$/, "")
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)))
  const [head = "", rest] = hex.split("::")
  const left = parse(head)
  const right = rest === undefined ? [] : parse(rest)
  const missing = 8 - tail.length - left.length - right.length
  return [...left, ...Array.from({ length: rest === undefined ? 0 : missing }, () => 0), ...right, ...tail]
}

/** The key rate limits use for a client address: itself for IPv4, its /64 for IPv6, else as given. */
export const rateLimitAddress = (raw: string): string => {
  const address = raw.trim().toLowerCase().replace(/%.*$/, "")
  if (isIPv4(address) || !isIPv6(address)) return address
  const groups = groupsOf(address)
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".")
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`
}
