// The embedded server keeps only the app's own channels (src/contract/realtime.ts): a subscription to
// any other name gets Pusher's error event (code 4300) and is not stored, so nothing published there
// reaches the socket.
import PusherServer from "pusher"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { notificationChannel } from "../../src/contract/realtime.ts"
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
