import { Panel } from "../../components/Panel.tsx";
import { TextField } from "../../components/booking-fields/index.ts";
import type { SettingsFields, SettingsPart } from "./settingsForm.ts";

/** How long each service's job takes: the dispatch board sizes its cards and checks overlaps with these. */
export function JobDurationsSection({ fields, change }: SettingsPart) {
  const set = (serviceId: string, next: Partial<SettingsFields["serviceWork"][number]>) =>
    change((f) => ({
      ...f,
      serviceWork: f.serviceWork.map((w) => (w.serviceId === serviceId ? { ...w, ...next } : w)),
    }));
  return (
    <Panel id="settings-durations" title="Job durations">
      <p className="adm-settings__note">
        Minutes for the first unit, and for each further unit. A booking of three units takes the first figure plus
        twice the second.
      </p>
      <div className="adm-settings__grid">
        {fields.serviceWork.map((w) => (
          <fieldset key={w.serviceId} className="adm-settings__duration">
            <legend>{w.name}</legend>
            <TextField
              label={`${w.name}: first unit (minutes)`}
              inputMode="numeric"
              value={w.first}
              onChange={(first) => set(w.serviceId, { first })}
            />
            <TextField
              label={`${w.name}: each further unit (minutes)`}
              inputMode="numeric"
              value={w.extra}
              onChange={(extra) => set(w.serviceId, { extra })}
            />
          </fieldset>
        ))}
      </div>
    </Panel>
  );
}

/** The drive between two jobs: straight line × road factor at the average speed, never below the shortest drive. */
export function TravelSection({ fields, change }: SettingsPart) {
  const set = (next: Partial<SettingsFields["travel"]>) => change((f) => ({ ...f, travel: { ...f.travel, ...next } }));
  return (
    <Panel id="settings-travel" title="Travel between jobs">
      <p className="adm-settings__note">
        The drive is the straight line between two ZIP codes times the road factor, at the average speed, rounded up to
        5 minutes and never shorter than the shortest drive between two addresses.
      </p>
      <div className="adm-settings__grid adm-settings__grid--three">
        <TextField
          label="Road factor"
          inputMode="decimal"
          hint="1.3: roads are 30% longer than the straight line."
          value={fields.travel.roadFactor}
          onChange={(roadFactor) => set({ roadFactor })}
        />
        <TextField
          label="Average speed (mph)"
          inputMode="decimal"
          value={fields.travel.mph}
          onChange={(mph) => set({ mph })}
        />
        <TextField
          label="Shortest drive (minutes)"
          inputMode="numeric"
          value={fields.travel.minMinutes}
          onChange={(minMinutes) => set({ minMinutes })}
        />
      </div>
    </Panel>
  );
}
