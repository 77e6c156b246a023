// The selection checkbox of a list item: labelled for assistive technology ("Select Slides"), drawn
// without a visible label (the item shows its name). Shift-click extends the selection as on the item.
import { visuallyHidden } from "../theme/utilities.css.ts"
import { Checkbox } from "../ui/index.ts"
import type { SelectMode } from "../../machines/labs/selection.ts"

export interface SelectBoxProps {
  readonly label: string
  readonly checked: boolean
  readonly indeterminate?: boolean
  readonly onChange: (mode: SelectMode) => void
}

export const SelectBox = ({ label, checked, indeterminate = false, onChange }: SelectBoxProps) => (
  <Checkbox
    label={<span className={visuallyHidden}>{label}</span>}
    checked={checked}
    ref={(input: HTMLInputElement | null) => {
      if (input) input.indeterminate = indeterminate
    }}
    onChange={(event) => onChange((event.nativeEvent as MouseEvent).shiftKey ? "range" : "toggle")}
    onClick={(event) => event.stopPropagation()}
  />
)
