import { Panel } from "../../components/Panel.tsx";
import { TextField } from "../../components/booking-fields/index.ts";
import { SettingSwitch } from "./Sections.tsx";
import type { SettingsPart } from "./settingsForm.ts";

const PRESET_LABELS = ["First tip (%)", "Second tip (%)", "Third tip (%)"] as const;

/** Tips on card and online payments, with the three percentages offered, and the default deposit of an estimate. */
export function TipsAndDepositsSection({ fields, change }: SettingsPart) {
  const preset = (i: number) => (value: string) =>
    change((f) => {
      const tipPercentPresets = [...f.tipPercentPresets] as typeof f.tipPercentPresets;
      tipPercentPresets[i] = value;
      return { ...f, tipPercentPresets };
    });
  return (
    <Panel id="settings-tips" title="Tips and Deposits">
      <SettingSwitch
        title="Tips"
        hint="Customers may add a tip to a card or online payment. Tips are kept apart from the invoice and shown by technician in Reports."
        on={fields.tipsEnabled}
        onChange={(tipsEnabled) => change((f) => ({ ...f, tipsEnabled }))}
      />
      <div className="adm-settings__grid">
        {PRESET_LABELS.map((label, i) => (
          <TextField
            key={label}
            label={label}
            inputMode="numeric"
            hint={i === 0 ? "Three whole percentages, offered in the payment dialog." : undefined}
            value={fields.tipPercentPresets[i]!}
            onChange={preset(i)}
          />
        ))}
      </div>
      <TextField
        label="Default deposit (%)"
        inputMode="decimal"
        hint="Asked on approval of an estimate option that names no deposit of its own. 0 asks none."
        value={fields.depositDefaultPercent}
        onChange={(depositDefaultPercent) => change((f) => ({ ...f, depositDefaultPercent }))}
      />
    </Panel>
  );
}
