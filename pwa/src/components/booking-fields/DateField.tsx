import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { DEFAULT_BOOKING_RULES, type BookingRules } from "@contracts/schedule/rules.ts";
import {
  closedDayProblem,
  DEFAULT_BUSINESS_TZ,
  earliestBookingDate,
  latestBookingDate,
} from "@contracts/schedule/dates.ts";
import { describedBy, Field } from "../form/Field.tsx";
import { formatUsDate, longDate, parseTypedDate } from "./dates.ts";
import { dateProblemText, useDateTexts } from "./dateTexts.ts";
import { useHydrated } from "../../lib/hydration.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { fieldMessages } from "./messages.ts";
import { whenIdle } from "../../lib/idle.ts";
import { usePressOutside } from "../../lib/usePressOutside.ts";
import "./DateField.css";

// The month grid shows only once the calendar button is pressed: its code is not part of the form's first load
// (/booking's budget), and is fetched once the page is idle, so that it opens at once.
const loadCalendar = () => import("./Calendar.tsx");
const Calendar = lazy(() => loadCalendar().then((module) => ({ default: module.Calendar })));

export interface DateFieldProps {
  id?: string;
  name?: string;
  label?: string;
  /** ISO date (YYYY-MM-DD) or "" when none is chosen or the typed text is not a date. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  /** Time zone whose "tomorrow" is the first bookable day. */
  timeZone?: string;
  /** First selectable day; defaults to tomorrow in `timeZone` (an editor may allow a booking's own past date). */
  min?: string;
  /** The business's booking rules (lead time, horizon, hours, closed dates), as the server enforces them. */
  rules?: BookingRules;
  /** The current instant, for tests. */
  now?: Date;
}

/**
 * A typed date (MM/DD/YYYY) with a calendar popover. A native date input cannot disable closed days, so the calendar
 * disables them (closed weekdays, closed dates) and days outside `min`..horizon. A typed closed day is kept (with
 * its note) so that the form's submit can refuse it with the same text.
 */
export function DateField({
  id: idProp,
  name,
  label,
  value,
  onChange,
  required,
  disabled,
  timeZone = DEFAULT_BUSINESS_TZ,
  min: minProp,
  rules = DEFAULT_BOOKING_RULES,
  now,
}: DateFieldProps) {
  const autoId = useId();
  const { t, locale, intl } = useTranslator();
  useDateTexts(locale);
  const id = idProp ?? autoId;
  const calendarId = `${id}-calendar`;
  const min = minProp ?? earliestBookingDate(timeZone, now, rules.leadDays);
  const max = latestBookingDate(timeZone, now, rules.horizonDays);

  const [text, setText] = useState(value ? formatUsDate(value) : "");
  const [blurred, setBlurred] = useState(false);
  const [open, setOpen] = useState(false);
  const [lastValue, setLastValue] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  // A value set from outside (a loaded booking, a reset form) replaces the text.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== (parseTypedDate(text) ?? "")) setText(value ? formatUsDate(value) : "");
  }

  const parsed = text.trim() ? parseTypedDate(text) : null;
  let error: string | null = null;
  const closed = parsed ? closedDayProblem(parsed, rules) : null;
  const invalid = dateProblemText("invalid", rules, "", locale);
  if (text.trim() && !parsed && (blurred || text.trim().length >= 10)) error = invalid;
  // A screen's own first day (a move's, an editor's) is refused with the default rules' "from tomorrow on".
  else if (parsed && parsed < min)
    error = dateProblemText("too-soon", minProp ? DEFAULT_BOOKING_RULES : rules, "", locale);
  else if (parsed && parsed > max) error = dateProblemText("too-far", rules, "", locale);
  else if (parsed && closed) error = dateProblemText(closed, rules, parsed, locale);

  // Native validation blocks a bad, too early or too late date; a closed day goes through to the submit's own refusal.
  const blocking = text.trim() && (!parsed || parsed < min || parsed > max) ? (error ?? invalid) : "";
  useEffect(() => {
    inputRef.current?.setCustomValidity(blocking);
  }, [blocking]);

  useEffect(() => whenIdle(() => void loadCalendar()), []);
  // On a page rendered at build time, the calendar opens only once React runs there (decision 0039): until then
  // its button is disabled rather than doing nothing when pressed. The date can be typed meanwhile.
  const hydrated = useHydrated();

  const closeCalendar = useCallback(() => setOpen(false), []);
  usePressOutside(open, wrapRef, closeCalendar);

  const typed = (next: string) => {
    setText(next);
    setBlurred(false);
    const iso = next.trim() ? parseTypedDate(next) : "";
    setLastValue(iso ?? "");
    onChange(iso ?? "");
  };

  const pick = (iso: string) => {
    setText(formatUsDate(iso));
    setBlurred(false);
    setLastValue(iso);
    onChange(iso);
    setOpen(false);
    toggleRef.current?.focus();
  };

  const clear = () => {
    typed("");
    inputRef.current?.focus();
  };

  // "martes, 10 de marzo de 2026" by the Spanish formatter; English stays written out (no Intl on its first load).
  const spanish = locale === "es" && intl;
  const hint =
    parsed && !error
      ? spanish
        ? spanish.formatDate(parsed, { dateStyle: "full", timeZone: "UTC" })
        : longDate(parsed)
      : t(fieldMessages.dateFormat);

  return (
    <Field id={id} label={label ?? t(fieldMessages.date)} required={required} error={error} hint={hint}>
      <div className="date-field" ref={wrapRef}>
        <div className="date-field__row">
          <input
            ref={inputRef}
            id={id}
            name={name}
            className="input date-field__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="MM/DD/YYYY"
            value={text}
            required={required}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, hint, error)}
            onChange={(e) => typed(e.target.value)}
            onBlur={() => setBlurred(true)}
          />
          {text && !disabled && (
            <button type="button" className="date-field__btn" aria-label={t(fieldMessages.clearDate)} onClick={clear}>
              <svg viewBox="0 0 20 20" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" />
              </svg>
            </button>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="date-field__btn"
            aria-label={t(fieldMessages.openCalendar)}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? calendarId : undefined}
            disabled={disabled || !hydrated}
            onClick={() => setOpen((o) => !o)}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true">
              <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
              <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
            </svg>
          </button>
        </div>
        {open && (
          <Suspense fallback={null}>
            <Calendar
              id={calendarId}
              selected={parsed ?? ""}
              min={min}
              max={max}
              isClosed={(iso) => closedDayProblem(iso, rules) !== null}
              onSelect={pick}
              onClose={() => {
                setOpen(false);
                toggleRef.current?.focus();
              }}
            />
          </Suspense>
        )}
      </div>
    </Field>
  );
}
