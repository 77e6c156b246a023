// A chat message from sending to arrival on other clients: 200 pusher-js subscribers on one slide's
// channel; each round a member posts a message (POST /v2/comment/chat/) and every subscriber's
// arrival of its chat_{id} is timed from the send (the request, the commit with its notifications,
// the publisher and the fan-out). Beside it, on the same server and subscribers and interleaved
// round by round, the realtime bench's own baseline: a rename of the slide until its lab_changed_{id}
// arrives. What the chat adds over that is the message's writes and its notification per member.
// Run: npm run bench (not part of CI). Target: chat p99 < 150 ms on this machine.
import { labChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import { createSlide } from "../server/support/annotations-api.ts"
import { share } from "../server/support/labs-api.ts"
import { api, createSignedIn } from "../support/api.ts"
import { connectSigned, type PusherClient } from "../support/pusher.ts"
import { startServer } from "../support/start-server.ts"
import { report } from "./stats.ts"

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50)
/** Members told of every message besides the sender: a team on a case. */
const MEMBERS = 5

export const benchChat = async (): Promise<boolean> => {
  const server = await startServer()
  const clients: PusherClient[] = []
  try {
    const owner = await createSignedIn(server)
    const folder = await api(server).post("/v2/labs/", { name: "Chat bench", parent: null }, { token: owner.access })
    const folderId: string = folder.body.data.data.results[0].id
    for (let i = 0; i < MEMBERS; i++) await share(server, owner, folderId, await createSignedIn(server), "reviewer")
    const slideId = await createSlide(server, owner, folderId)
    const channel = labChannel(slideId)
    const onChat: Array<(at: number) => void> = []
    const onRename: Array<(at: number) => void> = []
    // Subscribers sign with the server's secret directly, as in realtime.bench.ts.
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const client = connectSigned(server)
      clients.push(client)
      const subscription = client.subscribe(channel)
      await new Promise<void>((resolve) => subscription.bind("pusher:subscription_succeeded", () => resolve()))
      subscription.bind(realtimeEvents.chat(slideId), () => onChat[i]?.(performance.now()))
      subscription.bind(realtimeEvents.labChanged(slideId), () => onRename[i]?.(performance.now()))
    }
    const timed = async (listeners: Array<(at: number) => void>, act: () => Promise<void>): Promise<number[]> => {
      const arrivals = Array.from({ length: SUBSCRIBERS }, (_, i) => new Promise<number>((resolve) => (listeners[i] = resolve)))
      const sent = performance.now()
      await act()
      return (await Promise.all(arrivals)).map((at) => at - sent)
    }
    const chat: number[] = []
    const baseline: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      baseline.push(
        ...(await timed(onRename, async () => {
          const reply = await api(server).put(`/v2/labs/${slideId}/`, { name: `Bench slide ${round}.svs` }, { token: owner.access })
          if (reply.status !== 200) throw new Error(`rename answered ${reply.status}: ${JSON.stringify(reply.body)}`)
        }))
      )
      chat.push(
        ...(await timed(onChat, async () => {
          const reply = await api(server).post(
            "/v2/comment/chat/",
            { lab_id: slideId, message: `Round ${round}: mitoses counted in field ${round + 1}.` },
            { token: owner.access }
          )
          if (reply.status !== 200) throw new Error(`chat answered ${reply.status}: ${JSON.stringify(reply.body)}`)
        }))
      )
    }
    const base = report(`realtime baseline: rename -> delivery, ${SUBSCRIBERS} subscribers (SQLite)`, baseline, 100)
    const sent = report(
      `chat: message sent -> arrived on every client, ${SUBSCRIBERS} subscribers, ${MEMBERS} notified (SQLite)`,
      chat,
      150
    )
    return base && sent
  } finally {
    for (const client of clients) client.disconnect()
    await server.stop()
  }
}

if (import.meta.main) process.exitCode = (await benchChat()) ? 0 : 1
