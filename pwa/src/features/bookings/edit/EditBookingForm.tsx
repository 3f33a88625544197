import { BOOKING_STATUSES, type Booking } from "@contracts/bookings/booking.ts";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import {
  DateField,
  PriceCard,
  SelectField,
  ServiceSelect,
  StateSelect,
  TextField,
  TimeSlotSelect,
  UnitSelect,
  UnitTypeSelect,
} from "../../../components/booking-fields/index.ts";
import { capitalize } from "../../../lib/format.ts";
import { ApiError, failureText } from "../../../lib/http.ts";
import { useProfile } from "../../../lib/profile.tsx";
import { useServices } from "../../../lib/services.ts";
import { AssignTechnician } from "../AssignTechnician.tsx";
import { useTechnicians } from "../useTechnicians.ts";
import { updateBooking } from "../api.ts";
import { bookingToFields, editMinDate, toBookingEdit, type EditErrors, type EditFields } from "./editBooking.ts";

const STATUS_OPTIONS = BOOKING_STATUSES.map((s) => ({ value: s, label: capitalize(s) }));
type TextKey = "firstName" | "lastName" | "email" | "contactNumber" | "homeAddress" | "city" | "zip";
const CUSTOMER_INPUTS: { key: TextKey; label: string; type?: "email" | "tel" }[] = [
  { key: "firstName", label: "First Name" },
  { key: "lastName", label: "Last Name" },
  { key: "email", label: "Email", type: "email" },
  { key: "contactNumber", label: "Phone", type: "tel" },
];

function saveErrorText(error: unknown): string {
  return failureText(error, {
    network: "Could not reach the server. Your changes are still here; please try again.",
    otherwise: "Could not save the booking. Please try again.",
  });
}

interface Props {
  /** The booking as stored (its version is the one a save names). */
  booking: Booking;
  backTo: string;
  onReload: () => void;
  onAssigned: (booking: Booking) => void;
}

/** The edit form of one booking, filled from `booking` as it was loaded. */
export function EditBookingForm({ booking: original, backTo, onReload, onAssigned }: Props) {
  const navigate = useNavigate();
  const { timeZone, bookingRules } = useProfile();
  const { services } = useServices();
  const technicians = useTechnicians();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<EditFields>(() => bookingToFields(original));
  const [errors, setErrors] = useState<EditErrors>({});
  const [saveError, setSaveError] = useState<{ text: string; stale: boolean } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (Object.keys(errors).length > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const set = <K extends keyof EditFields>(key: K, value: EditFields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const id = (key: keyof EditFields) => `${uid}-${key}`;
  const text = (key: TextKey, label: string, more: { type?: "email" | "tel"; className?: string } = {}) => (
    <TextField
      key={key}
      id={id(key)}
      label={label}
      required
      autoComplete="off"
      inputMode={key === "zip" ? "numeric" : undefined}
      value={fields[key]}
      error={errors[key]}
      onChange={(value) => set(key, value)}
      {...more}
    />
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaveError(null);
    const checked = toBookingEdit(fields, original, timeZone, new Date(), bookingRules, services);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await updateBooking(original._id, checked.edit);
      navigate(backTo);
    } catch (error) {
      console.error("Saving the booking failed", error);
      if (error instanceof ApiError && error.status === 401) return;
      setSaveError({ text: saveErrorText(error), stale: error instanceof ApiError && error.status === 409 });
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} className="adm-edit__form" noValidate onSubmit={onSubmit}>
      {saveError && (
        <div className="banner banner-error adm-edit__error" role="alert">
          <span>{saveError.text}</span>
          {saveError.stale && (
            <button type="button" className="btn btn-outline adm-btn-small" onClick={onReload}>
              Reload booking
            </button>
          )}
        </div>
      )}
      {Object.keys(errors).length > 0 && (
        <p className="banner banner-error" role="alert">
          Please correct the highlighted fields.
        </p>
      )}

      <div className="adm-edit__layout">
        <div className="adm-edit__main">
          <fieldset className="adm-panel adm-edit__section">
            <legend className="adm-panel__title">Customer</legend>
            <div className="form-grid cols-2">
              {CUSTOMER_INPUTS.map(({ key, label, type }) => text(key, label, { type }))}
            </div>
          </fieldset>

          <fieldset className="adm-panel adm-edit__section">
            <legend className="adm-panel__title">Address</legend>
            <div className="form-grid cols-3">
              {text("homeAddress", "Home Address", { className: "span-all" })}
              {text("city", "City")}
              <StateSelect
                id={id("state")}
                required
                value={fields.state}
                error={errors.state}
                onChange={(v) => set("state", v)}
              />
              {text("zip", "ZIP Code")}
            </div>
          </fieldset>

          <fieldset className="adm-panel adm-edit__section">
            <legend className="adm-panel__title">Service</legend>
            <div className="form-grid cols-2">
              <ServiceSelect
                id={id("serviceType")}
                required
                value={fields.serviceType}
                error={errors.serviceType}
                services={services}
                onChange={(v) => set("serviceType", v)}
              />
              <UnitTypeSelect
                id={id("furnaceOrUnit")}
                value={fields.furnaceOrUnit}
                error={errors.furnaceOrUnit}
                onChange={(v) => set("furnaceOrUnit", v)}
              />
              <UnitSelect
                id={id("unitCount")}
                required
                value={fields.unitCount}
                error={errors.unitCount}
                onChange={(v) => set("unitCount", v)}
              />
              <div>
                <DateField
                  id={id("cleaningDate")}
                  label="Cleaning Date"
                  required
                  timeZone={timeZone}
                  min={editMinDate(original, timeZone)}
                  rules={bookingRules}
                  value={fields.cleaningDate}
                  onChange={(v) => set("cleaningDate", v)}
                />
                {errors.cleaningDate && <p className="field-error">{errors.cleaningDate}</p>}
              </div>
              <TimeSlotSelect
                id={id("cleaningTime")}
                rules={bookingRules}
                label="Cleaning Time"
                required
                date={fields.cleaningDate}
                keepEnabled={fields.cleaningDate === original.cleaningDate ? original.cleaningTime : undefined}
                value={fields.cleaningTime}
                error={errors.cleaningTime}
                onChange={(v) => set("cleaningTime", v)}
              />
            </div>
          </fieldset>

          <fieldset className="adm-panel adm-edit__section">
            <legend className="adm-panel__title">Additional Information</legend>
            <div className="form-grid cols-2">
              <SelectField
                id={id("status")}
                label="Status"
                required
                value={fields.status}
                options={STATUS_OPTIONS}
                error={errors.status}
                onChange={(v) => set("status", v as EditFields["status"])}
              />
              <div className="field">
                {/* The select carries its own (hidden) label; this one is for the eye. */}
                <span className="field-label" aria-hidden="true">
                  Technician
                </span>
                <AssignTechnician booking={original} technicians={technicians} onAssigned={onAssigned} />
              </div>
              <TextField
                id={id("comment")}
                label="Comment"
                rows={4}
                className="span-all"
                value={fields.comment ?? ""}
                error={errors.comment}
                onChange={(v) => set("comment", v)}
              />
            </div>
          </fieldset>
        </div>

        <aside className="adm-edit__aside">
          <PriceCard
            serviceType={fields.serviceType}
            unitCount={fields.unitCount}
            services={services}
            tiers={bookingRules.discountTiers}
          />
          <div className="adm-edit__actions">
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? "Saving..." : "Save Changes"}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => navigate(backTo)}>
              Cancel
            </button>
          </div>
        </aside>
      </div>
    </form>
  );
}
