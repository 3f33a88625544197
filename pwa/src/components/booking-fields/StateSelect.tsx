import { US_STATES } from "@contracts/common/states.ts";
import { SelectField, type SelectBaseProps } from "../form/SelectField.tsx";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { fieldMessages } from "./messages.ts";

const OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: name }));

interface StateSelectProps extends SelectBaseProps {
  value: string;
  onChange: (value: string) => void;
}

/** The 50 US states; the value sent is the two-letter code. */
export function StateSelect({ label, ...rest }: StateSelectProps) {
  const { t } = useTranslator();
  return (
    <SelectField
      {...rest}
      label={label ?? t(fieldMessages.state)}
      options={OPTIONS}
      placeholder={t(fieldMessages.pickState)}
    />
  );
}
