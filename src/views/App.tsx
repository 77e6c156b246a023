// The application root: providers from the outside in (words, notices, the loading bar, the
// session), then the router, which adds the signed-in services (realtime, notifications, uploads)
// where they are needed (SessionServices.tsx).
import { I18nProvider } from "../i18n/index.ts"
import { ProgressProvider } from "./progress/ProgressProvider.tsx"
import { Routes } from "./routes.tsx"
import { SessionProvider } from "./session.tsx"
import { ToastProvider } from "./ui/index.ts"
import { TruncationTip } from "./ui/TruncationTip.tsx"

export const App = () => (
  <I18nProvider>
    <ToastProvider>
      <ProgressProvider>
        <SessionProvider>
          <Routes />
          <TruncationTip />
        </SessionProvider>
      </ProgressProvider>
    </ToastProvider>
  </I18nProvider>
)
