// Further pages load as the end of the list scrolls into view; the button does the same for keyboard
// users and when the observer is not available, and says when the next page failed.
import { useEffect, useRef } from "react"
import { useNoticeText } from "../account/useNoticeText.ts"
import type { Failure } from "../../effects/labs/failures.ts"
import { useT } from "../../i18n/index.ts"
import { Button, Spinner } from "../ui/index.ts"
import * as css from "./labs.css.ts"

export interface LoadMoreProps {
  readonly hasMore: boolean
  readonly loading: boolean
  readonly failure: Failure | null
  readonly onMore: () => void
}

export const LoadMore = ({ hasMore, loading, failure, onMore }: LoadMoreProps) => {
  const t = useT()
  const { text } = useNoticeText()
  const sentinel = useRef<HTMLDivElement>(null)
  const more = useRef(onMore)
  more.current = onMore
  // After a failure the user asks again; scrolling would otherwise retry in a loop.
  const automatic = hasMore && failure === null

  useEffect(() => {
    const target = sentinel.current
    if (!automatic || target === null || typeof IntersectionObserver === "undefined") return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more.current()
      },
      { rootMargin: "400px 0px" }
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [automatic])

  if (!hasMore) return null
  return (
    <div className={css.more}>
      <div ref={sentinel} className={css.sentinel} />
      {failure !== null && <span role="alert">{text(failure.detail) ?? t("labs.list.moreFailed")}</span>}
      {loading ? (
        <span className={css.loadingMore}>
          <Spinner size={16} label={t("labs.list.loadingMore")} />
          <span aria-hidden="true">{t("labs.list.loadingMore")}</span>
        </span>
      ) : (
        <Button variant="secondary" size="sm" onClick={onMore}>
          {failure === null ? t("labs.actions.loadMore") : t("common.retry")}
        </Button>
      )}
    </div>
  )
}
