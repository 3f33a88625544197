import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { dateProblem } from "@contracts/schedule/dates.ts";
import { zipRefusal } from "@contracts/bookings/service-area.ts";
import type { BookingInput } from "@contracts/bookings/schemas.ts";
import { packageSlug } from "@contracts/services/catalog.ts";
import { SMS_CONSENT_MESSAGES } from "@contracts/texts/texts.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import {
  DateField,
  dateProblemText,
  PriceCard,
  SelectField,
  ServiceSelect,
  StateSelect,
  TextField,
  TimeSlotSelect,
  UnitSelect,
  UnitTypeSelect,
} from "../../components/booking-fields/index.ts";
import { parseTypedDate } from "../../components/booking-fields/dates.ts";
import { serviceQuote } from "../../components/booking-fields/servicePrice.ts";
import { ApiError } from "../../lib/http.ts";
import { useHydrated, useTypedBeforeHydration } from "../../lib/hydration.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { useProfile } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import { submitBooking } from "./api.ts";

const messages = defineMessages({
  form: { id: "public.booking.form", defaultMessage: "Booking form" },
  personal: { id: "public.booking.personal", defaultMessage: "Personal Information" },
  firstName: { id: "public.booking.firstName", defaultMessage: "First Name" },
  lastName: { id: "public.booking.lastName", defaultMessage: "Last Name" },
  email: { id: "public.booking.email", defaultMessage: "Email" },
  contactNumber: { id: "public.booking.contactNumber", defaultMessage: "Contact Number" },
  address: { id: "public.booking.address", defaultMessage: "Address" },
  homeAddress: { id: "public.booking.homeAddress", defaultMessage: "Home Address" },
  city: { id: "public.booking.city", defaultMessage: "City" },
  zip: { id: "public.booking.zip", defaultMessage: "ZIP Code" },
  service: { id: "public.booking.service", defaultMessage: "Service Details" },
  additional: { id: "public.booking.additional", defaultMessage: "Additional Information" },
  comments: { id: "public.booking.comments", defaultMessage: "Comments (optional)" },
  commentsHint: {
    id: "public.booking.commentsHint",
    defaultMessage: "Gate code, pets, which rooms need the most attention…",
  },
  processing: { id: "public.booking.processing", defaultMessage: "Processing..." },
  submit: { id: "public.booking.submit", defaultMessage: "Book Appointment" },
  package: { id: "public.booking.package", defaultMessage: "Package" },
  noPackage: { id: "public.booking.noPackage", defaultMessage: "No package (standard service)" },
  slow: {
    id: "public.booking.slow",
    defaultMessage:
      "Our server has not answered yet. Your booking is kept on this device and will be sent as soon as the connection allows, even if you leave this page.",
  },
  continue: { id: "public.booking.continue", defaultMessage: "Continue" },
  failed: { id: "public.booking.failed", defaultMessage: "Error submitting booking. Please try again." },
  note: {
    id: "public.booking.note",
    defaultMessage: "The price is an estimate; your technician confirms it on site before starting.",
  },
});

interface BookingFormProps {
  initialService: string;
  /** `?package=` slug from a service page's package card. */
  initialPackage: string;
  /** What the customer typed for a booking the server refused on replay: everything but the date and time. */
  draft?: Partial<BookingInput> | null;
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function BookingForm({ initialService, initialPackage, draft }: BookingFormProps) {
  const navigate = useNavigate();
  const profile = useProfile();
  const { t, locale } = useTranslator();
  const { services } = useServices();
  const [f, setF] = useState({
    firstName: "",
    lastName: "",
    email: "",
    contactNumber: "",
    homeAddress: "",
    city: "",
    // "" until the customer picks one: the business's own state is offered meanwhile (homeState).
    state: "",
    zip: "",
    furnaceOrUnit: "N/A",
    serviceType: initialService ?? "",
    unitCount: 1,
    cleaningDate: "",
    cleaningTime: "",
    comment: "",
    packageSlug: initialPackage,
    ...draftFields(draft),
  });
  // Until the customer picks one, the business's own state, where most customers live. Not while hydrating: /booking
  // is rendered at build time, before any profile's state is known.
  const hydrated = useHydrated();
  const homeState = hydrated ? profile.address.state : "";
  const state = f.state || homeState;
  const [submitting, setSubmitting] = useState(false);
  // A first send with no answer for a while: the booking is on the device, so the customer may go.
  const [keptId, setKeptId] = useState<string | null>(null);
  const left = useRef(false);
  useEffect(() => () => void (left.current = true), []);
  const leave = (id: string) => {
    left.current = true;
    navigate(`/thank-you?queued=${encodeURIComponent(id)}`);
  };
  const [availabilityKey, setAvailabilityKey] = useState(0);
  const dateRef = useRef<HTMLDivElement>(null);
  const zipRef = useRef<HTMLFieldSetElement>(null);

  // Until React runs on the build-time page, Book Appointment stays disabled (a tap would submit the HTML form
  // itself); what was typed meanwhile is taken into the state.
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    const key = name === "package" ? "packageSlug" : name;
    if (key === "unitCount") setF((prev) => ({ ...prev, unitCount: Number(value) || prev.unitCount }));
    // The date field shows MM/DD/YYYY; the form keeps the ISO date it stands for.
    else if (key === "cleaningDate") setF((prev) => ({ ...prev, cleaningDate: parseTypedDate(value) ?? "" }));
    else if (key in f) setF((prev) => ({ ...prev, [key]: value }));
  });

  const set =
    <K extends keyof typeof f>(key: K) =>
    (value: (typeof f)[K]) =>
      setF((prev) => ({ ...prev, [key]: value }));

  const packages = services.find((s) => s._id === f.serviceType)?.packages ?? [];
  const chosenPackage = packages.find((p) => packageSlug(p.name) === f.packageSlug);

  // Outside the service area: said as soon as the ZIP is typed, before the rest of the form is filled.
  const zipProblem = /^\d{5}/.test(f.zip.trim()) ? zipRefusal(f.zip, profile.bookingRules, profile.phone) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!f.serviceType) return;
    if (zipProblem) {
      zipRef.current?.querySelector<HTMLInputElement>("input[name=zip]")?.focus();
      return;
    }
    const problem = f.cleaningDate
      ? dateProblem(f.cleaningDate, profile.timeZone, new Date(), profile.bookingRules)
      : null;
    // A closed day typed by hand is refused with its reason, as SPEC §8 refuses a Saturday.
    if (problem === "saturday" || problem === "closed-day" || problem === "closed-date") {
      alert(dateProblemText(problem, profile.bookingRules, f.cleaningDate, locale));
      return;
    }
    if (!f.cleaningDate || problem) {
      dateRef.current?.querySelector("input")?.focus();
      return;
    }
    const quote = serviceQuote(f.serviceType, f.unitCount, services, profile.bookingRules.discountTiers);
    if (!quote) return;
    const { price } = quote;
    // The payload has no package field; the choice travels in the comment the staff read.
    const comment = [chosenPackage ? `Package: ${chosenPackage.name}` : "", f.comment.trim()]
      .filter(Boolean)
      .join("\n");
    const payload: BookingInput = {
      firstName: f.firstName.trim(),
      lastName: f.lastName.trim(),
      email: f.email.trim(),
      contactNumber: f.contactNumber.trim(),
      homeAddress: f.homeAddress.trim(),
      city: f.city.trim(),
      // The required StateSelect offers only the 50 codes.
      state: state as BookingInput["state"],
      zip: f.zip.trim(),
      furnaceOrUnit: f.furnaceOrUnit || "N/A",
      serviceType: f.serviceType,
      unitCount: price.unitCount,
      cleaningDate: f.cleaningDate,
      cleaningTime: f.cleaningTime,
      comment,
      estimatedPrice: price.estimatedPrice,
      originalPrice: price.originalPrice,
      discountAmount: price.discountAmount,
      timeZone: browserTimeZone(),
      // The language on screen: the customer's e-mails, calendar file and texts are written in it.
      locale,
    };
    // Read from the box itself (not React's state), so a tick made before the page hydrated counts too.
    if (formRef.current?.querySelector<HTMLInputElement>("#sms-consent")?.checked) payload.smsConsent = true;
    setSubmitting(true);
    let storedId: string | null = null;
    // The wait may run out before the device has stored the booking (a slow disk): the notice then shows once it has.
    let slowPassed = false;
    try {
      const result = await submitBooking(payload, {
        onStored: (id) => {
          storedId = id;
          if (slowPassed) setKeptId(id);
        },
        onSlow: () => {
          slowPassed = true;
          if (storedId) setKeptId(storedId);
        },
        leftPage: () => left.current,
      });
      // The customer went on while it was sent: the thank-you page follows the queue item from here.
      if (left.current) return;
      // Kept on this device for later: the customer learns that, not an error (nothing they typed is lost). The
      // item's id lets the page follow this booking, not any other one in the queue.
      navigate(result.state === "queued" ? `/thank-you?queued=${encodeURIComponent(result.id)}` : "/thank-you");
    } catch (error) {
      console.error("Booking failed:", error);
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
        // A full slot or a date rule: the server's own words tell the customer what to change.
        alert(error.message);
        if (error.status === 409) {
          setF((prev) => ({ ...prev, cleaningTime: "" }));
          setAvailabilityKey((k) => k + 1);
        }
      } else {
        alert(t(messages.failed));
      }
      setSubmitting(false);
    } finally {
      if (!left.current) setKeptId(null);
    }
  };

  return (
    <form className="booking-form card" onSubmit={submit} aria-label={t(messages.form)} ref={formRef}>
      <fieldset className="form-section">
        <legend>{t(messages.personal)}</legend>
        <div className="form-grid cols-2">
          <TextField
            label={t(messages.firstName)}
            name="firstName"
            autoComplete="given-name"
            required
            value={f.firstName}
            onChange={set("firstName")}
          />
          <TextField
            label={t(messages.lastName)}
            name="lastName"
            autoComplete="family-name"
            required
            value={f.lastName}
            onChange={set("lastName")}
          />
          <TextField
            label={t(messages.email)}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={f.email}
            onChange={set("email")}
          />
          <TextField
            label={t(messages.contactNumber)}
            name="contactNumber"
            type="tel"
            autoComplete="tel"
            required
            value={f.contactNumber}
            onChange={set("contactNumber")}
          />
          <div className="span-all sms-consent">
            <input
              id="sms-consent"
              type="checkbox"
              defaultChecked={draft?.smsConsent === true}
              aria-describedby="sms-disclosure"
            />
            <label htmlFor="sms-consent">{t(SMS_CONSENT_MESSAGES.label)}</label>
            <p id="sms-disclosure">{t(SMS_CONSENT_MESSAGES.disclosure, { business: profile.name })}</p>
          </div>
        </div>
      </fieldset>

      <fieldset className="form-section" ref={zipRef}>
        <legend>{t(messages.address)}</legend>
        <div className="form-grid cols-3">
          <TextField
            className="span-all"
            label={t(messages.homeAddress)}
            name="homeAddress"
            autoComplete="street-address"
            required
            value={f.homeAddress}
            onChange={set("homeAddress")}
          />
          <TextField
            label={t(messages.city)}
            name="city"
            autoComplete="address-level2"
            required
            value={f.city}
            onChange={set("city")}
          />
          <StateSelect name="state" required value={state} onChange={set("state")} />
          <TextField
            label={t(messages.zip)}
            name="zip"
            autoComplete="postal-code"
            inputMode="numeric"
            pattern="\d{5}(-\d{4})?"
            maxLength={10}
            required
            value={f.zip}
            error={zipProblem}
            onChange={set("zip")}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t(messages.service)}</legend>
        <div className="form-grid cols-2">
          <ServiceSelect
            name="serviceType"
            services={services}
            required
            value={f.serviceType}
            onChange={(v) => setF((prev) => ({ ...prev, serviceType: v, packageSlug: "" }))}
          />
          <UnitSelect name="unitCount" required value={f.unitCount} onChange={set("unitCount")} />
          <div className="span-all">
            <PriceCard
              serviceType={f.serviceType}
              unitCount={f.unitCount}
              services={services}
              tiers={profile.bookingRules.discountTiers}
            />
          </div>
          <div ref={dateRef}>
            <DateField
              name="cleaningDate"
              required
              timeZone={profile.timeZone}
              rules={profile.bookingRules}
              value={f.cleaningDate}
              onChange={set("cleaningDate")}
            />
          </div>
          <TimeSlotSelect
            name="cleaningTime"
            required
            rules={profile.bookingRules}
            date={f.cleaningDate}
            refreshKey={availabilityKey}
            value={f.cleaningTime}
            onChange={set("cleaningTime")}
          />
          <UnitTypeSelect name="furnaceOrUnit" value={f.furnaceOrUnit} onChange={set("furnaceOrUnit")} />
          {packages.length > 0 && (
            <SelectField
              label={t(messages.package)}
              name="package"
              value={chosenPackage ? f.packageSlug : ""}
              onChange={set("packageSlug")}
              placeholder={t(messages.noPackage)}
              // The value is the English name's slug, as a service page's `?package=` link: only the label changes.
              options={packages.map((p) => ({
                value: packageSlug(p.name),
                label: (locale === "es" && p.nameEs) || p.name,
              }))}
            />
          )}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t(messages.additional)}</legend>
        <TextField
          label={t(messages.comments)}
          name="comment"
          rows={4}
          maxLength={2000}
          placeholder={t(messages.commentsHint)}
          value={f.comment}
          onChange={set("comment")}
        />
      </fieldset>

      {keptId && (
        <div className="booking-slow" role="status">
          <p>{t(messages.slow)}</p>
          <button type="button" className="btn btn-outline" onClick={() => leave(keptId)}>
            {t(messages.continue)}
          </button>
        </div>
      )}
      <button type="submit" className="btn btn-accent btn-block booking-submit" disabled={submitting || !hydrated}>
        {submitting ? t(messages.processing) : t(messages.submit)}
      </button>
      <p className="booking-note">{t(messages.note)}</p>
    </form>
  );
}

const DRAFT_TEXTS = [
  "firstName",
  "lastName",
  "email",
  "contactNumber",
  "homeAddress",
  "city",
  "state",
  "zip",
  "furnaceOrUnit",
  "comment",
] as const;

/**
 * The form's fields from a refused booking's stored payload (read from the device, so checked field by field):
 * everything the customer typed except the date and time, which they choose again.
 */
function draftFields(draft: Partial<BookingInput> | null | undefined) {
  if (!draft || typeof draft !== "object") return {};
  const fields: Partial<Record<(typeof DRAFT_TEXTS)[number], string>> & {
    serviceType?: string;
    unitCount?: number;
  } = {};
  for (const name of DRAFT_TEXTS) {
    const value = draft[name];
    if (typeof value === "string") fields[name] = value;
  }
  if (typeof draft.serviceType === "string") fields.serviceType = draft.serviceType;
  if (typeof draft.unitCount === "number" && Number.isInteger(draft.unitCount)) fields.unitCount = draft.unitCount;
  return fields;
}
