// Browser entry: global styles, the chunk-failure guard, then the app.
import "./views/theme/index.ts"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./views/App.tsx"
import { reloadForNewChunks } from "./views/chunk-reload.ts"

// Vite reports a failed preload of a lazy chunk here; reloading (at most once a minute) picks up the
// new build. When refused, the error reaches the route's error boundary instead.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadForNewChunks()) event.preventDefault()
})

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>
)
