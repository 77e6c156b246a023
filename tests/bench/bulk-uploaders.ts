// The load side of the bulk-writes bench (tests/bench/bulk-writes.ts), in its own process: each
// writer posts its body again and again until the parent says stop. Apart from the process that
// times the plain reads, so that encoding and sending 6 MB bodies does not delay the timer's own
// event loop: the reads' latency is then the server's, as it would be for a colleague on another
// machine. Messages: parent -> "stop"; child -> { answered: number[] } after each answer, and
// { statuses } once stopped.
interface Start {
  readonly url: string
  readonly slide: string
  readonly writers: ReadonlyArray<{ readonly access: string; readonly body: string }>
}

const send = (message: unknown) => process.send?.(message)

process.once("message", async ({ url, slide, writers }: Start) => {
  let running = true
  process.on("message", (message) => {
    if (message === "stop") running = false
  })
  const statuses = new Map<number, number>()
  const answered = writers.map(() => 0)
  const upload = async (access: string, body: string, index: number) => {
    while (running) {
      const reply = await fetch(`${url}/v2/labs/${slide}/v2/annotations/`, {
        method: "POST",
        headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
        body
      })
      await reply.arrayBuffer()
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
      answered[index]! += 1
      send({ answered })
    }
  }
  await Promise.all(writers.map(({ access, body }, i) => upload(access, body, i)))
  send({ statuses: [...statuses] })
  process.disconnect()
})
