// The application root: providers from the outside in (words, notices, the loading bar, the
// session, its realtime connection, notifications and uploads), then the router.
import { I18nProvider } from "../i18n/index.ts"
import { NotificationsProvider } from "./notifications/NotificationsProvider.tsx"
import { ProgressProvider } from "./progress/ProgressProvider.tsx"
import { RealtimeProvider } from "./realtime/RealtimeProvider.tsx"
import { Routes } from "./routes.tsx"
import { SessionProvider } from "./session.tsx"
import { ToastProvider } from "./ui/index.ts"
import { UploadsProvider } from "./uploads/UploadsProvider.tsx"

export const App = () => (
  <I18nProvider>
    <ToastProvider>
      <ProgressProvider>
        <SessionProvider>
          <RealtimeProvider>
            <NotificationsProvider>
              <UploadsProvider>
                <Routes />
              </UploadsProvider>
            </NotificationsProvider>
          </RealtimeProvider>
        </SessionProvider>
      </ProgressProvider>
    </ToastProvider>
  </I18nProvider>
)
