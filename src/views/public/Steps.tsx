// A numbered row of four steps (landing "How it works"), or a column of them (request-scan's "How the
// service works", beside the form).
import * as css from "./marketing.css.ts"

const layout = { 1: `${css.steps} ${css.oneColumn}`, 2: `${css.steps} ${css.twoColumns}`, 4: css.steps }

export const Steps = ({ items, columns = 4 }: { items: ReadonlyArray<{ title: string; body: string }>; columns?: 1 | 2 | 4 }) => (
  <ol className={layout[columns]}>
    {items.map((item, i) => (
      <li key={item.title} className={css.step}>
        <span className={css.stepNumber}>{String(i + 1).padStart(2, "0")}</span>
        <h3 className={css.stepTitle}>{item.title}</h3>
        <p className={css.stepBody}>{item.body}</p>
      </li>
    ))}
  </ol>
)
