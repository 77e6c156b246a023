// A lean HTTP/1.1 GET client for the benches' load generator: kept-alive TCP sockets, one request
// in flight on each, answers read as bytes (status line, Content-Length or chunked, body counted
// and kept only when not 200). It runs on the same two cores as the server it measures, so its own
// work and pauses count against the server: node:http's client made about 20 KB of garbage per
// request that outlived young collections (its request objects, kept by the agent), so the load
// generator ran full collections every half second, stalling all fifty clients for 10-20 ms at once,
// which showed as slow answers of the server.
import { connect, type Socket } from "node:net"

export interface RawAnswer {
  readonly status: number
  /** The body of an answer that is not 200 (for an error message); a 200's is counted, not kept. */
  readonly body: string
  readonly bytes: number
}

const HEADER_END = Buffer.from("\r\n\r\n")

interface Waiting {
  readonly request: string
  readonly resolve: (answer: RawAnswer) => void
  readonly reject: (error: Error) => void
  /** Sent again once if the socket turns out closed by the server (its idle keep-alive timeout). */
  readonly retried: boolean
}

/** One kept-alive connection and the parse of the answer it is reading. */
class Connection {
  readonly socket: Socket
  private pending: Waiting | undefined
  private head: Buffer[] = []
  private status = 0
  private remaining = -1
  private chunked = false
  private bytes = 0
  private body: Buffer[] = []
  private chunkTail = Buffer.alloc(0)
  closed = false

  constructor(host: string, port: number, onClose: (connection: Connection, pending: Waiting | undefined) => void) {
    this.socket = connect({ host, port, noDelay: true })
    this.socket.on("data", (data: Buffer) => this.read(data))
    this.socket.on("error", () => undefined)
    this.socket.on("close", () => {
      this.closed = true
      const pending = this.pending
      this.pending = undefined
      onClose(this, pending)
    })
  }

  get busy(): boolean {
    return this.pending !== undefined
  }

  send(waiting: Waiting): void {
    this.pending = waiting
    this.head = []
    this.status = 0
    this.remaining = -1
    this.chunked = false
    this.bytes = 0
    this.body = []
    this.chunkTail = Buffer.alloc(0)
    this.socket.write(waiting.request)
  }

  private read(data: Buffer): void {
    if (this.pending === undefined) return
    let rest = data
    if (this.status === 0) {
      this.head.push(data)
      const all = this.head.length === 1 ? data : Buffer.concat(this.head)
      const end = all.indexOf(HEADER_END)
      if (end < 0) return
      const headers = all.subarray(0, end).toString("latin1")
      this.status = Number(headers.slice(9, 12))
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(headers)
      this.chunked = length === null && /\r\ntransfer-encoding:\s*chunked/i.test(headers)
      this.remaining = length === null ? -1 : Number(length[1])
      rest = all.subarray(end + HEADER_END.length)
      this.head = []
    }
    this.bytes += rest.length
    if (this.status !== 200) this.body.push(rest)
    if (this.chunked) {
      if (this.chunkedEnds(rest)) this.finish()
      return
    }
    // Without a length or chunks the answer ends with the connection (the close handler fails it).
    if (this.remaining < 0) return
    this.remaining -= rest.length
    if (this.remaining <= 0) this.finish()
  }

  /** Whether a chunked body ends in what arrived so far (its last chunk: "0\r\n\r\n"). */
  private chunkedEnds(rest: Buffer): boolean {
    const tail = Buffer.concat([this.chunkTail, rest]).subarray(-5)
    this.chunkTail = tail
    return tail.toString("latin1") === "0\r\n\r\n"
  }

  private finish(): void {
    const pending = this.pending!
    this.pending = undefined
    pending.resolve({ status: this.status, body: this.status === 200 ? "" : Buffer.concat(this.body).toString(), bytes: this.bytes })
  }
}

/** GET over up to `concurrency` kept-alive connections to `base` (http://host:port). */
export const makeRawGetter = (base: string, concurrency: number) => {
  const url = new URL(base)
  const host = url.hostname
  const port = Number(url.port || 80)
  const idle: Connection[] = []
  const queue: Waiting[] = []
  let open = 0

  const onClose = (connection: Connection, pending: Waiting | undefined) => {
    open--
    const at = idle.indexOf(connection)
    if (at >= 0) idle.splice(at, 1)
    if (pending !== undefined) {
      if (pending.retried) pending.reject(new Error(`the server closed the connection: ${pending.request.split("\r\n")[0]}`))
      else dispatch({ ...pending, retried: true })
    }
    pump()
  }

  const dispatch = (waiting: Waiting) => {
    queue.push(waiting)
    pump()
  }

  const pump = () => {
    while (queue.length > 0) {
      let connection = idle.pop()
      while (connection?.closed) connection = idle.pop()
      if (connection === undefined) {
        if (open >= concurrency) return
        open++
        connection = new Connection(host, port, onClose)
      }
      const waiting = queue.shift()!
      const used = connection
      used.send({
        ...waiting,
        resolve: (answer) => {
          if (!used.closed) idle.push(used)
          waiting.resolve(answer)
          pump()
        }
      })
    }
  }

  const get = (path: string, headers: Readonly<Record<string, string>>): Promise<RawAnswer> =>
    new Promise((resolve, reject) => {
      // Spaces and anything outside printable ASCII are escaped, as a browser would send them.
      let request = `GET ${path.replace(/[^\x21-\x7e]/g, encodeURIComponent)} HTTP/1.1\r\nHost: ${url.host}\r\n`
      for (const name in headers) request += `${name}: ${headers[name]}\r\n`
      dispatch({ request: `${request}\r\n`, resolve, reject, retried: false })
    })

  const close = () => {
    for (const connection of idle) connection.socket.destroy()
    idle.length = 0
  }

  return { get, close }
}
