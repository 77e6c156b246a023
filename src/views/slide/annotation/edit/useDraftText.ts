// A text field over a saved value: typed freely, saved once when the user leaves it (or presses the
// field's own key to save), Escape puts the saved value back. While the user is not in the field it
// follows the saved value, so a change heard from another screen shows at once.
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from "react"

type Field = HTMLInputElement | HTMLTextAreaElement

export const useDraftText = (saved: string, save: (text: string) => void, saveKey: (event: KeyboardEvent<Field>) => boolean) => {
  const [text, setText] = useState(saved)
  const typed = useRef(saved)
  const editing = useRef(false)
  useEffect(() => {
    if (editing.current) return
    typed.current = saved
    setText(saved)
  }, [saved])
  return {
    value: text,
    onFocus: () => {
      editing.current = true
    },
    onChange: (event: ChangeEvent<Field>) => {
      typed.current = event.target.value
      setText(event.target.value)
    },
    onBlur: () => {
      editing.current = false
      if (typed.current.trim() !== saved.trim()) save(typed.current.trim())
    },
    onKeyDown: (event: KeyboardEvent<Field>) => {
      if (event.key === "Escape") {
        typed.current = saved
        setText(saved)
        event.currentTarget.blur()
        event.preventDefault()
      } else if (saveKey(event)) {
        event.currentTarget.blur()
        event.preventDefault()
      }
    }
  }
}
