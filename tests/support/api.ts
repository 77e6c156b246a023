// A small fetch client for tests, and shortcuts that create accounts the way a user would: register,
// open the activation link from the outbox, sign in. Answers are plain { status, body, headers } so
// a test asserts on exactly what goes over the wire.
import type { StartedServer } from "./start-server.ts"

/** What the account helpers need of a server: in-process (startServer) or a child process. */
export type Reachable = Pick<StartedServer, "url" | "latestMail">

export interface Reply {
  readonly status: number
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies
  readonly body: any
  readonly headers: Headers
}

export interface RequestOptions {
  readonly token?: string
  readonly headers?: Record<string, string>
}

export interface Api {
  readonly get: (path: string, options?: RequestOptions) => Promise<Reply>
  readonly post: (path: string, body?: unknown, options?: RequestOptions) => Promise<Reply>
  readonly put: (path: string, body?: unknown, options?: RequestOptions) => Promise<Reply>
  readonly patch: (path: string, body?: unknown, options?: RequestOptions) => Promise<Reply>
  readonly delete: (path: string, options?: RequestOptions) => Promise<Reply>
  /** multipart/form-data, e.g. the profile edit with an avatar file. */
  readonly putForm: (path: string, form: FormData, options?: RequestOptions) => Promise<Reply>
}

const parse = async (response: Response): Promise<Reply> => {
  const text = await response.text()
  let body: unknown = text
  try {
    body = text === "" ? null : JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers }
}

export const api = (server: Pick<StartedServer, "url">): Api => {
  const call = async (
    method: string,
    path: string,
    body: BodyInit | undefined,
    contentType: string | undefined,
    options: RequestOptions = {}
  ) =>
    parse(
      await fetch(`${server.url}${path}`, {
        method,
        body,
        redirect: "manual",
        headers: {
          accept: "application/json",
          ...(contentType ? { "content-type": contentType } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers
        }
      })
    )
  return {
    get: (path, options) => call("GET", path, undefined, undefined, options),
    post: (path, body, options) => call("POST", path, body === undefined ? undefined : JSON.stringify(body), "application/json", options),
    put: (path, body, options) => call("PUT", path, body === undefined ? undefined : JSON.stringify(body), "application/json", options),
    patch: (path, body, options) => call("PATCH", path, body === undefined ? undefined : JSON.stringify(body), "application/json", options),
    putForm: (path, form, options) => call("PUT", path, form, undefined, options),
    delete: (path, options) => call("DELETE", path, undefined, undefined, options)
  }
}

export const PASSWORD = "Slides4all!"

let counter = 0
/** A unique address per call, so tests sharing one server never collide. */
export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

export interface Account {
  readonly id: string
  readonly email: string
  readonly password: string
  readonly name: string
}

export interface SignedIn extends Account {
  readonly access: string
  readonly refresh: string
}

/** What an account is created with; `locale` is the language its mails speak (English unless told). */
export type NewAccount = Partial<Omit<Account, "id">> & { readonly locale?: "en" | "id" }

/** Registers and activates an account through its mailed link. */
export const createAccount = async (
  server: Reachable,
  { email = uniqueEmail(), password = PASSWORD, name = "Ada Lovelace", locale }: NewAccount = {}
): Promise<Account> => {
  const client = api(server)
  const registered = await client.post("/v2/auth/register/", {
    name,
    email,
    password,
    password_confirm: password,
    eula: true,
    ...(locale ? { locale } : {})
  })
  if (registered.status !== 201) throw new Error(`register ${email}: ${registered.status} ${JSON.stringify(registered.body)}`)
  const mail = await server.latestMail(email)
  const link = mail.links.find((l) => l.includes("/v2/auth/activate/"))
  if (!link) throw new Error(`no activation link in the mail to ${email}`)
  const activated = await fetch(link, { redirect: "manual" })
  if (!activated.headers.get("location")?.endsWith("/verify")) throw new Error(`activation of ${email} failed`)
  const id = decodeURIComponent(new URL(link).pathname.split("/")[4] ?? "")
  return { id, email: email.toLowerCase(), password, name }
}

export const signIn = async (server: Reachable, account: Account, extra: Record<string, string> = {}): Promise<SignedIn> => {
  const reply = await api(server).post("/v2/auth/login/", { email: account.email, password: account.password, ...extra })
  if (reply.status !== 200 || !reply.body.data.access_token)
    throw new Error(`login ${account.email}: ${reply.status} ${JSON.stringify(reply.body)}`)
  return { ...account, access: reply.body.data.access_token, refresh: reply.body.data.refresh_token }
}

/** createAccount then signIn. */
export const createSignedIn = async (server: Reachable, fields: NewAccount = {}): Promise<SignedIn> =>
  signIn(server, await createAccount(server, fields))
