import { WEEKDAYS } from "@contracts/schedule/rules.ts";
import type { SettingsProfile } from "@contracts/settings/settings.ts";
import { Panel } from "../../components/Panel.tsx";
import { SelectField, StateSelect, TextField } from "../../components/booking-fields/index.ts";
import { DAY_NAMES, HOUR_OPTIONS, type SettingsPart } from "./settingsForm.ts";

const PROFILE_INPUTS: { key: keyof SettingsProfile; label: string; type?: "email" | "tel"; hint?: string }[] = [
  { key: "name", label: "Business Name" },
  { key: "shortName", label: "Short Name", hint: "Shown in the top bar and on the installed app's icon." },
  { key: "phone", label: "Phone", type: "tel" },
  { key: "email", label: "E-mail", type: "email" },
  { key: "street", label: "Street" },
  { key: "city", label: "City" },
];

/** Where the business works, in each language the pages speak. */
const AREA_INPUTS = [
  {
    key: "serviceArea",
    label: "Service Area",
    hint: 'Read after "in" or "across" on the pages, for example "the Charlotte area".',
  },
  {
    key: "serviceAreaEs",
    label: "Service Area (Spanish)",
    hint: 'Read after "en" on the Spanish pages, for example "el área de Charlotte".',
  },
] as const;

/** The reminder e-mails the owner can turn off. */
const REMINDER_SWITCHES = [
  {
    kind: "visit",
    title: "Visit reminder",
    hint: "The day before each visit: date, time, address and the manage link.",
  },
  {
    kind: "rebook",
    title: "Yearly rebook reminder",
    hint: "A year after a completed visit, with a link to book again. Customers can unsubscribe with one click.",
  },
] as const;

export function ProfileSection({ fields, change }: SettingsPart) {
  const setProfile = (next: Partial<SettingsPart["fields"]["profile"]>) =>
    change((f) => ({ ...f, profile: { ...f.profile, ...next } }));
  return (
    <Panel id="settings-profile" title="Business Profile">
      <div className="adm-settings__grid">
        {PROFILE_INPUTS.map(({ key, label, type, hint }) => (
          <TextField
            key={key}
            label={label}
            type={type}
            hint={hint}
            value={fields.profile[key]}
            onChange={(value) => setProfile({ [key]: value })}
          />
        ))}
        <StateSelect value={fields.profile.state} onChange={(state) => setProfile({ state })} />
        <TextField label="ZIP" inputMode="numeric" value={fields.profile.zip} onChange={(zip) => setProfile({ zip })} />
        {AREA_INPUTS.map(({ key, label, hint }) => (
          <TextField
            key={key}
            className="adm-settings__wide"
            label={label}
            hint={hint}
            value={fields.profile[key]}
            onChange={(value) => setProfile({ [key]: value })}
          />
        ))}
      </div>
    </Panel>
  );
}

export function HoursSection({ fields, change }: SettingsPart) {
  return (
    <Panel id="settings-hours" title="Opening Hours">
      <p className="adm-settings__note">The last appointment of a day starts at its closing time.</p>
      <div className="adm-settings__hours">
        {WEEKDAYS.map((day) => {
          const hours = fields.hours[day];
          const set = (next: Partial<typeof hours>) =>
            change((f) => ({ ...f, hours: { ...f.hours, [day]: { ...f.hours[day], ...next } } }));
          return (
            <fieldset key={day} className="adm-settings__day">
              <legend className="visually-hidden">{DAY_NAMES[day]}</legend>
              <label className="adm-settings__open">
                <input type="checkbox" checked={hours.open} onChange={(e) => set({ open: e.target.checked })} />
                <span>{DAY_NAMES[day]}</span>
              </label>
              {hours.open ? (
                <div className="adm-settings__times">
                  <SelectField
                    label={`${DAY_NAMES[day]} opens`}
                    value={hours.from}
                    options={HOUR_OPTIONS}
                    onChange={(from) => set({ from })}
                  />
                  <SelectField
                    label={`${DAY_NAMES[day]} last start`}
                    value={hours.to}
                    options={HOUR_OPTIONS}
                    onChange={(to) => set({ to })}
                  />
                </div>
              ) : (
                <p className="adm-settings__closed">Closed</p>
              )}
            </fieldset>
          );
        })}
      </div>
    </Panel>
  );
}

export function BookingRulesSection({ fields, change }: SettingsPart) {
  return (
    <Panel id="settings-rules" title="Booking Rules">
      <div className="adm-settings__grid adm-settings__grid--three">
        <TextField
          label="Bookings per time slot"
          inputMode="numeric"
          value={fields.slotCapacity}
          onChange={(slotCapacity) => change((f) => ({ ...f, slotCapacity }))}
        />
        <TextField
          label="Lead time (days)"
          inputMode="numeric"
          hint="1: the first bookable day is tomorrow."
          value={fields.leadDays}
          onChange={(leadDays) => change((f) => ({ ...f, leadDays }))}
        />
        <TextField
          label="Book up to (days ahead)"
          inputMode="numeric"
          value={fields.horizonDays}
          onChange={(horizonDays) => change((f) => ({ ...f, horizonDays }))}
        />
      </div>
    </Panel>
  );
}

export function TaxSection({ fields, change }: SettingsPart) {
  return (
    <Panel id="settings-tax" title="Tax">
      <p className="adm-settings__note">
        Applied to the taxable lines of estimates and invoices, rounded once per document.
      </p>
      <div className="adm-settings__grid">
        <TextField
          label="Tax rate (%)"
          inputMode="decimal"
          hint="0 to 20, up to two decimals: 7.25. 0 adds no tax."
          value={fields.taxRatePercent}
          onChange={(taxRatePercent) => change((f) => ({ ...f, taxRatePercent }))}
        />
        <TextField
          label="Tax label"
          hint="As documents name it: Sales tax."
          value={fields.taxLabel}
          onChange={(taxLabel) => change((f) => ({ ...f, taxLabel }))}
        />
      </div>
    </Panel>
  );
}

export function ServiceAreaSection({ fields, change }: SettingsPart) {
  return (
    <Panel id="settings-area" title="Service Area">
      <TextField
        label="ZIP codes served"
        rows={3}
        hint="Separated by commas or spaces. Leave empty to take bookings from every ZIP code."
        value={fields.serviceAreaZips}
        onChange={(serviceAreaZips) => change((f) => ({ ...f, serviceAreaZips }))}
      />
    </Panel>
  );
}

export function RemindersSection({ fields, change }: SettingsPart) {
  return (
    <Panel id="settings-reminders" title="Reminders">
      <p className="adm-settings__note">
        E-mails sent to customers on their own. Each booking's details list the reminders waiting to be sent.
      </p>
      {REMINDER_SWITCHES.map(({ kind, title, hint }) => (
        <SettingSwitch
          key={kind}
          title={title}
          hint={hint}
          on={fields.reminders[kind]}
          onChange={(on) => change((f) => ({ ...f, reminders: { ...f.reminders, [kind]: on } }))}
        />
      ))}
    </Panel>
  );
}

export function RatingsSection({ fields, change }: SettingsPart) {
  return (
    <Panel id="settings-ratings" title="Ratings">
      <SettingSwitch
        title={'"How did we do?" e-mail'}
        hint="Two hours after a visit is completed, one e-mail with five stars. Every rating shows in Reports."
        on={fields.ratingEmail}
        onChange={(ratingEmail) => change((f) => ({ ...f, ratingEmail }))}
      />
      <TextField
        label="Public review link"
        type="url"
        hint="Offered to customers who give 4 or 5 stars (your Google or Yelp page). Leave empty to offer none."
        value={fields.reviewUrl}
        onChange={(reviewUrl) => change((f) => ({ ...f, reviewUrl }))}
      />
    </Panel>
  );
}

/** One setting on or off, with what it does. */
export function SettingSwitch(props: { title: string; hint: string; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="adm-settings__switch">
      <input type="checkbox" checked={props.on} onChange={(e) => props.onChange(e.target.checked)} />
      <span>
        <strong>{props.title}</strong>
        <span className="adm-settings__hint">{props.hint}</span>
      </span>
    </label>
  );
}
