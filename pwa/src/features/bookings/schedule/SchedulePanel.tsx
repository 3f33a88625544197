import type { DaySchedule } from "@contracts/bookings/day-schedule.ts";
import { addDays, isIsoDate, todayIn } from "@contracts/schedule/dates.ts";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { StatusBadge } from "../../../components/StatusBadge.tsx";
import { formatLongDate, fullName } from "../../../lib/format.ts";
import { useProfile } from "../../../lib/profile.tsx";
import { useSocketEvent } from "../../../lib/socketEvents.ts";
import { fetchSchedule } from "../api.ts";
import { AssignTechnician } from "../AssignTechnician.tsx";
import { visitLine } from "../visitLine.ts";
import "./SchedulePanel.css";

/**
 * The Schedule tab: one day, a column per active technician plus "Unassigned", each job in its slot. A job is
 * (re)assigned with its select, which works the same by mouse, keyboard and touch; the server refuses a technician
 * who already has a job at that time (409), and every dashboard follows live.
 */
export function SchedulePanel({ serviceTitle }: { serviceTitle: (id: string) => string }) {
  const { timeZone } = useProfile();
  // The day lives in the address (?day=), so it stays chosen across tabs, the edit screen and a reload.
  const [params, setParams] = useSearchParams();
  const chosen = params.get("day");
  const date = chosen && isIsoDate(chosen) ? chosen : todayIn(timeZone);
  const showDay = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set("day", next);
        return copy;
      },
      { replace: true },
    );
  const [day, setDay] = useState<DaySchedule | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(() => {
    fetchSchedule(date).then(
      (schedule) => {
        setDay(schedule);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [date]);
  useEffect(reload, [reload]);
  // Another dashboard assigned, moved or booked a job: the day is read again.
  useSocketEvent("bookingUpdated", reload);
  useSocketEvent("newBooking", reload);
  useSocketEvent("bookingDeleted", reload);
  useSocketEvent("connect", reload);

  const columns = day
    ? [
        ...day.technicians.map((c) => ({
          key: c.technician._id,
          name: c.technician.name,
          color: c.technician.color,
          jobs: c.jobs,
        })),
        { key: "unassigned", name: "Unassigned", color: "transparent", jobs: day.unassigned },
      ]
    : [];
  const technicians = day?.technicians.map((c) => c.technician) ?? [];

  return (
    <section className="adm-panel" aria-labelledby="schedule-title">
      <div className="adm-panel__head">
        <h2 id="schedule-title" className="adm-panel__title">
          Schedule: {formatLongDate(date)}
        </h2>
        <div className="adm-schedule__nav">
          <button type="button" className="btn btn-outline adm-btn-small" onClick={() => showDay(addDays(date, -1))}>
            Previous day
          </button>
          <button type="button" className="btn btn-outline adm-btn-small" onClick={() => showDay(todayIn(timeZone))}>
            Today
          </button>
          <button type="button" className="btn btn-outline adm-btn-small" onClick={() => showDay(addDays(date, 1))}>
            Next day
          </button>
        </div>
      </div>
      {failed && (
        <p className="banner banner-error" role="alert">
          The schedule could not be loaded.
        </p>
      )}
      {day && (
        <div className="adm-schedule">
          {columns.map((column) => (
            <section key={column.key} className="adm-schedule__column" aria-label={column.name}>
              <h3 className="adm-schedule__name">
                <span className="adm-schedule__swatch" style={{ background: column.color }} aria-hidden="true" />
                {column.name} <span className="adm-schedule__count">({column.jobs.length})</span>
              </h3>
              {column.jobs.length === 0 && <p className="adm-schedule__empty">No jobs</p>}
              <ul className="adm-schedule__jobs">
                {/* In slot order, as the server lists them. */}
                {column.jobs.map((job) => (
                  <li key={job._id} className="adm-schedule__job">
                    <p className="adm-schedule__time">{job.cleaningTime}</p>
                    <p className="adm-table__strong">{fullName(job)}</p>
                    <p>
                      {serviceTitle(job.serviceType)} · {job.city}
                    </p>
                    <StatusBadge status={job.status} />
                    {job.visitStage !== "scheduled" && (
                      <p className="adm-schedule__visit">{visitLine(job, timeZone)}</p>
                    )}
                    <AssignTechnician
                      booking={job}
                      technicians={technicians}
                      label={`Technician for ${fullName(job)} at ${job.cleaningTime}`}
                      onAssigned={reload}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
