// Who is calling, as far as the request tells: recorded with sign-ins and used to key rate limits.
export interface ClientInfo {
  readonly ip: string
  readonly userAgent: string
}

/** What events store about the caller. */
export const clientDetail = (client: ClientInfo) => ({ ip: client.ip, user_agent: client.userAgent })
