// Browser entry: global styles, the chunk-failure guard, then the app.
import "./views/theme/index.ts"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { prepareLocale } from "./i18n/index.ts"
import { App } from "./views/App.tsx"
import { reloadForNewChunks } from "./views/chunk-reload.ts"
import { splitLocale } from "./contract/routes.ts"
import { startInspection } from "./machines/support/inspect.ts"

// Vite reports a failed preload of a lazy chunk here; reloading (at most once a minute) picks up the
// new build. When refused, the error reaches the route's error boundary instead.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadForNewChunks()) event.preventDefault()
})

// The page's words arrive before its first render (they load beside the page's own chunk), and so
// does the inspector when a development build is opened with ?inspect (inspect.ts).
void Promise.all([prepareLocale(splitLocale(window.location.pathname).locale), startInspection(window.location.search)]).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>
  )
)
