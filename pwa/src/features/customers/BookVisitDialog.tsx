import type { Booking } from "@contracts/bookings/booking.ts";
import type { Customer, Property } from "@contracts/customers/customer.ts";
import { dateProblemMessage } from "@contracts/schedule/date-problems.ts";
import { dateProblem } from "@contracts/schedule/dates.ts";
import { useId, useState, type FormEvent } from "react";
import {
  DateField,
  PriceCard,
  SelectField,
  ServiceSelect,
  TextField,
  TimeSlotSelect,
  UnitSelect,
  UnitTypeSelect,
} from "../../components/booking-fields/index.ts";
import { serviceQuote } from "../../components/booking-fields/servicePrice.ts";
import { DialogActions } from "../../components/form/DialogActions.tsx";
import { Modal } from "../../components/Modal.tsx";
import { ApiError, failureText } from "../../lib/http.ts";
import { newId } from "../../lib/offline-queue/ids.ts";
import { useOnline } from "../../lib/pwa/statusHooks.ts";
import { useProfile } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import { bookVisit } from "./api.ts";
import { firstChoice, visitPayload, type VisitChoice } from "./bookVisit.ts";
import { propertyLine } from "./propertyForm.ts";

interface Props {
  customer: Customer;
  property: Property;
  onBooked: (booking: Booking) => void;
  onClose: () => void;
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Book a visit at a property for a customer on the phone: who and where come from the record; the office chooses the
 * service, units, day and time from the public form's own fields and rules. It needs a connection: the office must
 * know the slot is taken before hanging up, so it is sent now or not at all, never kept for later.
 */
export function BookVisitDialog({ customer, property, onBooked, onClose }: Props) {
  const uid = useId();
  const online = useOnline();
  const profile = useProfile();
  const { services } = useServices();
  const [choice, setChoice] = useState<VisitChoice>(() => firstChoice(customer, property));
  // The same key for every try of this booking, so a retry after a lost answer cannot book it twice; a new one once
  // the server has answered a refusal, since what is sent next is another booking.
  const [key, setKey] = useState(newId);
  const [availabilityKey, setAvailabilityKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<VisitChoice>) => setChoice((c) => ({ ...c, ...patch }));
  const quote = serviceQuote(choice.serviceType, choice.unitCount, services, profile.bookingRules.discountTiers);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!quote) return setProblem("Choose a service.");
    const dayProblem = choice.cleaningDate
      ? dateProblem(choice.cleaningDate, profile.timeZone, new Date(), profile.bookingRules)
      : null;
    if (!choice.cleaningDate || !choice.cleaningTime) return setProblem("Choose a date and a time.");
    if (dayProblem) return setProblem(dateProblemMessage(dayProblem, profile.bookingRules, choice.cleaningDate));
    if (!choice.contactNumber.trim()) return setProblem("A phone number is needed for the visit.");
    setSaving(true);
    try {
      const payload = visitPayload(customer, property, choice, quote.price, browserTimeZone());
      onBooked(await bookVisit(payload, key));
    } catch (error) {
      if (error instanceof ApiError) setKey(newId());
      if (error instanceof ApiError && error.status === 409) {
        set({ cleaningTime: "" });
        setAvailabilityKey((k) => k + 1);
      }
      setProblem(
        failureText(error, {
          network:
            "Could not reach the server, so the visit may not be booked. Try again: it is sent as the same booking, never twice.",
          otherwise: "The visit could not be booked. Please try again.",
        }),
      );
      setSaving(false);
    }
  }

  const emailOptions = customer.emails.map((e) => ({ value: e, label: e }));
  return (
    <Modal title="Book a visit" onClose={onClose} size="wide" className="adm">
      <form className="cust-form cust-book" noValidate onSubmit={(e) => void onSubmit(e)}>
        <dl className="cust-book__who">
          <div>
            <dt>Customer</dt>
            <dd>{customer.name}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>{propertyLine(property)}</dd>
          </div>
          {property.accessNotes && (
            <div>
              <dt>Access notes</dt>
              <dd className="cust-pre">{property.accessNotes}</dd>
            </div>
          )}
        </dl>
        {!online && (
          <p className="banner banner-error" role="alert">
            This device is offline. Booking a visit needs a connection, so that the time is really held; it is not kept
            for later.
          </p>
        )}
        <div className="form-grid cols-2">
          {emailOptions.length > 1 ? (
            <SelectField
              id={`${uid}-email`}
              label="Email"
              value={choice.email}
              options={emailOptions}
              hint="Where the confirmation goes."
              onChange={(email) => set({ email })}
            />
          ) : (
            <TextField
              id={`${uid}-email`}
              label="Email"
              type="email"
              value={choice.email}
              disabled
              onChange={() => undefined}
            />
          )}
          <TextField
            id={`${uid}-phone`}
            label="Contact Number"
            type="tel"
            required
            maxLength={25}
            value={choice.contactNumber}
            onChange={(contactNumber) => set({ contactNumber })}
          />
          <ServiceSelect
            id={`${uid}-service`}
            services={services}
            required
            value={choice.serviceType}
            onChange={(serviceType) => set({ serviceType })}
          />
          <UnitSelect
            id={`${uid}-units`}
            required
            value={choice.unitCount}
            onChange={(unitCount) => set({ unitCount })}
          />
          <DateField
            id={`${uid}-date`}
            required
            timeZone={profile.timeZone}
            rules={profile.bookingRules}
            value={choice.cleaningDate}
            onChange={(cleaningDate) => set({ cleaningDate })}
          />
          <TimeSlotSelect
            id={`${uid}-time`}
            required
            rules={profile.bookingRules}
            date={choice.cleaningDate}
            refreshKey={availabilityKey}
            value={choice.cleaningTime}
            onChange={(cleaningTime) => set({ cleaningTime })}
          />
          <UnitTypeSelect
            id={`${uid}-unit-type`}
            value={choice.furnaceOrUnit}
            onChange={(furnaceOrUnit) => set({ furnaceOrUnit })}
          />
          <PriceCard
            serviceType={choice.serviceType}
            unitCount={choice.unitCount}
            services={services}
            tiers={profile.bookingRules.discountTiers}
          />
          <TextField
            id={`${uid}-comment`}
            className="span-all"
            label="Comments (optional)"
            rows={3}
            maxLength={2000}
            value={choice.comment}
            onChange={(comment) => set({ comment })}
          />
        </div>
        <DialogActions
          saving={saving}
          label="Book visit"
          savingLabel="Booking..."
          disabled={!online}
          onCancel={onClose}
          problem={problem}
        />
      </form>
    </Modal>
  );
}
