// The key a client's connections are counted under: an IPv4 address as it is, an IPv6 address by
// its /64 (one home or host is given a whole /64 and can pick any address in it). A tiny local
// helper: the rate limiter's shared one was not there yet when this was written.
import { isIPv6 } from "node:net"

export const addressKey = (ip: string): string => {
  const plain = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "")
  if (!isIPv6(plain)) return plain
  const [head = "", tail = ""] = plain.split("::")
  const left = head === "" ? [] : head.split(":")
  const right = tail === "" ? [] : tail.split(":")
  const groups = plain.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`
}
