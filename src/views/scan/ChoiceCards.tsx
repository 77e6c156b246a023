// A question answered by one of a few choices, each a card with a line of help: a fieldset of
// native radios (arrow keys move between them), its legend the question, its error tied to each radio.
import { type ReactNode, useId } from "react"
import * as field from "../ui/Field.css.ts"
import { FieldError } from "../ui/index.ts"
import * as css from "./scan.css.ts"

export interface Choice<V extends string> {
  readonly value: V
  readonly title: ReactNode
  readonly hint: ReactNode
}

export interface ChoiceCardsProps<V extends string> {
  readonly legend: ReactNode
  readonly name: string
  readonly choices: ReadonlyArray<Choice<V>>
  readonly value: V | ""
  readonly onChange: (value: V) => void
  readonly error?: ReactNode
}

export const ChoiceCards = <V extends string>({ legend, name, choices, value, onChange, error }: ChoiceCardsProps<V>) => {
  const errorId = `${useId()}-error`
  return (
    <fieldset className={css.choices}>
      <legend className={field.label} style={{ marginBottom: 6 }}>
        {legend}
      </legend>
      <div className={css.choiceList}>
        {choices.map((choice) => (
          <label key={choice.value} className={css.choice}>
            <input
              type="radio"
              className={css.choiceInput}
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <span className={css.choiceText}>
              <span className={css.choiceTitle}>{choice.title}</span>
              <span className={css.choiceHint}>{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  )
}
