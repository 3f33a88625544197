// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import { WEEKDAYS } from "@contracts/schedule/rules.ts";
import type { AffectedBooking, SettingsProfile } from "@contracts/settings/settings.ts";
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "../../components/Link.tsx";
import { BookingLinks } from "../../components/BookingLinks.tsx";
import { SelectField, StateSelect, TextField } from "../../components/booking-fields/index.ts";
import { failureText } from "../../lib/http.ts";
import { refreshProfile } from "../../lib/profile.tsx";
import { fetchSettings, saveSettings } from "./api.ts";
import { addRow, changeRow, DAY_NAMES, fieldsOf, HOUR_OPTIONS, updateOf, type SettingsFields } from "./settingsForm.ts";
import "./SettingsPage.css";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready" };
type Outcome = { kind: "saved"; affected: AffectedBooking[] } | { kind: "error"; text: string } | null;

const PROFILE_INPUTS: { key: keyof SettingsProfile; label: string; type?: "email" | "tel"; hint?: string }[] = [
  { key: "name", label: "Business Name" },
  { key: "shortName", label: "Short Name", hint: "Shown in the top bar and on the installed app's icon." },
  { key: "phone", label: "Phone", type: "tel" },
  { key: "email", label: "E-mail", type: "email" },
  { key: "street", label: "Street" },
  { key: "city", label: "City" },
];

function errorText(error: unknown): string {
  return failureText(error, {
    network: "Could not reach the server. Your changes are still here; please try again.",
    otherwise: "Could not save the settings. Please try again.",
  });
}

/** /dashboard/settings: the owner's business profile, opening hours, closed dates, booking rules and prices. */
/** The reminder e-mails the owner can turn off (issue 19). */
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

export default function SettingsPage() {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [fields, setFields] = useState<SettingsFields | null>(null);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let live = true;
    fetchSettings().then(
      (settings) => {
        if (!live) return;
        setFields(fieldsOf(settings));
        setLoad({ state: "ready" });
      },
      () => live && setLoad({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = (next: (f: SettingsFields) => SettingsFields) => {
    setFields((f) => (f ? next(f) : f));
    setOutcome(null);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!fields || saving) return;
    const checked = updateOf(fields);
    if ("problem" in checked) {
      setOutcome({ kind: "error", text: checked.problem });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveSettings(checked.update);
      setFields(fieldsOf(saved.data));
      setOutcome({ kind: "saved", affected: saved.affectedBookings ?? [] });
      await refreshProfile();
    } catch (error) {
      setOutcome({ kind: "error", text: errorText(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="adm adm-dashboard adm-settings">
      <header className="adm-dashboard__header">
        <div>
          <h1 className="adm-dashboard__title">Settings</h1>
          <p className="adm-dashboard__welcome">How the business is shown, and what customers can book.</p>
        </div>
        <Link className="btn btn-outline" to="/dashboard">
          Back to Dashboard
        </Link>
      </header>

      {load.state === "loading" && (
        <div className="adm-settings__loading" role="status">
          <span className="adm-spinner" aria-hidden="true" /> Loading settings...
        </div>
      )}
      {load.state === "failed" && (
        <p className="banner banner-error" role="alert">
          The settings could not be loaded. Check the connection and reload the page.
        </p>
      )}

      {fields && (
        <form className="adm-settings__form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <section className="adm-panel" aria-labelledby="settings-profile">
            <h2 id="settings-profile" className="adm-panel__title">
              Business Profile
            </h2>
            <div className="adm-settings__grid">
              {PROFILE_INPUTS.map(({ key, label, type, hint }) => (
                <TextField
                  key={key}
                  label={label}
                  type={type}
                  hint={hint}
                  value={fields.profile[key]}
                  onChange={(value) => change((f) => ({ ...f, profile: { ...f.profile, [key]: value } }))}
                />
              ))}
              <StateSelect
                value={fields.profile.state}
                onChange={(state) => change((f) => ({ ...f, profile: { ...f.profile, state } }))}
              />
              <TextField
                label="ZIP"
                inputMode="numeric"
                value={fields.profile.zip}
                onChange={(zip) => change((f) => ({ ...f, profile: { ...f.profile, zip } }))}
              />
              <TextField
                className="adm-settings__wide"
                label="Service Area"
                hint='Read after "in" or "across" on the pages, for example "the Charlotte area".'
                value={fields.profile.serviceArea}
                onChange={(serviceArea) => change((f) => ({ ...f, profile: { ...f.profile, serviceArea } }))}
              />
            </div>
          </section>

          <section className="adm-panel" aria-labelledby="settings-hours">
            <h2 id="settings-hours" className="adm-panel__title">
              Opening Hours
            </h2>
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
          </section>

          <section className="adm-panel" aria-labelledby="settings-closed">
            <div className="adm-panel__head">
              <h2 id="settings-closed" className="adm-panel__title">
                Closed Dates
              </h2>
              <button
                type="button"
                className="btn btn-outline adm-btn-small"
                onClick={() => change((f) => addRow(f, "closedDates"))}
              >
                Add Closed Date
              </button>
            </div>
            {fields.closedDates.length === 0 && (
              <p className="adm-empty">No closed dates: every open day can be booked.</p>
            )}
            {fields.closedDates.map((row, i) => {
              const set = (next: Partial<typeof row> | null) =>
                change((f) => changeRow(f, "closedDates", row.key, next));
              return (
                <fieldset key={row.key} className="adm-settings__row">
                  <legend className="visually-hidden">Closed period {i + 1}</legend>
                  <TextField label="From" type="date" value={row.from} onChange={(from) => set({ from })} />
                  <TextField
                    label="To"
                    type="date"
                    hint="Leave empty for one day."
                    value={row.to}
                    onChange={(to) => set({ to })}
                  />
                  <TextField
                    label="Reason shown to customers"
                    placeholder="Thanksgiving"
                    value={row.reason}
                    onChange={(reason) => set({ reason })}
                  />
                  <button
                    type="button"
                    className="btn adm-btn-danger adm-btn-small adm-settings__remove"
                    onClick={() => set(null)}
                  >
                    Remove<span className="visually-hidden"> closed period {i + 1}</span>
                  </button>
                </fieldset>
              );
            })}
          </section>

          <section className="adm-panel" aria-labelledby="settings-rules">
            <h2 id="settings-rules" className="adm-panel__title">
              Booking Rules
            </h2>
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
          </section>

          <section className="adm-panel" aria-labelledby="settings-discounts">
            <div className="adm-panel__head">
              <h2 id="settings-discounts" className="adm-panel__title">
                Quantity Discounts
              </h2>
              <button
                type="button"
                className="btn btn-outline adm-btn-small"
                onClick={() => change((f) => addRow(f, "discountTiers"))}
              >
                Add Discount
              </button>
            </div>
            <p className="adm-settings__note">
              Each service's price per unit is set in its form (Services tab). The largest discount reached applies.
            </p>
            {fields.discountTiers.length === 0 && <p className="adm-empty">No quantity discounts.</p>}
            {fields.discountTiers.map((tier, i) => {
              const set = (next: Partial<typeof tier> | null) =>
                change((f) => changeRow(f, "discountTiers", tier.key, next));
              return (
                <fieldset key={tier.key} className="adm-settings__row adm-settings__row--two">
                  <legend className="visually-hidden">Discount {i + 1}</legend>
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
                  <button
                    type="button"
                    className="btn adm-btn-danger adm-btn-small adm-settings__remove"
                    onClick={() => set(null)}
                  >
                    Remove<span className="visually-hidden"> discount {i + 1}</span>
                  </button>
                </fieldset>
              );
            })}
          </section>

          <section className="adm-panel" aria-labelledby="settings-area">
            <h2 id="settings-area" className="adm-panel__title">
              Service Area
            </h2>
            <TextField
              label="ZIP codes served"
              rows={3}
              hint="Separated by commas or spaces. Leave empty to take bookings from every ZIP code."
              value={fields.serviceAreaZips}
              onChange={(serviceAreaZips) => change((f) => ({ ...f, serviceAreaZips }))}
            />
          </section>

          <section className="adm-panel" aria-labelledby="settings-reminders">
            <h2 id="settings-reminders" className="adm-panel__title">
              Reminders
            </h2>
            <p className="adm-settings__note">
              E-mails sent to customers on their own. Each booking's details list the reminders waiting to be sent.
            </p>
            {REMINDER_SWITCHES.map(({ kind, title, hint }) => (
              <label key={kind} className="adm-settings__switch">
                <input
                  type="checkbox"
                  checked={fields.reminders[kind]}
                  onChange={(e) => {
                    const on = e.target.checked;
                    change((f) => ({ ...f, reminders: { ...f.reminders, [kind]: on } }));
                  }}
                />
                <span>
                  <strong>{title}</strong>
                  <span className="adm-settings__hint">{hint}</span>
                </span>
              </label>
            ))}
          </section>

          <div className="adm-settings__save">
            {outcome?.kind === "saved" && (
              <div className="banner banner-success" role="status">
                <p>Settings saved.</p>
                {outcome.affected.length > 0 && (
                  <>
                    <p>
                      {outcome.affected.length === 1 ? "This booking falls" : "These bookings fall"} on a day or at an
                      hour that is now closed. Move or cancel {outcome.affected.length === 1 ? "it" : "them"}:
                    </p>
                    <BookingLinks bookings={outcome.affected} from="/dashboard" />
                  </>
                )}
              </div>
            )}
            {outcome?.kind === "error" && (
              <p className="banner banner-error" role="alert">
                {outcome.text}
              </p>
            )}
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? "Saving..." : "Save Settings"}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
