// The embedded server keeps only the app's own channels (src/contract/realtime.ts): a subscription to
// any other name gets Pusher's error event (code 4300) and is not stored, so nothing published there
// reaches the socket.
import PusherServer from "pusher"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { notificationChannel } from "../../src/contract/realtime.ts"
import { channelAuth } from "../../server/realtime/signature.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { person } from "./support/labs-api.ts"
import { openRawSocket, type RawSocket, subscribeRaw, within } from "./support/raw-socket.ts"

let server: StartedServer
const sockets: RawSocket[] = []

beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server.stop()
})

const publish = (channel: string) => {
  const url = new URL(server.url)
  const { appId, key, secret } = server.config.realtime
  return new PusherServer({ appId, key, secret, host: url.hostname, port: url.port, useTLS: false }).trigger(channel, "news", { n: 1 })
}

describe("channels the app does not use", () => {
  it.each(["news", "public-anything", "presence-room", "private-other_1", "private-mylab_"])(
    "refuses %s and stores nothing",
    async (channel) => {
      const socket = await openRawSocket(server)
      sockets.push(socket)
      const from = socket.frames.length
      socket.send("pusher:subscribe", { channel })
      const error = await within(
        socket.next((f) => f.event === "pusher:error", from),
        "the error event"
      )
      expect(error.data).toMatchObject({ code: 4300 })
      await publish(channel).catch(() => undefined)
      await socket.flush()
      expect(socket.frames.filter((f) => f.event === "news" || f.event.includes("subscription_succeeded"))).toEqual([])
      expect(socket.isOpen()).toBe(true)
    }
  )

  it("still lets a user subscribe to their own channel", async () => {
    const ada = await person(server, "Ada")
    const socket = await openRawSocket(server)
    sockets.push(socket)
    await subscribeRaw(server, socket, ada.access, notificationChannel(ada.id))
  })
})

describe("subscriptions per connection", () => {
  let limited: StartedServer
  beforeAll(async () => {
    limited = await startServer({ env: { REALTIME_MAX_SUBSCRIPTIONS: "3" } })
  })
  afterAll(() => limited.stop())

  it("refuses a subscription past REALTIME_MAX_SUBSCRIPTIONS, and takes one again after an unsubscribe", async () => {
    const socket = await openRawSocket(limited)
    sockets.push(socket)
    const subscribe = async (channel: string) => {
      const from = socket.frames.length
      socket.send("pusher:subscribe", { channel, auth: channelAuth(limited.config.realtime, socket.socketId, channel) })
      return within(
        socket.next((f) => f.event === "pusher:error" || f.channel === channel, from),
        `an answer for ${channel}`
      )
    }
    for (const id of ["1", "2", "3"]) expect((await subscribe(`private-mylab_${id}`)).event).toBe("pusher_internal:subscription_succeeded")
    const refused = await subscribe("private-mylab_4")
    expect(refused).toMatchObject({ event: "pusher:error", data: { code: 4302 } })
    socket.send("pusher:unsubscribe", { channel: "private-mylab_1" })
    expect((await subscribe("private-mylab_4")).event).toBe("pusher_internal:subscription_succeeded")
  })
})

describe("connections per address", () => {
  let limited: StartedServer
  beforeAll(async () => {
    limited = await startServer({ env: { REALTIME_MAX_CONNECTIONS_PER_ADDRESS: "2" } })
  })
  afterAll(() => limited.stop())

  it("refuses a socket past REALTIME_MAX_CONNECTIONS_PER_ADDRESS with 4100, and takes one again after a close", async () => {
    const [first, second] = [await openRawSocket(limited), await openRawSocket(limited)]
    sockets.push(first, second)
    await expect(openRawSocket(limited)).rejects.toThrow(/4100/)
    first.close()
    await first.closed
    await expect
      .poll(async () => {
        const again = await openRawSocket(limited).catch(() => undefined)
        if (again) sockets.push(again)
        return again !== undefined
      })
      .toBe(true)
  })
})
