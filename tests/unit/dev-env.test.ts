// `npm start` and `npm run dev` turn the development outbox on only while mail has nowhere else to go.
import { describe, expect, it } from "vitest"
import { devEnvironment } from "../../scripts/dev-env.ts"

describe("the start scripts' environment", () => {
  it("turns the outbox on without SMTP_URL, so a newcomer can open the activation mail", () => {
    expect(devEnvironment({})).toEqual({ DEV_ROUTES: "1" })
  })

  it("leaves it off with SMTP_URL, and leaves an explicit DEV_ROUTES alone", () => {
    expect(devEnvironment({ SMTP_URL: "smtp://mail.example.com:587" })).toEqual({})
    expect(devEnvironment({ DEV_ROUTES: "0" })).toEqual({})
  })
})
