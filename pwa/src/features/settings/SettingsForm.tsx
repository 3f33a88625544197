import type { AffectedBooking, Settings } from "@contracts/settings/settings.ts";
import { useState, type FormEvent } from "react";
import { BookingLinks } from "../../components/BookingLinks.tsx";
import { failureText } from "../../lib/http.ts";
import { refreshProfile } from "../../lib/profile.tsx";
import { saveSettings } from "./api.ts";
import { ClosedDatesSection, DiscountsSection } from "./RowSections.tsx";
import { TipsAndDepositsSection } from "./MoneySections.tsx";
import { JobDurationsSection, TravelSection } from "./DispatchSections.tsx";
import {
  BookingRulesSection,
  HoursSection,
  ProfileSection,
  RatingsSection,
  RemindersSection,
  ServiceAreaSection,
  TaxSection,
} from "./Sections.tsx";
import { fieldsOf, updateOf, type SettingsChange, type SettingsFields } from "./settingsForm.ts";

type Outcome = { kind: "saved"; affected: AffectedBooking[] } | { kind: "error"; text: string } | null;

function errorText(error: unknown): string {
  return failureText(error, {
    network: "Could not reach the server. Your changes are still here; please try again.",
    otherwise: "Could not save the settings. Please try again.",
  });
}

/** The settings as the owner edits them, starting from `initial` (as loaded), each panel a part of its own. */
export function SettingsForm({ initial }: { initial: Settings }) {
  const [fields, setFields] = useState<SettingsFields>(() => fieldsOf(initial));
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const change: SettingsChange = (next) => {
    setFields(next);
    setOutcome(null);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
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

  const parts = { fields, change };
  return (
    <form className="adm-settings__form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <ProfileSection {...parts} />
      <HoursSection {...parts} />
      <ClosedDatesSection {...parts} />
      <BookingRulesSection {...parts} />
      <DiscountsSection {...parts} />
      <ServiceAreaSection {...parts} />
      <JobDurationsSection {...parts} />
      <TravelSection {...parts} />
      <TaxSection {...parts} />
      <TipsAndDepositsSection {...parts} />
      <RemindersSection {...parts} />
      <RatingsSection {...parts} />

      <div className="adm-settings__save">
        {outcome?.kind === "saved" && (
          <div className="banner banner-success" role="status">
            <p>Settings saved.</p>
            {outcome.affected.length > 0 && (
              <>
                <p>
                  {outcome.affected.length === 1 ? "This booking falls" : "These bookings fall"} on a day or at an hour
                  that is now closed. Move or cancel {outcome.affected.length === 1 ? "it" : "them"}:
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
  );
}
