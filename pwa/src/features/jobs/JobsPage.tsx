// First, so that the screen's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { Booking } from "@contracts/bookings/booking.ts";
import { addDays, byVisit, todayIn } from "@contracts/schedule/dates.ts";
import type { Locale } from "@contracts/i18n/locales.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useMemo } from "react";
import { Link } from "../../components/Link.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { STAGE_MESSAGES } from "../../components/visit/visitMessages.ts";
import { formatReceived, fullName } from "../../lib/format.ts";
import { useProfile } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import { type Translator, useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { getUser } from "../../lib/session.ts";
import { NotificationsButton } from "../../components/NotificationsButton.tsx";
import { useMyJobs } from "./useMyJobs.ts";
import "./JobsPage.css";

const NO_JOBS: Booking[] = [];

const messages = defineMessages({
  title: { id: "field.jobs.title", defaultMessage: "My Jobs" },
  hello: { id: "field.jobs.hello", defaultMessage: "Hello" },
  helloName: { id: "field.jobs.helloName", defaultMessage: "Hello, {name}" },
  loading: { id: "field.jobs.loading", defaultMessage: "Loading your jobs..." },
  failed: {
    id: "field.jobs.failed",
    defaultMessage: "Your jobs could not be loaded. Check the connection; they reload when it is back.",
  },
  offline: {
    id: "field.jobs.offline",
    defaultMessage:
      "No connection: your jobs as of {time}. Everything you do is kept on this device and sent when the connection is back.",
  },
  none: { id: "field.jobs.none", defaultMessage: "No jobs assigned to you yet." },
  oneUnit: { id: "field.jobs.oneUnit", defaultMessage: "{service} · 1 unit" },
  units: { id: "field.jobs.units", defaultMessage: "{service} · {count} units" },
  waiting: { id: "field.jobs.waiting", defaultMessage: "{count} waiting to be sent" },
  today: { id: "field.jobs.today", defaultMessage: "Today, {day}" },
  tomorrow: { id: "field.jobs.tomorrow", defaultMessage: "Tomorrow, {day}" },
});

/**
 * /jobs: a technician's own jobs, today's first in time order, then the coming days; kept current live (assigned,
 * taken away, changed) and kept on the device for a day without signal. A job opens at /jobs/{id}.
 */
export default function JobsPage() {
  const { t, locale } = useTranslator();
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
      <PageHeader
        title={t(messages.title)}
        lead={name ? t(messages.helloName, { name }) : t(messages.hello)}
        actions={<NotificationsButton />}
      />

      <LoadState load={load} loading={t(messages.loading)} failed={t(messages.failed)}>
        {({ keptAt }) => (
          <>
            {keptAt && (
              <p className="banner adm-jobs__offline" role="status">
                {t(messages.offline, { time: formatReceived(keptAt) })}
              </p>
            )}
            {days.length === 0 && <p className="adm-empty">{t(messages.none)}</p>}
          </>
        )}
      </LoadState>

      {days.map(([date, list]) => (
        <section key={date} className="adm-panel adm-jobs__day" aria-label={date}>
          <h2 className="adm-panel__title">{dayTitle(date, todayIn(timeZone), locale, t)}</h2>
          <ul className="adm-jobs__list">
            {list.map((job) => (
              <li key={job._id}>
                <Link to={`/jobs/${encodeURIComponent(job._id)}`} className="adm-jobs__job">
                  <p className="adm-jobs__time">{job.cleaningTime}</p>
                  <div className="adm-jobs__what">
                    <p className="adm-table__strong">{fullName(job)}</p>
                    <p>
                      {job.unitCount === 1
                        ? t(messages.oneUnit, { service: title(job.serviceType) })
                        : t(messages.units, { service: title(job.serviceType), count: job.unitCount })}
                    </p>
                    <p>
                      {job.homeAddress}, {job.city}
                    </p>
                    {waitingFor(job._id) > 0 && (
                      <p className="adm-jobs__waiting">{t(messages.waiting, { count: waitingFor(job._id) })}</p>
                    )}
                  </div>
                  <div className="adm-jobs__state">
                    {job.status === "cancelled" ? (
                      <StatusBadge status={job.status} />
                    ) : (
                      <span className="adm-jobs__stage">{t(STAGE_MESSAGES[job.visitStage])}</span>
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

/** "Today, Tuesday, November 24" ("Hoy, martes, 24 de noviembre"): a technician reads their day first. */
function dayTitle(date: string, today: string, locale: Locale, t: Translator["t"]): string {
  const long = new Date(`${date}T12:00:00Z`).toLocaleDateString(locale === "es" ? "es-US" : "en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  if (date === today) return t(messages.today, { day: long });
  return date === addDays(today, 1) ? t(messages.tomorrow, { day: long }) : long;
}
