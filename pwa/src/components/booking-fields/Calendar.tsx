import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { spanishDay } from "@contracts/common/days-es.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { addDays } from "@contracts/schedule/dates.ts";
import { useTranslator } from "../../lib/i18n/translator.ts";
import { firstOfMonth, longDate, monthLabel, monthWeeks, shiftMonth } from "./dates.ts";

const WEEKDAYS = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"];
const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
// Spanish headers by Intl, from a week that starts on a Sunday (March 1, 2026): "D L M X J V S", as Spanish
// calendars head their columns, each with its whole name.
const SUNDAY_WEEK = WEEKDAYS.map((_, i) => `2026-03-0${i + 1}`);

const messages = defineMessages({
  dialog: { id: "public.calendar.dialog", defaultMessage: "Choose a date" },
  previous: { id: "public.calendar.previous", defaultMessage: "Previous month" },
  next: { id: "public.calendar.next", defaultMessage: "Next month" },
  closedDay: { id: "public.calendar.closedDay", defaultMessage: "{date} (closed)" },
  note: { id: "public.calendar.note", defaultMessage: "Closed days cannot be chosen · earliest {date}" },
});

interface CalendarProps {
  id: string;
  /** The chosen date, if any (ISO). */
  selected: string;
  /** First selectable day (ISO); earlier days are disabled. */
  min: string;
  /** Last selectable day (ISO, the booking horizon); later days are disabled. */
  max: string;
  /** A day the business is closed (a closed weekday or date): disabled and announced as closed. */
  isClosed: (iso: string) => boolean;
  onSelect: (iso: string) => void;
  onClose: () => void;
}

/** A month grid with roving focus: arrows move by day/week, PageUp/PageDown by month, Escape closes. */
export function Calendar({ id, selected, min, max, isClosed, onSelect, onClose }: CalendarProps) {
  const { t, locale } = useTranslator();
  const spanish = locale === "es";
  const headers = spanish ? SUNDAY_WEEK.map((day) => spanishDay(day, { weekday: "narrow" })) : WEEKDAYS;
  const names = spanish ? SUNDAY_WEEK.map((day) => spanishDay(day, { weekday: "long" })) : WEEKDAY_NAMES;
  const dayName = (day: string) => (spanish ? spanishDay(day, { dateStyle: "full" }) : longDate(day));
  const isDisabled = (iso: string) => iso < min || iso > max || isClosed(iso);
  const firstEnabled = (from: string) => {
    let day = from < min ? min : from > max ? max : from;
    while (isDisabled(day) && day < max) day = addDays(day, 1);
    // The last days of the horizon may all be closed: then the nearest open day before them.
    while (isDisabled(day) && day > min) day = addDays(day, -1);
    return day;
  };
  const [focusDay, setFocusDay] = useState(() => (selected && !isDisabled(selected) ? selected : firstEnabled(min)));
  const gridRef = useRef<HTMLTableElement>(null);
  // Focus goes to the roving day when the grid opens and on keyboard moves, not on the month buttons.
  const followFocus = useRef(true);

  useEffect(() => {
    if (!followFocus.current) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const move = (delta: number) => {
    let day = addDays(focusDay, delta);
    // Skip Saturdays and past days in the direction of travel; never go before the first day or past the last.
    while (isDisabled(day) && day >= min && day <= max) day = addDays(day, delta > 0 ? 1 : -1);
    if (day < min || day > max) day = firstEnabled(day);
    followFocus.current = true;
    setFocusDay(day);
  };

  const showMonth = (delta: number) => {
    const target = shiftMonth(focusDay, delta);
    const day = firstEnabled(target);
    // Keep the view on the target month when its first enabled day spills into the next one.
    followFocus.current = false;
    setFocusDay(day.slice(0, 7) === target.slice(0, 7) || delta < 0 ? day : target);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const deltas: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    if (event.key in deltas) {
      event.preventDefault();
      move(deltas[event.key]!);
    } else if (event.key === "PageUp" || event.key === "PageDown") {
      event.preventDefault();
      followFocus.current = true;
      const target = shiftMonth(focusDay, event.key === "PageUp" ? -1 : 1);
      if (target >= firstOfMonth(min) && target <= max) setFocusDay(firstEnabled(target));
    }
  };

  const viewMonth = firstOfMonth(focusDay);
  const canGoBack = viewMonth > firstOfMonth(min);
  const canGoForward = viewMonth < firstOfMonth(max);

  return (
    <div
      id={id}
      className="calendar"
      role="dialog"
      aria-label={t(messages.dialog)}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="calendar__head">
        <button
          type="button"
          className="calendar__nav"
          aria-label={t(messages.previous)}
          disabled={!canGoBack}
          onClick={() => showMonth(-1)}
        >
          ‹
        </button>
        <p className="calendar__month" aria-live="polite">
          {spanish ? spanishDay(viewMonth, { month: "long", year: "numeric" }) : monthLabel(viewMonth)}
        </p>
        <button
          type="button"
          className="calendar__nav"
          aria-label={t(messages.next)}
          disabled={!canGoForward}
          onClick={() => showMonth(1)}
        >
          ›
        </button>
      </div>
      <table className="calendar__grid" ref={gridRef} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {headers.map((d, i) => (
              <th key={d} scope="col" abbr={names[i]}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(viewMonth).map((week, w) => (
            <tr key={w}>
              {week.map((day, i) =>
                day === null ? (
                  <td key={i} />
                ) : (
                  <td key={day}>
                    <button
                      type="button"
                      data-day={day}
                      className="calendar__day"
                      tabIndex={day === focusDay ? 0 : -1}
                      disabled={isDisabled(day)}
                      aria-pressed={day === selected}
                      aria-label={isClosed(day) ? t(messages.closedDay, { date: dayName(day) }) : dayName(day)}
                      onClick={() => onSelect(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar__note">{t(messages.note, { date: dayName(min) })}</p>
    </div>
  );
}
