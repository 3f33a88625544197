import type { Booking, DaySchedule } from "@contracts/entities.ts";
import { addDays, isIsoDate, todayIn } from "@contracts/schedule.ts";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { StatusBadge } from "../../../components/StatusBadge.tsx";
import { ApiError, NetworkError } from "../../../lib/http.ts";
import { fullName } from "../../../lib/format.ts";
import { useProfile } from "../../../lib/profile.tsx";
import { useSocketEvent } from "../../../lib/socketEvents.ts";
import { assignJob, fetchSchedule } from "../api.ts";
import "./SchedulePanel.css";

const UNASSIGNED = "";

function errorText(error: unknown): string {
  if (error instanceof NetworkError) return "Could not reach the server. Please try again.";
  if (error instanceof ApiError && error.body?.message) return error.body.message;
  return "The job was not assigned. Please try again.";
}

const dayTitle = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

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
  const setDate = (next: string | ((current: string) => string)) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set("day", typeof next === "function" ? next(date) : next);
        return copy;
      },
      { replace: true },
    );
  const [day, setDay] = useState<DaySchedule | null>(null);
  const [failed, setFailed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

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

  async function assign(job: Booking, technicianId: string) {
    setBusyId(job._id);
    setProblem(null);
    try {
      await assignJob(job._id, technicianId === UNASSIGNED ? null : technicianId);
      reload();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusyId(null);
    }
  }

  const columns = day
    ? [
        ...day.technicians.map((c) => ({
          key: c.technician._id,
          name: c.technician.name,
          color: c.technician.color,
          jobs: c.jobs,
        })),
        { key: UNASSIGNED, name: "Unassigned", color: "transparent", jobs: day.unassigned },
      ]
    : [];
  const choices = [
    { value: UNASSIGNED, label: "Unassigned" },
    ...(day?.technicians.map((c) => ({ value: c.technician._id, label: c.technician.name })) ?? []),
  ];

  return (
    <section className="adm-panel" aria-labelledby="schedule-title">
      <div className="adm-panel__head">
        <h2 id="schedule-title" className="adm-panel__title">
          Schedule: {dayTitle(date)}
        </h2>
        <div className="adm-schedule__nav">
          <button
            type="button"
            className="btn btn-outline adm-btn-small"
            onClick={() => setDate((d) => addDays(d, -1))}
          >
            Previous day
          </button>
          <button type="button" className="btn btn-outline adm-btn-small" onClick={() => setDate(todayIn(timeZone))}>
            Today
          </button>
          <button type="button" className="btn btn-outline adm-btn-small" onClick={() => setDate((d) => addDays(d, 1))}>
            Next day
          </button>
        </div>
      </div>
      {problem && (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      )}
      {failed && (
        <p className="banner banner-error" role="alert">
          The schedule could not be loaded.
        </p>
      )}
      {day && (
        <div className="adm-schedule">
          {columns.map((column) => (
            <section key={column.key || "unassigned"} className="adm-schedule__column" aria-label={column.name}>
              <h3 className="adm-schedule__name">
                <span className="adm-schedule__swatch" style={{ background: column.color }} aria-hidden="true" />
                {column.name} <span className="adm-schedule__count">({column.jobs.length})</span>
              </h3>
              {column.jobs.length === 0 && <p className="adm-schedule__empty">No jobs</p>}
              <ul className="adm-schedule__jobs">
                {[...column.jobs]
                  .sort((a, b) => a.cleaningTime.localeCompare(b.cleaningTime))
                  .map((job) => (
                    <li key={job._id} className="adm-schedule__job">
                      <p className="adm-schedule__time">{job.cleaningTime}</p>
                      <p className="adm-table__strong">{fullName(job)}</p>
                      <p>
                        {serviceTitle(job.serviceType)} · {job.city}
                      </p>
                      <StatusBadge status={job.status} />
                      <label className="visually-hidden" htmlFor={`assign-${job._id}`}>
                        Technician for {fullName(job)} at {job.cleaningTime}
                      </label>
                      <select
                        id={`assign-${job._id}`}
                        className="input adm-schedule__assign"
                        value={job.technicianId ?? UNASSIGNED}
                        disabled={busyId === job._id}
                        onChange={(e) => void assign(job, e.target.value)}
                      >
                        {choices.map((c) => (
                          <option key={c.value || "none"} value={c.value}>
                            {c.label}
                          </option>
                        ))}
                      </select>
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
