// Reading a submitted form: inputs stay uncontrolled and the submit event carries their values.
import type { FormEvent } from "react"

export const formValues = (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault()
  const data = new FormData(event.currentTarget)
  return {
    text: (name: string): string => {
      const value = data.get(name)
      return typeof value === "string" ? value : ""
    },
    checked: (name: string): boolean => data.get(name) !== null
  }
}
