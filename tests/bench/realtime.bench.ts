// Realtime delivery: 200 pusher-js subscribers on one lab's channel; each round renames the lab
// through the API and measures, per subscriber, the time from sending the change to receiving its
// event (so it covers the request, the commit, the publisher and the fan-out).
// Run: npm run bench (not part of CI). Target: p99 < 100 ms on this machine.
import { labChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import { api, createSignedIn } from "../support/api.ts"
import { connectSigned, type PusherClient } from "../support/pusher.ts"
import { startServer } from "../support/start-server.ts"
import { report } from "./stats.ts"

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50)

export const benchRealtime = async (): Promise<boolean> => {
  const server = await startServer()
  const clients: PusherClient[] = []
  try {
    const owner = await createSignedIn(server)
    const created = await api(server).post("/v2/labs/", { name: "Bench folder", parent: null }, { token: owner.access })
    const labId: string = created.body.data.data.results[0].id
    const channel = labChannel(labId)
    const event = realtimeEvents.labChanged(labId)
    const received: Array<(at: number) => void> = []
    // Subscribers sign their channel with the server's secret directly: 200 accounts and invitations
    // would only slow the set-up; authorisation is measured by the server tests, delivery here.
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const client = connectSigned(server)
      clients.push(client)
      const subscription = client.subscribe(channel)
      await new Promise<void>((resolve) => subscription.bind("pusher:subscription_succeeded", () => resolve()))
      subscription.bind(event, () => received[i]?.(performance.now()))
    }
    const latencies: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const arrivals = Array.from({ length: SUBSCRIBERS }, (_, i) => new Promise<number>((resolve) => (received[i] = resolve)))
      const sent = performance.now()
      const reply = await api(server).put(`/v2/labs/${labId}/`, { name: `Bench folder ${round}` }, { token: owner.access })
      if (reply.status !== 200) throw new Error(`rename answered ${reply.status}: ${JSON.stringify(reply.body)}`)
      for (const at of await Promise.all(arrivals)) latencies.push(at - sent)
    }
    return report(`realtime: change -> delivery, ${SUBSCRIBERS} subscribers (SQLite)`, latencies, 100)
  } finally {
    for (const client of clients) client.disconnect()
    await server.stop()
  }
}

if (import.meta.main) await benchRealtime()
