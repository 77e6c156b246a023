// What only a signed-in workspace needs, kept out of the first page a visitor loads: the realtime
// connection, the notifications and the uploads. Loaded by SessionServices (its own chunk).
import type { ReactNode } from "react"
import { NotificationsProvider } from "./notifications/NotificationsProvider.tsx"
import { RealtimeProvider } from "./realtime/RealtimeProvider.tsx"
import { UploadsProvider } from "./uploads/UploadsProvider.tsx"

export default function SignedInServices({ children }: { readonly children: ReactNode }) {
  return (
    <RealtimeProvider>
      <NotificationsProvider>
        <UploadsProvider>{children}</UploadsProvider>
      </NotificationsProvider>
    </RealtimeProvider>
  )
}
