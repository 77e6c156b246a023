// A chat message's or a comment reply's words: links become anchors that open apart, nothing else
// is interpreted (message-text.ts).
import * as css from "./chat.css.ts"
import { messageParts } from "./message-text.ts"

export const MessageText = ({ message, className = css.text }: { readonly message: string; readonly className?: string }) => (
  <p className={className}>
    {messageParts(message).map((part, i) =>
      part.kind === "link" ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
        <a key={i} className={css.link} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
          {part.text}
        </a>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
        <span key={i}>{part.text}</span>
      )
    )}
  </p>
)
