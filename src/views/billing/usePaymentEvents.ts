// Staff decided on one of the user's invoices (the `payment_{user}` event on their notification
// channel): `onPayment` runs, and the storage meter looks again, since an accepted payment changes
// the quota at once. Also run when the channel resumes, as a decision may have been missed.
import { notificationChannel } from "../../contract/realtime.ts"
import { useChannel } from "../realtime/useChannel.ts"
import { useSession } from "../session.tsx"
import { useStorageRefresh } from "../shell/StorageContext.tsx"

export const usePaymentEvents = (onPayment: () => void): void => {
  const { user } = useSession()
  const refreshStorage = useStorageRefresh()
  const heard = () => {
    onPayment()
    refreshStorage()
  }
  useChannel(
    user === null ? null : notificationChannel(user.id),
    ["payment"],
    (message) => {
      if (message.id === user?.id) heard()
    },
    heard
  )
}
