// The members and notifications programs against a scripted Api: the paths, queries and bodies they
// send, and what they read out of the answers.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Api, type ApiRequest } from "../../src/effects/Api.ts"
import { NotFound } from "../../src/effects/ApiError.ts"
import { endpoints, pathOf } from "../../src/effects/call.ts"
import { changeMemberRole } from "../../src/effects/members/changeRole.ts"
import { inviteMembers } from "../../src/effects/members/invite.ts"
import { loadMembers } from "../../src/effects/members/list.ts"
import { removeMember } from "../../src/effects/members/remove.ts"
import { suggestUsers } from "../../src/effects/members/suggest.ts"
import { loadNotifications } from "../../src/effects/notifications/list.ts"
import { markNotificationRead } from "../../src/effects/notifications/markRead.ts"

const member = (id: string, email: string, role: "owner" | "admin" | "reviewer") => ({
  id,
  user_id: `u-${id}`,
  email,
  name: email.split("@")[0] ?? "",
  username: null,
  avatar: null,
  role_member: role,
  is_pending: false,
  lab_id: "l1",
  is_inherited: false
})

/** Runs `program` against an Api answering with `answer` (an Effect for a failure), and returns what was asked. */
const scripted = <A, E>(program: Effect.Effect<A, E, Api>, answer: (request: ApiRequest<unknown>) => unknown) => {
  const asked: Array<ApiRequest<unknown>> = []
  const layer = Api.test((request) => {
    asked.push(request)
    const answered = answer(request)
    return Effect.isEffect(answered) ? (answered as Effect.Effect<unknown, NotFound>) : Effect.succeed(answered)
  })
  return program.pipe(
    Effect.provide(layer),
    Effect.map((result) => ({ result, asked }))
  )
}

describe("members programs", () => {
  it.effect("reads a page of collaborators, leaving out an empty search", () =>
    Effect.gen(function* () {
      const page = { results: [member("owner", "ada@lab.test", "owner")], meta: { count: 1, current_page: 1, next_page: null } }
      const { result, asked } = yield* scripted(loadMembers({ labId: "l1", page: 1, search: "  " }), () => ({
        status: "success",
        data: page
      }))
      expect(result).toEqual(page)
      // The query as the contract encodes it: numbers as strings, an empty search left out.
      expect(asked[0]).toMatchObject({ method: "GET", path: endpoints.members.list.path })
      expect(asked[0]?.query).toEqual({ lab_id: "l1", page: "1", limit: "5" })
    })
  )

  it.effect("invites in one request per role and returns every membership the server answered", () =>
    Effect.gen(function* () {
      const invitees = [
        { email: "bob@lab.test", role: "admin" as const },
        { email: "cy@lab.test", role: "reviewer" as const },
        { email: "di@lab.test", role: "reviewer" as const }
      ]
      const { result, asked } = yield* scripted(inviteMembers({ labId: "l1", invitees, locale: "id" }), (request) => {
        const body = request.body as { email: ReadonlyArray<string>; role_member: "admin" | "reviewer" }
        return {
          status: "success",
          data: { members: body.email.map((email, i) => member(`${body.role_member}${i}`, email, body.role_member)) }
        }
      })
      expect(asked.map((r) => r.path)).toEqual([endpoints.members.invite.path, endpoints.members.invite.path])
      expect(asked.map((r) => r.body)).toEqual([
        { lab_id: "l1", email: ["cy@lab.test", "di@lab.test"], role_member: "reviewer", locale: "id" },
        { lab_id: "l1", email: ["bob@lab.test"], role_member: "admin", locale: "id" }
      ])
      expect(result.map((m) => m.email)).toEqual(["cy@lab.test", "di@lab.test", "bob@lab.test"])
    })
  )

  it.effect("changes a role and removes a member by membership id", () =>
    Effect.gen(function* () {
      const changed = yield* scripted(changeMemberRole("m 1", "admin"), () => ({
        status: "success",
        data: member("m 1", "bob@lab.test", "admin")
      }))
      expect(changed.asked[0]).toMatchObject({
        method: "PUT",
        path: pathOf(endpoints.members.changeRole.path, { id: "m 1" }),
        body: { role_member: "admin" }
      })
      expect(changed.result.role_member).toBe("admin")
      const removed = yield* scripted(removeMember("m1"), () => ({ status: "success", data: null }))
      expect(removed.asked[0]).toMatchObject({ method: "DELETE", path: pathOf(endpoints.members.remove.path, { id: "m1" }) })
    })
  )

  it.effect("asks for suggestions with the lab and the trimmed text, read at data.data.results", () =>
    Effect.gen(function* () {
      const ada = { id: "u2", email: "ada@lab.test", name: "Ada", username: null, avatar: null, profile: { name: "Ada", avatar: null } }
      const { result, asked } = yield* scripted(suggestUsers("l1", " ad "), () => ({
        status: "success",
        data: { data: { results: [ada] } }
      }))
      expect(asked[0]).toMatchObject({ method: "GET", path: endpoints.members.suggest.path, query: { lab_id: "l1", search: "ad" } })
      expect(result).toEqual([ada])
    })
  )
})

describe("notifications programs", () => {
  it.effect("reads a page of five at data.data, with the unread count", () =>
    Effect.gen(function* () {
      const list = { results: [], meta: { count: 0, current_page: 2, next_page: null }, unread_count: 3 }
      const { result, asked } = yield* scripted(loadNotifications(2), () => ({ status: "success", data: { data: list } }))
      expect(asked[0]).toMatchObject({ method: "GET", path: endpoints.notifications.list.path, query: { page: "2", limit: "5" } })
      expect(result.unread_count).toBe(3)
    })
  )

  const notification = {
    id: "n1",
    type: "invite",
    is_read: true,
    created_at: "2026-11-25T00:00:00.000Z",
    lab: { id: "l1", name: "Slides", is_dir: true },
    sender: { name: "Ada", email: "ada@lab.test", username: null }
  }

  it.effect("marks one read with a PUT and answers it as it now is", () =>
    Effect.gen(function* () {
      const { result, asked } = yield* scripted(markNotificationRead("n1"), () => ({ status: "success", data: notification }))
      expect(asked[0]).toMatchObject({ method: "PUT", path: pathOf(endpoints.notifications.markRead.path, { id: "n1" }) })
      expect(result.is_read).toBe(true)
    })
  )

  it.effect("a refused mark fails with its typed error instead of passing for done", () =>
    Effect.gen(function* () {
      const error = yield* scripted(markNotificationRead("gone"), () =>
        Effect.fail(new NotFound({ message: "Notification not found." }))
      ).pipe(Effect.flip)
      expect(error).toMatchObject({ _tag: "NotFound", message: "Notification not found." })
    })
  )
})
