import { US_STATES } from "@contracts/common/states.ts";
import { SelectField, type SelectBaseProps } from "../form/SelectField.tsx";

const OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: name }));

interface StateSelectProps extends SelectBaseProps {
  value: string;
  onChange: (value: string) => void;
}

/** The 50 US states; the value sent is the two-letter code. */
export function StateSelect({ label = "State", ...rest }: StateSelectProps) {
  return <SelectField {...rest} label={label} options={OPTIONS} placeholder="Select a state" />;
}
