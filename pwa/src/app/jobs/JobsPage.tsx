// First, so that the screen's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { Booking } from "@contracts/entities.ts";
import { byVisit } from "@contracts/schedule.ts";
import { useEffect, useMemo, useState } from "react";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { request } from "../../lib/http.ts";
import { fullName } from "../../lib/format.ts";
import { telHref } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import { getUser } from "../../lib/session.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { LiveBadge } from "../../components/LiveBadge.tsx";
import { useLogout } from "../useLogout.ts";
import "./JobsPage.css";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready" };

/**
 * /jobs: a technician's own jobs, kept current live (assigned, taken away, changed), oldest visit first. The
 * technician's day (stages, notes, photos) grows from here (issue 17).
 */
export default function JobsPage() {
  const [jobs, setJobs] = useState<Booking[]>([]);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const { services } = useServices();
  const { logout, busy } = useLogout();
  const name = getUser()?.name;

  const reload = () =>
    request<Booking[]>("/api/bookings", { auth: true }).then(
      (list) => {
        setJobs(list);
        setLoad({ state: "ready" });
      },
      () => setLoad((l) => (l.state === "ready" ? l : { state: "failed" })),
    );
  useEffect(() => void reload(), []);
  // Events missed while the socket was away are not replayed: a reconnection reads the list again.
  useSocketEvent("connect", () => void reload());
  useSocketEvent("jobAssigned", (booking) =>
    setJobs((list) => [...list.filter((j) => j._id !== booking._id), booking]),
  );
  useSocketEvent("jobUnassigned", (booking) => setJobs((list) => list.filter((j) => j._id !== booking._id)));
  useSocketEvent("bookingUpdated", (booking) =>
    setJobs((list) => list.map((j) => (j._id === booking._id ? booking : j))),
  );

  const days = useMemo(() => {
    const groups = new Map<string, Booking[]>();
    for (const job of [...jobs].sort(byVisit))
      groups.set(job.cleaningDate, [...(groups.get(job.cleaningDate) ?? []), job]);
    return [...groups];
  }, [jobs]);
  const title = (id: string) => services.find((s) => s._id === id)?.title ?? id;

  return (
    <div className="adm adm-dashboard adm-jobs">
      <header className="adm-dashboard__header">
        <div>
          <h1 className="adm-dashboard__title">My Jobs</h1>
          <p className="adm-dashboard__welcome">Hello{name ? `, ${name}` : ""}</p>
        </div>
        <div className="adm-dashboard__session">
          <LiveBadge />
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void logout()}>
            {busy ? "Logging out..." : "Logout"}
          </button>
        </div>
      </header>

      {load.state === "loading" && (
        <p className="adm-empty" role="status">
          Loading your jobs...
        </p>
      )}
      {load.state === "failed" && (
        <p className="banner banner-error" role="alert">
          Your jobs could not be loaded. Check the connection; they reload when it is back.
        </p>
      )}
      {load.state === "ready" && jobs.length === 0 && <p className="adm-empty">No jobs assigned to you yet.</p>}

      {days.map(([date, list]) => (
        <section key={date} className="adm-panel adm-jobs__day" aria-label={date}>
          <h2 className="adm-panel__title">
            {new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
              weekday: "long",
              month: "long",
              day: "numeric",
              timeZone: "UTC",
            })}
          </h2>
          <ul className="adm-jobs__list">
            {list.map((job) => (
              <li key={job._id} className="adm-jobs__job">
                <p className="adm-jobs__time">{job.cleaningTime}</p>
                <div className="adm-jobs__what">
                  <p className="adm-table__strong">{fullName(job)}</p>
                  <p>
                    {title(job.serviceType)} · {job.unitCount} {job.unitCount === 1 ? "unit" : "units"}
                  </p>
                  <p>
                    {job.homeAddress}, {job.city}
                  </p>
                  <a href={telHref(job.contactNumber)}>{job.contactNumber}</a>
                </div>
                <StatusBadge status={job.status} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
