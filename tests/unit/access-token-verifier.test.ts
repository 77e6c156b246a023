// The remembering token verifier answers exactly as verifyAccessToken does: good tokens until their
// own expiry, never a forged or altered one, and it forgets the oldest when full.
import { describe, expect, it } from "vitest"
import { makeAccessTokenVerifier, signAccessToken, verifyAccessToken } from "../../server/domain/tokens.ts"

const SECRET = "s".repeat(48)
const user = { id: "u-1", email: "ada@example.com", name: "Ada" }
const at = 1_800_000_000_000

describe("access token verifier", () => {
  it("accepts a good token, again from memory, and refuses it from its expiry on", () => {
    const verify = makeAccessTokenVerifier(SECRET)
    const token = signAccessToken(SECRET, user, 900, at)
    expect(verify(token, at)).toMatchObject({ sub: "u-1", email: "ada@example.com" })
    expect(verify(token, at + 899_999)).toMatchObject({ sub: "u-1" })
    expect(verify(token, at + 900_000)).toBeUndefined()
    // Forgotten once expired: a later call still refuses it.
    expect(verify(token, at + 900_001)).toBeUndefined()
  })

  it("refuses a token signed with another secret or altered, even beside a remembered good one", () => {
    const verify = makeAccessTokenVerifier(SECRET)
    const good = signAccessToken(SECRET, user, 900, at)
    expect(verify(good, at)).toBeDefined()
    const forged = signAccessToken("another secret entirely", user, 900, at)
    expect(verify(forged, at)).toBeUndefined()
    const [header, , signature] = good.split(".")
    const body = Buffer.from(
      JSON.stringify({ sub: "u-2", email: "eve@example.com", name: "Eve", iat: at / 1000, exp: at / 1000 + 900 })
    ).toString("base64url")
    expect(verify(`${header}.${body}.${signature}`, at)).toBeUndefined()
    expect(verify("not-a-token", at)).toBeUndefined()
  })

  it("agrees with verifyAccessToken and stays bounded when full", () => {
    const verify = makeAccessTokenVerifier(SECRET, 2)
    const tokens = ["a", "b", "c"].map((id) => signAccessToken(SECRET, { ...user, id }, 900, at))
    for (const token of tokens) expect(verify(token, at)).toEqual(verifyAccessToken(SECRET, token, at))
    // The first was forgotten to make room; it is checked again, with the same answer.
    for (const token of tokens) expect(verify(token, at)?.sub).toBe(verifyAccessToken(SECRET, token, at)?.sub)
  })
})
