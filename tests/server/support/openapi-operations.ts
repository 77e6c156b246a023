// The operations of the server's own OpenAPI document (/v2/openapi.json), so tests that must reach
// every endpoint (the fuzz walk, hostile paging and multipart bodies) cover a new one the day it lands.
import type { StartedServer } from "../../support/start-server.ts"

export interface Parameter {
  readonly name: string
  readonly in: "path" | "query" | "header" | "cookie"
  readonly required: boolean
}

export interface Operation {
  readonly method: string
  /** The path template, e.g. "/v2/labs/{id}/". */
  readonly path: string
  readonly parameters: ReadonlyArray<Parameter>
  readonly body: "json" | "form" | "multipart" | undefined
  /** The body's top-level property names. */
  readonly properties: ReadonlyArray<string>
}

interface Document {
  readonly paths: Record<
    string,
    Record<
      string,
      {
        readonly parameters?: ReadonlyArray<{ readonly name: string; readonly in: Parameter["in"]; readonly required?: boolean }>
        readonly requestBody?: { readonly content: Record<string, { readonly schema?: { readonly properties?: Record<string, unknown> } }> }
      }
    >
  >
}

const bodyKind = (type: string | undefined): Operation["body"] =>
  type === undefined ? undefined : type.includes("multipart") ? "multipart" : type.includes("urlencoded") ? "form" : "json"

export const operationsOf = async (server: Pick<StartedServer, "url">): Promise<ReadonlyArray<Operation>> => {
  const document = (await (await fetch(`${server.url}/v2/openapi.json`)).json()) as Document
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {}
      const type = Object.keys(content)[0]
      return {
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: p.required === true })),
        body: bodyKind(type),
        properties: Object.keys((type && content[type]?.schema?.properties) ?? {})
      }
    })
  )
}

/** Fills the path's parameters: `value(name)` for each "{name}". */
export const fillPath = (path: string, value: (name: string) => string): string =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(value(name)))
