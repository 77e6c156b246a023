// The members and notifications programs against a scripted Api: the paths, queries and bodies they
// send, and what they read out of the answers.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Api, type ApiRequest } from "../../src/effects/Api.ts"
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

/** Runs `program` against an Api answering with `answer`, and returns what was asked. */
const scripted = <A>(program: Effect.Effect<A, unknown, Api>, answer: (request: ApiRequest<unknown>) => unknown) => {
  const asked: Array<ApiRequest<unknown>> = []
  const layer = Api.test((request) => {
    asked.push(request)
    return Effect.succeed(answer(request))
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
      expect(asked[0]).toMatchObject({ method: "GET", path: "/v2/members/", query: { lab_id: "l1", page: 1, limit: 5, search: undefined } })
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
      expect(changed.asked[0]).toMatchObject({ method: "PUT", path: "/v2/members/m%201/", body: { role_member: "admin" } })
      expect(changed.result.role_member).toBe("admin")
      const removed = yield* scripted(removeMember("m1"), () => ({ status: "success", data: null }))
      expect(removed.asked[0]).toMatchObject({ method: "DELETE", path: "/v2/members/m1/" })
    })
  )

  it.effect("asks for suggestions with the lab and the trimmed text, read at data.data.results", () =>
    Effect.gen(function* () {
      const ada = { id: "u2", email: "ada@lab.test", name: "Ada", username: null, avatar: null, profile: { name: "Ada", avatar: null } }
      const { result, asked } = yield* scripted(suggestUsers("l1", " ad "), () => ({
        status: "success",
        data: { data: { results: [ada] } }
      }))
      expect(asked[0]).toMatchObject({ path: "/v2/auth/users/", query: { lab_id: "l1", search: "ad" } })
      expect(result).toEqual([ada])
    })
  )
})

describe("notifications programs", () => {
  it.effect("reads a page of five at data.data, with the unread count", () =>
    Effect.gen(function* () {
      const list = { results: [], meta: { count: 0, current_page: 2, next_page: null }, unread_count: 3 }
      const { result, asked } = yield* scripted(loadNotifications(2), () => ({ status: "success", data: { data: list } }))
      expect(asked[0]).toMatchObject({ method: "GET", path: "/v2/notifications/", query: { page: 2, limit: 5 } })
      expect(result.unread_count).toBe(3)
    })
  )

  it.effect("marks one read with a PUT", () =>
    Effect.gen(function* () {
      const { asked } = yield* scripted(markNotificationRead("n1"), () => ({ status: "success", data: null }))
      expect(asked[0]).toMatchObject({ method: "PUT", path: "/v2/notifications/n1/" })
    })
  )
})
