// CPU time spent by a process and its descendants (a cluster's workers), read from /proc. On a VM
// whose speed drifts and whose two cores the load generator shares, the server's own CPU per request
// is the steadier number to compare changes by; latency is what the target is set on.
import { readdirSync, readFileSync } from "node:fs"

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

const childrenOf = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8")
        .split(" ")
        .filter((s) => s.trim() !== "")
        .map(Number)
    )
  } catch {
    return []
  }
}

const ownTicks = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // Fields after the command name (which may hold spaces) start at ") ": utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

/** CPU milliseconds used so far by `pid` and every process below it; undefined off Linux. */
export const processTreeCpuMs = (pid: number | undefined): number | undefined => {
  if (pid === undefined || process.platform !== "linux") return undefined
  let ticks = 0
  const pending = [pid]
  while (pending.length > 0) {
    const next = pending.pop()!
    ticks += ownTicks(next)
    pending.push(...childrenOf(next))
  }
  return (ticks * 1000) / TICKS_PER_SECOND
}

/** Busy CPU milliseconds of the whole machine so far (every core, all but idle and iowait), from /proc/stat. */
export const machineCpuMs = (): number | undefined => {
  if (process.platform !== "linux") return undefined
  const [, ...times] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = times.map(Number)
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / TICKS_PER_SECOND
}
