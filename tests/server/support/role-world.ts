// The cast most permission tests start from: a server, a folder's owner, an admin and a reviewer it
// is shared with, and a stranger to it. `name` prefixes the people's names ("Chat Owner") and the
// folder's ("Chat cases"), so a failing test's rows say which file made them.
import type { SignedIn } from "../../support/api.ts"
import { type StartedServer, startServer } from "../../support/start-server.ts"
import { client, createFolder, person, share } from "./labs-api.ts"

export interface RoleWorld {
  readonly server: StartedServer
  readonly c: ReturnType<typeof client>
  readonly owner: SignedIn
  readonly admin: SignedIn
  readonly reviewer: SignedIn
  readonly stranger: SignedIn
  /** The shared folder's id. */
  readonly folder: string
}

export const roleWorld = async (name = ""): Promise<RoleWorld> => {
  const prefix = name === "" ? "" : `${name} `
  const server = await startServer()
  const owner = await person(server, `${prefix}Owner`)
  const admin = await person(server, `${prefix}Admin`)
  const reviewer = await person(server, `${prefix}Reviewer`)
  const stranger = await person(server, `${prefix}Stranger`)
  const folder = (await createFolder(server, owner, name === "" ? "Cases" : `${name} cases`)).id
  await share(server, owner, folder, admin, "admin")
  await share(server, owner, folder, reviewer, "reviewer")
  return { server, c: client(server), owner, admin, reviewer, stranger, folder }
}
