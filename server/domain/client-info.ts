// Who is calling, as far as the request tells: recorded with sign-ins and used to key rate limits.
export interface ClientInfo {
  readonly ip: string
  /** The address as rate limits count it (server/domain/rate-limit-address.ts): an IPv6 /64 is one. */
  readonly limitKey: string
  readonly userAgent: string
  /** The language the caller's browser chose (the `lang` cookie), when it chose one. */
  readonly locale?: "en" | "id" | undefined
}

/** What events store about the caller. */
export const clientDetail = (client: ClientInfo) => ({ ip: client.ip, user_agent: client.userAgent })
