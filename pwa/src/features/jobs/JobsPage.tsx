// First, so that the screen's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { Booking } from "@contracts/bookings/booking.ts";
import { addDays, byVisit, todayIn } from "@contracts/schedule/dates.ts";
import { VISIT_STAGE_LABELS } from "@contracts/visit/visit.ts";
import { useMemo } from "react";
import { Link } from "../../components/Link.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { formatReceived, fullName } from "../../lib/format.ts";
import { useProfile } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import { getUser } from "../../lib/session.ts";
import { NotificationsButton } from "../../components/NotificationsButton.tsx";
import { useMyJobs } from "./useMyJobs.ts";
import "./JobsPage.css";

const NO_JOBS: Booking[] = [];

/**
 * /jobs: a technician's own jobs, today's first in time order, then the coming days; kept current live (assigned,
 * taken away, changed) and kept on the device for a day without signal. A job opens at /jobs/{id}.
 */
export default function JobsPage() {
  const { load, waiting } = useMyJobs();
  const { timeZone } = useProfile();
  const { services } = useServices();
  const name = getUser()?.name;

  const jobs = load.state === "ready" ? load.data.jobs : NO_JOBS;
  const days = useMemo(() => {
    const today = todayIn(timeZone);
    const groups = new Map<string, Booking[]>();
    // Past days are done: the list is the day ahead.
    for (const job of [...jobs].filter((j) => j.cleaningDate >= today).sort(byVisit))
      groups.set(job.cleaningDate, [...(groups.get(job.cleaningDate) ?? []), job]);
    return [...groups];
  }, [jobs, timeZone]);
  const waitingFor = (id: string) => waiting.filter((w) => w.work.bookingId === id && w.state === "pending").length;
  const title = (id: string) => services.find((s) => s._id === id)?.title ?? id;

  return (
    <div className="adm adm-dashboard adm-jobs">
      {/* The live status and Logout are the shell's (its account menu). */}
      <PageHeader title="My Jobs" lead={`Hello${name ? `, ${name}` : ""}`} actions={<NotificationsButton />} />

      <LoadState
        load={load}
        loading="Loading your jobs..."
        failed="Your jobs could not be loaded. Check the connection; they reload when it is back."
      >
        {({ keptAt }) => (
          <>
            {keptAt && (
              <p className="banner adm-jobs__offline" role="status">
                No connection: your jobs as of {formatReceived(keptAt)}. Everything you do is kept on this device and
                sent when the connection is back.
              </p>
            )}
            {days.length === 0 && <p className="adm-empty">No jobs assigned to you yet.</p>}
          </>
        )}
      </LoadState>

      {days.map(([date, list]) => (
        <section key={date} className="adm-panel adm-jobs__day" aria-label={date}>
          <h2 className="adm-panel__title">{dayTitle(date, todayIn(timeZone))}</h2>
          <ul className="adm-jobs__list">
            {list.map((job) => (
              <li key={job._id}>
                <Link to={`/jobs/${encodeURIComponent(job._id)}`} className="adm-jobs__job">
                  <p className="adm-jobs__time">{job.cleaningTime}</p>
                  <div className="adm-jobs__what">
                    <p className="adm-table__strong">{fullName(job)}</p>
                    <p>
                      {title(job.serviceType)} · {job.unitCount} {job.unitCount === 1 ? "unit" : "units"}
                    </p>
                    <p>
                      {job.homeAddress}, {job.city}
                    </p>
                    {waitingFor(job._id) > 0 && (
                      <p className="adm-jobs__waiting">{waitingFor(job._id)} waiting to be sent</p>
                    )}
                  </div>
                  <div className="adm-jobs__state">
                    {job.status === "cancelled" ? (
                      <StatusBadge status={job.status} />
                    ) : (
                      <span className="adm-jobs__stage">{VISIT_STAGE_LABELS[job.visitStage]}</span>
                    )}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** "Today, Tuesday, November 24": a technician reads their day first. */
function dayTitle(date: string, today: string): string {
  const long = new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  if (date === today) return `Today, ${long}`;
  return date === addDays(today, 1) ? `Tomorrow, ${long}` : long;
}
