// A numbered row of four steps (landing "How it works", request-scan "How the service works").
import * as css from "./marketing.css.ts"

export const Steps = ({ items, columns = 4 }: { items: ReadonlyArray<{ title: string; body: string }>; columns?: 2 | 4 }) => (
  <ol className={columns === 2 ? `${css.steps} ${css.twoColumns}` : css.steps}>
    {items.map((item, i) => (
      <li key={item.title} className={css.step}>
        <span className={css.stepNumber}>{String(i + 1).padStart(2, "0")}</span>
        <h3 className={css.stepTitle}>{item.title}</h3>
        <p className={css.stepBody}>{item.body}</p>
      </li>
    ))}
  </ol>
)
