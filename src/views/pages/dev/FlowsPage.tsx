// /dev/flows: every machine of src/machines, grouped by feature, drawn by Mermaid. A click on a state
// lists its transitions and the generated paths through it; each machine's Stately files download
// from here as `npm run flows` writes them. Mermaid is imported on this page only, so it is a chunk
// of its own that the rest of the app never loads.
import { useEffect, useMemo, useRef, useState } from "react"
import type { AnyStateNode } from "xstate"
import { type Flow, flowsOf } from "../../../flows/catalog.ts"
import { diagramOf, transitionLabel, transitionsOf } from "../../../flows/mermaid.ts"
import { type FlowPath, pathsOf } from "../../../flows/paths.ts"
import { exportFiles } from "../../../flows/stately.ts"

const flows = flowsOf(import.meta.glob<Record<string, unknown>>("../../../machines/**/*.machine.ts", { eager: true }))

const features = [...new Set(flows.map((f) => f.feature))]

const download = (path: string, contents: string) => {
  const url = URL.createObjectURL(new Blob([contents], { type: "text/plain" }))
  const a = document.createElement("a")
  a.href = url
  a.download = path.split("/").pop() ?? path
  a.click()
  URL.revokeObjectURL(url)
}

/** Paths may need the machine's input to start; a machine that cannot start without it has none here. */
const safePaths = (flow: Flow): ReadonlyArray<FlowPath> | string => {
  try {
    return pathsOf(flow.machine)
  } catch (error) {
    return `none here: bare events cannot start this machine (its model test gives payloads and input; ${String(error)})`
  }
}

const stateLabelOf = (node: AnyStateNode) => node.path.join(".") || "(root)"

const FlowView = ({ flow }: { flow: Flow }) => {
  const holder = useRef<HTMLDivElement>(null)
  const diagram = useMemo(() => diagramOf(flow.machine), [flow])
  const [chosen, setChosen] = useState<AnyStateNode | undefined>(undefined)
  // Walked on the first click only: fifty walks at once would hold the page.
  const walked = chosen !== undefined
  const paths = useMemo(() => (walked ? safePaths(flow) : []), [flow, walked])
  const [error, setError] = useState<string | undefined>(undefined)

  useEffect(() => {
    let live = true
    void import("mermaid").then(async ({ default: mermaid }) => {
      mermaid.initialize({
        startOnLoad: false,
        theme: "neutral",
        securityLevel: "strict",
        maxTextSize: 500_000,
        maxEdges: 2000,
        // At its own size, scrolled sideways: shrunk to the page width a large machine is unreadable.
        state: { useMaxWidth: false }
      })
      try {
        const { svg } = await mermaid.render(`flow-${flow.id.replace(/\W/g, "-")}`, diagram.text)
        if (live && holder.current) holder.current.innerHTML = svg
      } catch (e) {
        if (live) setError(String(e))
      }
    })
    return () => {
      live = false
    }
  }, [flow, diagram])

  const onClick = (event: React.MouseEvent) => {
    const id = (event.target as Element).closest("g[id*='S']")?.id.match(/S\d+X/)?.[0]
    const node = id ? diagram.nodes.get(id) : undefined
    if (node) setChosen(node)
  }

  const through =
    chosen === undefined || typeof paths === "string"
      ? []
      : paths.filter((p) =>
          p.steps.some((s) =>
            `${s.given} + ${s.after}`.split(" + ").some((v) => v === stateLabelOf(chosen) || v.startsWith(`${stateLabelOf(chosen)}.`))
          )
        )

  return (
    <section data-flow={flow.id} style={{ marginBottom: 48 }}>
      <h3 style={{ fontSize: 18, margin: "16px 0 4px" }}>
        {flow.name} <small style={{ color: "#6b7280", fontWeight: 400 }}>src/machines/{flow.file}</small>
      </h3>
      <p style={{ margin: "0 0 8px" }}>
        {exportFiles([flow])
          .filter((f) => f.path !== "index.json")
          .map((f) => (
            <button key={f.path} type="button" onClick={() => download(f.path, f.contents)} style={{ marginRight: 8 }}>
              Download {f.path.split("/").pop()}
            </button>
          ))}
      </p>
      {error ? <p role="alert">Diagram failed: {error}</p> : null}
      <div ref={holder} data-diagram={flow.id} onClick={onClick} style={{ overflowX: "auto", cursor: "pointer" }} />
      <details>
        <summary>States</summary>
        {[...diagram.nodes.values()].map((node) => (
          <button key={node.id} type="button" onClick={() => setChosen(node)} style={{ margin: 2 }}>
            {stateLabelOf(node)}
          </button>
        ))}
      </details>
      {chosen ? (
        <div data-chosen-state={stateLabelOf(chosen)} style={{ background: "#f9fafb", padding: 12, borderRadius: 8 }}>
          <h4 style={{ margin: 0 }}>State {stateLabelOf(chosen)}</h4>
          <ul data-transitions>
            {transitionsOf(chosen).map((t, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: transitions have no id and never reorder
              <li key={n}>
                {transitionLabel(t)} → {(t.target ?? []).map(stateLabelOf).join(", ") || "(stays)"}
              </li>
            ))}
            {transitionsOf(chosen).length === 0 ? <li>No transitions of its own</li> : null}
          </ul>
          <h4 style={{ margin: 0 }}>Generated paths through it: {typeof paths === "string" ? paths : through.length}</h4>
          {through.slice(0, 20).map((p, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paths are a fixed list
            <ol key={n} style={{ fontSize: 13 }}>
              {p.steps.map((s, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed list
                <li key={k}>
                  Given {s.given}, when {s.when}, then {s.after}
                </li>
              ))}
            </ol>
          ))}
        </div>
      ) : null}
    </section>
  )
}

export default function FlowsPage() {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", padding: 24, maxWidth: 1400, margin: "0 auto" }}>
      <h1 style={{ fontSize: 24 }}>Flows ({flows.length} machines)</h1>
      <p>Every state machine of src/machines. Click a state for its transitions and test paths.</p>
      <nav>
        {features.map((feature) => (
          <a key={feature} href={`#feature-${feature}`} style={{ marginRight: 12 }}>
            {feature}
          </a>
        ))}
      </nav>
      {features.map((feature) => (
        <section key={feature} id={`feature-${feature}`}>
          <h2 style={{ borderBottom: "1px solid #e5e7eb", marginTop: 32 }}>{feature}</h2>
          {flows
            .filter((f) => f.feature === feature)
            .map((flow) => (
              <FlowView key={flow.id} flow={flow} />
            ))}
        </section>
      ))}
    </main>
  )
}
