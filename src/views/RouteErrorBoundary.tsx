// Catches a page that failed to render or load. A failed chunk download (a new deploy) reloads the
// page at most once per minute (chunk-reload.ts); anything else shows an error with ways out.
import { Component, type ErrorInfo, type ReactNode } from "react"
import { useLocale, useT } from "../i18n/index.ts"
import { isChunkLoadError, reloadForNewChunks } from "./chunk-reload.ts"
import { useProgress } from "./progress/ProgressProvider.tsx"
import { AlertTriangleIcon, Button, EmptyState, LinkButton, RefreshIcon } from "./ui/index.ts"
import { links } from "../contract/routes.ts"

interface Props {
  children: ReactNode
  onError: (error: unknown) => void
}

interface State {
  error: unknown
  reloading: boolean
}

class Boundary extends Component<Props, State> {
  override state: State = { error: null, reloading: false }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(error)
    if (isChunkLoadError(error) && reloadForNewChunks()) {
      this.setState({ reloading: true })
      return
    }
    console.error("Page failed", error, info.componentStack)
  }

  override render() {
    if (this.state.error === null) return this.props.children
    if (this.state.reloading) return null
    return <RouteError chunk={isChunkLoadError(this.state.error)} onRetry={() => this.setState({ error: null })} />
  }
}

const RouteError = ({ chunk, onRetry }: { chunk: boolean; onRetry: () => void }) => {
  const t = useT()
  const { localePath } = useLocale()
  return (
    <div style={{ padding: "48px 16px" }}>
      <EmptyState
        icon={<AlertTriangleIcon size={24} />}
        title={chunk ? t("shell.error.chunkTitle") : t("shell.error.title")}
        description={chunk ? t("shell.error.chunkBody") : t("shell.error.body")}
        actions={
          <>
            <Button iconStart={<RefreshIcon size={16} />} onClick={chunk ? () => window.location.reload() : onRetry}>
              {chunk ? t("common.reload") : t("common.retry")}
            </Button>
            <LinkButton href={localePath(links.labs())} variant="secondary">
              {t("common.goToDashboard")}
            </LinkButton>
          </>
        }
      />
    </div>
  )
}

/** Resets on navigation when given `key={path}` by the router. */
export const RouteErrorBoundary = ({ children }: { children: ReactNode }) => {
  const progress = useProgress()
  return <Boundary onError={progress.fail}>{children}</Boundary>
}
