import { afterEach, describe, expect, it, vi } from "vitest"
import { inspection, inspectionFor, startInspection } from "./inspect.ts"

const { createBrowserInspector, observer } = vi.hoisted(() => {
  const observer = { next: () => undefined }
  return { observer, createBrowserInspector: vi.fn(() => ({ inspect: observer })) }
})
vi.mock("@statelyai/inspect", () => ({ createBrowserInspector }))

describe("live inspection", () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    createBrowserInspector.mockClear()
  })

  it("a production build creates no inspector, even asked with ?inspect", async () => {
    vi.stubEnv("DEV", false)
    expect(await startInspection("?inspect")).toStrictEqual({})
    expect(inspection()).toStrictEqual({})
    expect(createBrowserInspector).not.toHaveBeenCalled()
  })

  it("a development build asked with ?inspect gives its actors the browser inspector", async () => {
    vi.stubEnv("DEV", true)
    expect(await startInspection("?lang=en&inspect")).toStrictEqual({ inspect: observer })
    expect(inspection()).toStrictEqual({ inspect: observer })
    expect(createBrowserInspector).toHaveBeenCalledTimes(1)
  })

  it("is created only for a development build asked with ?inspect", async () => {
    const create = vi.fn(async () => observer)
    expect(await inspectionFor(false, "?inspect", create)).toStrictEqual({})
    expect(await inspectionFor(true, "", create)).toStrictEqual({})
    expect(await inspectionFor(true, "?lang=en", create)).toStrictEqual({})
    expect(create).not.toHaveBeenCalled()
    expect(await inspectionFor(true, "?inspect", create)).toStrictEqual({ inspect: observer })
  })
})
