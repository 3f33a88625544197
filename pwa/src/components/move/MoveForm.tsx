import { useRef, useState, type FormEvent } from "react";
import type { BookingRules } from "@contracts/schedule/rules.ts";
import { dateProblem, earliestBookingDate } from "@contracts/schedule/dates.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { DateField, dateProblemText } from "../booking-fields/index.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { FreeTimeSelect } from "./FreeTimeSelect.tsx";
import "./MoveForm.css";

const messages = defineMessages({
  title: { id: "public.move.title", defaultMessage: "Move appointment" },
  hint: { id: "public.move.hint", defaultMessage: "Pick another day and one of its free times. Saturdays are closed." },
  date: { id: "public.move.date", defaultMessage: "New date" },
  moving: { id: "public.move.moving", defaultMessage: "Moving…" },
});

interface MoveFormProps {
  /** The visit as booked now (its own slot is shown as current, not offered). */
  booking: { cleaningDate: string; cleaningTime: string };
  timeZone: string;
  /** The business's booking rules (hours, closed dates, lead time, horizon). */
  rules: BookingRules;
  busy: boolean;
  /** Runs the move; resolves true when the server accepted it. */
  onMove: (slot: { cleaningDate: string; cleaningTime: string }) => Promise<boolean>;
  /** Shows a refusal found before asking the server (same words the server would use). */
  onProblem: (message: string) => void;
  /** Bumped by the page after a full-slot refusal so the free times are read again. */
  availabilityKey: number;
}

/** Another free slot under the booking rules: an open day within the lead time and horizon, a slot with room left. */
export function MoveForm({ booking, timeZone, rules, busy, onMove, onProblem, availabilityKey }: MoveFormProps) {
  const { t, locale } = useTranslator();
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const dateRef = useRef<HTMLDivElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date) {
      dateRef.current?.querySelector("input")?.focus();
      return;
    }
    const problem = dateProblem(date, timeZone, new Date(), rules);
    if (problem) {
      onProblem(dateProblemText(problem, rules, date, locale));
      return;
    }
    if (await onMove({ cleaningDate: date, cleaningTime: time })) {
      setDate("");
      setTime("");
    }
  };

  return (
    <form className="manage-move" onSubmit={submit} aria-labelledby="manage-move-title">
      <h3 id="manage-move-title">{t(messages.title)}</h3>
      <p className="manage-move__hint">{t(messages.hint)}</p>
      <div className="form-grid cols-2">
        <div ref={dateRef}>
          <DateField
            label={t(messages.date)}
            name="cleaningDate"
            required
            timeZone={timeZone}
            min={earliestBookingDate(timeZone, new Date(), rules.leadDays)}
            rules={rules}
            value={date}
            onChange={(next) => {
              setDate(next);
              setTime("");
            }}
          />
        </div>
        <FreeTimeSelect
          date={date}
          value={time}
          onChange={setTime}
          current={{ date: booking.cleaningDate, time: booking.cleaningTime }}
          refreshKey={availabilityKey}
        />
      </div>
      <button type="submit" className="btn btn-primary manage-move__submit" disabled={busy}>
        {busy ? t(messages.moving) : t(messages.title)}
      </button>
    </form>
  );
}
