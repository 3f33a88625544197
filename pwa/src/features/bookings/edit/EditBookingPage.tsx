// First, so that the areas' own styles come after the shared ones they build on.
import "../../../styles/staff.css";
import { BOOKING_STATUSES, type Booking } from "@contracts/bookings/booking.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { Link } from "../../../components/Link.tsx";
import {
  DateField,
  describedBy,
  Field,
  PriceCard,
  SelectField,
  ServiceSelect,
  StateSelect,
  TimeSlotSelect,
  UnitSelect,
  UnitTypeSelect,
} from "../../../components/booking-fields/index.ts";
import { ApiError, failureText } from "../../../lib/http.ts";
import { useProfile } from "../../../lib/profile.tsx";
import { useServices } from "../../../lib/services.ts";
import { fetchBooking, updateBooking } from "../api.ts";
import { BookingVisit } from "../BookingVisit.tsx";
import { AssignTechnician } from "../AssignTechnician.tsx";
import { useTechnicians } from "../useTechnicians.ts";
import { bookingToFields, editMinDate, toBookingEdit, type EditErrors, type EditFields } from "./editBooking.ts";
import { capitalize, fullName } from "../../../lib/format.ts";
import "./EditBookingPage.css";

type Load = { state: "loading" } | { state: "missing" } | { state: "failed" } | { state: "ready"; booking: Booking };

const STATUS_OPTIONS = BOOKING_STATUSES.map((s) => ({ value: s, label: capitalize(s) }));
const TEXT_INPUTS: { key: keyof EditFields; label: string; type: string; autoComplete: string; span?: boolean }[] = [
  { key: "firstName", label: "First Name", type: "text", autoComplete: "off" },
  { key: "lastName", label: "Last Name", type: "text", autoComplete: "off" },
  { key: "email", label: "Email", type: "email", autoComplete: "off" },
  { key: "contactNumber", label: "Phone", type: "tel", autoComplete: "off" },
];
const ADDRESS_INPUTS: typeof TEXT_INPUTS = [
  { key: "homeAddress", label: "Home Address", type: "text", autoComplete: "off", span: true },
  { key: "city", label: "City", type: "text", autoComplete: "off" },
];

function saveErrorText(error: unknown): string {
  return failureText(error, {
    network: "Could not reach the server. Your changes are still here; please try again.",
    otherwise: "Could not save the booking. Please try again.",
  });
}

export default function EditBookingPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Back to the dashboard tab the edit was started from.
  const backTo = (location.state as { from?: string } | null)?.from ?? "/dashboard";
  const { timeZone, bookingRules } = useProfile();
  const { services } = useServices();
  const technicians = useTechnicians();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [fields, setFields] = useState<EditFields | null>(null);
  const [errors, setErrors] = useState<EditErrors>({});
  const [saveError, setSaveError] = useState<{ text: string; stale: boolean } | null>(null);
  const [saving, setSaving] = useState(false);

  const [reloads, setReloads] = useState(0);
  // The booking as read, visit included: the visit's panel shows it instead of reading the booking again.
  const [details, setDetails] = useState<JobDetails | undefined>(undefined);

  useEffect(() => {
    let live = true;
    fetchBooking(id).then(
      (booking) => {
        if (!live) return;
        setLoad({ state: "ready", booking });
        setDetails(booking);
        setFields(bookingToFields(booking));
        setErrors({});
        setSaveError(null);
      },
      (error: unknown) => {
        console.error("Loading the booking failed", error);
        if (live) setLoad({ state: error instanceof ApiError && error.status === 404 ? "missing" : "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [id, reloads]);

  /** Loads the stored booking again, dropping unsaved changes (after a 409, to see the other change). */
  const loadBooking = () => {
    setLoad({ state: "loading" });
    setReloads((n) => n + 1);
  };

  useEffect(() => {
    if (Object.keys(errors).length > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  if (load.state !== "ready" || !fields) {
    return (
      <div className="adm adm-dashboard adm-edit">
        <h1 className="adm-dashboard__title">Edit Booking</h1>
        {load.state === "loading" && (
          <p className="adm-edit__status" role="status">
            <span className="adm-spinner" aria-hidden="true" /> Loading booking...
          </p>
        )}
        {load.state === "missing" && <p className="banner banner-error">This booking does not exist any more.</p>}
        {load.state === "failed" && (
          <p className="banner banner-error" role="alert">
            The booking could not be loaded.{" "}
            <button type="button" className="btn btn-outline adm-btn-small" onClick={loadBooking}>
              Try again
            </button>
          </p>
        )}
        {load.state !== "loading" && (
          <Link className="btn btn-outline" to={backTo}>
            Back to Dashboard
          </Link>
        )}
      </div>
    );
  }

  const original = load.booking;
  const set = <K extends keyof EditFields>(key: K, value: EditFields[K]) =>
    setFields((f) => (f ? { ...f, [key]: value } : f));
  const control = (key: keyof EditFields, hint?: string) => ({
    id: `${uid}-${key}`,
    className: "input",
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": describedBy(`${uid}-${key}`, hint, errors[key]),
  });
  const textField = ({ key, label, type, autoComplete, span }: (typeof TEXT_INPUTS)[number]): ReactNode => (
    <Field key={key} id={`${uid}-${key}`} label={label} required error={errors[key]} className={span ? "span-all" : ""}>
      <input
        {...control(key)}
        type={type}
        autoComplete={autoComplete}
        required
        value={String(fields[key])}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );
  const sameSlot = fields.cleaningDate === original.cleaningDate;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields) return;
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
    <div className="adm adm-dashboard adm-edit">
      <header className="adm-dashboard__header">
        <div>
          <h1 className="adm-dashboard__title">Edit Booking</h1>
          <p className="adm-dashboard__welcome">
            {fullName(original)} · booked {new Date(original.createdAt).toLocaleDateString("en-US")}
          </p>
        </div>
      </header>

      <form ref={formRef} className="adm-edit__form" noValidate onSubmit={onSubmit}>
        {saveError && (
          <div className="banner banner-error adm-edit__error" role="alert">
            <span>{saveError.text}</span>
            {saveError.stale && (
              <button type="button" className="btn btn-outline adm-btn-small" onClick={loadBooking}>
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
              <div className="form-grid cols-2">{TEXT_INPUTS.map(textField)}</div>
            </fieldset>

            <fieldset className="adm-panel adm-edit__section">
              <legend className="adm-panel__title">Address</legend>
              <div className="form-grid cols-3">
                {ADDRESS_INPUTS.map(textField)}
                <StateSelect
                  id={`${uid}-state`}
                  required
                  value={fields.state}
                  error={errors.state}
                  onChange={(v) => set("state", v)}
                />
                <Field id={`${uid}-zip`} label="ZIP Code" required error={errors.zip}>
                  <input
                    {...control("zip")}
                    type="text"
                    inputMode="numeric"
                    required
                    value={fields.zip}
                    onChange={(e) => set("zip", e.target.value)}
                  />
                </Field>
              </div>
            </fieldset>

            <fieldset className="adm-panel adm-edit__section">
              <legend className="adm-panel__title">Service</legend>
              <div className="form-grid cols-2">
                <ServiceSelect
                  id={`${uid}-serviceType`}
                  required
                  value={fields.serviceType}
                  error={errors.serviceType}
                  services={services}
                  onChange={(v) => set("serviceType", v)}
                />
                <UnitTypeSelect
                  id={`${uid}-furnaceOrUnit`}
                  value={fields.furnaceOrUnit}
                  error={errors.furnaceOrUnit}
                  onChange={(v) => set("furnaceOrUnit", v)}
                />
                <UnitSelect
                  id={`${uid}-unitCount`}
                  required
                  value={fields.unitCount}
                  error={errors.unitCount}
                  onChange={(v) => set("unitCount", v)}
                />
                <div>
                  <DateField
                    id={`${uid}-cleaningDate`}
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
                  id={`${uid}-cleaningTime`}
                  rules={bookingRules}
                  label="Cleaning Time"
                  required
                  date={fields.cleaningDate}
                  keepEnabled={sameSlot ? original.cleaningTime : undefined}
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
                  id={`${uid}-status`}
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
                  <AssignTechnician
                    booking={load.booking}
                    technicians={technicians}
                    // Assigning raises the booking's version: the form's save then names the new one.
                    onAssigned={(booking) => setLoad({ state: "ready", booking })}
                  />
                </div>
                <Field id={`${uid}-comment`} label="Comment" error={errors.comment} className="span-all">
                  <textarea
                    {...control("comment")}
                    rows={4}
                    value={fields.comment}
                    onChange={(e) => set("comment", e.target.value)}
                  />
                </Field>
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
      <div className="adm-panel adm-edit__visit">
        <BookingVisit booking={load.booking} details={details} />
      </div>
    </div>
  );
}
