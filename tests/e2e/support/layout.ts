// Layout checks for the end-to-end tests: no sideways scrolling, and nothing on top of a control a
// person is about to use (the floating contact button, a notice, the upload panel).
import type { Locator, Page } from "playwright-core"
import { expect } from "vitest"

/** The page does not scroll sideways: its content fits the window's width. */
export const expectNoSideScroll = async (page: Page, name: string): Promise<void> => {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth])
  expect(scrollWidth, `${name} scrolls sideways at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth)
}

/**
 * Nothing covers the control: after scrolling it into view, the topmost element at its centre and at
 * four points towards its edges (inside the rounded corners) is the control itself or inside it.
 */
export const expectUncovered = async (control: Locator, name: string): Promise<void> => {
  await control.scrollIntoViewIfNeeded()
  const covering = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2]
    const points = [
      [x, y],
      [rect.left + rect.width * 0.15, y],
      [rect.right - rect.width * 0.15, y],
      [x, rect.top + rect.height * 0.2],
      [x, rect.bottom - rect.height * 0.2]
    ] as const
    for (const [x, y] of points) {
      const top = document.elementFromPoint(x, y)
      if (top !== null && top !== element && !element.contains(top)) return top.outerHTML.slice(0, 160)
    }
    return null
  })
  expect(covering, `${name} is covered`).toBeNull()
}

/** Whether two boxes on screen overlap. */
export const overlaps = async (a: Locator, b: Locator): Promise<boolean> => {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()]
  if (first === null || second === null) return false
  return (
    first.x < second.x + second.width &&
    second.x < first.x + first.width &&
    first.y < second.y + second.height &&
    second.y < first.y + first.height
  )
}

/** Every tooltip bubble on screen lies inside the window, none cut off at an edge. */
export const expectTooltipsInside = async (page: Page, name: string): Promise<void> => {
  const outside = await page.locator("[role=tooltip]").evaluateAll((bubbles) =>
    bubbles
      .map((bubble) => ({ text: bubble.textContent ?? "", rect: bubble.getBoundingClientRect() }))
      .filter(
        ({ rect }) =>
          rect.width > 0 && (rect.left < 0 || rect.right > window.innerWidth || rect.top < 0 || rect.bottom > window.innerHeight)
      )
      .map(
        ({ text, rect }) =>
          `"${text}" at ${Math.round(rect.left)}..${Math.round(rect.right)} x ${Math.round(rect.top)}..${Math.round(rect.bottom)}`
      )
  )
  expect(outside, `${name}: tooltips cut off by the window`).toEqual([])
}
