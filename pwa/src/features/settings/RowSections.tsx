import type { ReactNode } from "react";
import { Panel } from "../../components/Panel.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { addRow, changeRow, type SettingsFields, type SettingsPart } from "./settingsForm.ts";

type RowList = "closedDates" | "discountTiers";
type RowOf<K extends RowList> = SettingsFields[K][number];

interface RowsPanelProps<K extends RowList> extends SettingsPart {
  list: K;
  id: string;
  title: string;
  addLabel: string;
  note?: string;
  empty: string;
  /** What a row's legend and Remove button call it ("closed period 2"). */
  rowName: (index: number) => string;
  className: string;
  /** A row's fields; `set` changes them. */
  row: (row: RowOf<K>, set: (next: Partial<RowOf<K>>) => void) => ReactNode;
}

/** A panel of rows the owner adds and removes one by one, each a fieldset with its Remove button. */
function RowsPanel<K extends RowList>({ fields, change, list, rowName, row, ...text }: RowsPanelProps<K>) {
  const rows: RowOf<K>[] = fields[list];
  return (
    <Panel
      id={text.id}
      title={text.title}
      actions={
        <button type="button" className="btn btn-outline adm-btn-small" onClick={() => change((f) => addRow(f, list))}>
          {text.addLabel}
        </button>
      }
    >
      {text.note && <p className="adm-settings__note">{text.note}</p>}
      {rows.length === 0 && <p className="adm-empty">{text.empty}</p>}
      {rows.map((current, i) => {
        const set = (next: Partial<RowOf<K>> | null) => change((f) => changeRow(f, list, current.key, next));
        return (
          <fieldset key={current.key} className={text.className}>
            <legend className="visually-hidden">{rowName(i)}</legend>
            {row(current, set)}
            <button
              type="button"
              className="btn adm-btn-danger adm-btn-small adm-settings__remove"
              onClick={() => set(null)}
            >
              Remove<span className="visually-hidden"> {rowName(i).toLowerCase()}</span>
            </button>
          </fieldset>
        );
      })}
    </Panel>
  );
}

export function ClosedDatesSection(part: SettingsPart) {
  return (
    <RowsPanel
      {...part}
      list="closedDates"
      id="settings-closed"
      title="Closed Dates"
      addLabel="Add Closed Date"
      empty="No closed dates: every open day can be booked."
      rowName={(i) => `Closed period ${i + 1}`}
      className="adm-settings__row"
      row={(period, set) => (
        <>
          <TextField label="From" type="date" value={period.from} onChange={(from) => set({ from })} />
          <TextField
            label="To"
            type="date"
            hint="Leave empty for one day."
            value={period.to}
            onChange={(to) => set({ to })}
          />
          <TextField
            label="Reason shown to customers"
            placeholder="Thanksgiving"
            value={period.reason}
            onChange={(reason) => set({ reason })}
          />
        </>
      )}
    />
  );
}

export function DiscountsSection(part: SettingsPart) {
  return (
    <RowsPanel
      {...part}
      list="discountTiers"
      id="settings-discounts"
      title="Quantity Discounts"
      addLabel="Add Discount"
      note="Each service's price per unit is set in its form (Services tab). The largest discount reached applies."
      empty="No quantity discounts."
      rowName={(i) => `Discount ${i + 1}`}
      className="adm-settings__row adm-settings__row--two"
      row={(tier, set) => (
        <>
          <TextField
            label="From units"
            inputMode="numeric"
            value={tier.minUnits}
            onChange={(minUnits) => set({ minUnits })}
          />
          <TextField
            label="Percent off"
            inputMode="decimal"
            value={tier.percent}
            onChange={(percent) => set({ percent })}
          />
        </>
      )}
    />
  );
}
