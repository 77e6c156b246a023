// One lazily loaded component per page module under ./pages. Vite turns each glob entry into its own
// `() => import("./pages/….tsx")` chunk, keyed in the build manifest by its source path, which is how
// the server finds a page's `/script` companion. The route table names the modules; a unit test checks
// that every name it uses exists here.
import { type ComponentType, type LazyExoticComponent, lazy } from "react"

type PageModule = { default: ComponentType }

const loaders = import.meta.glob<PageModule>(["./pages/**/*.tsx", "!./pages/**/*.test.tsx"])

const moduleKey = (page: string) => `./pages/${page}.tsx`

/** Page names ("auth/LoginPage") that have a module. */
export const availablePages = (): string[] => Object.keys(loaders).map((key) => key.slice("./pages/".length, -".tsx".length))

const cache = new Map<string, LazyExoticComponent<ComponentType>>()

/** The lazy component of a page, or undefined if no module has that name. */
export const lazyPage = (page: string): LazyExoticComponent<ComponentType> | undefined => {
  const load = loaders[moduleKey(page)]
  if (!load) return undefined
  let component = cache.get(page)
  if (!component) {
    component = lazy(load)
    cache.set(page, component)
  }
  return component
}
