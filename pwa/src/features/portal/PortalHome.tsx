import { lazy, Suspense, useEffect } from "react";
import { useNavigate } from "react-router-dom";
import {
  PORTAL_HOME_PATHS,
  type PortalPreferences,
  type PortalVisit,
  type PortalVisits,
} from "@contracts/portal/portal.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { Link } from "../../components/Link.tsx";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { fetchHome, signOut } from "./api.ts";
import { Estimates } from "./Estimates.tsx";
import { Invoices } from "./Invoices.tsx";
import { dayText } from "./format.ts";
import { VisitPill } from "./VisitPill.tsx";
import { LoadFailed } from "./LoadFailed.tsx";
import { OfflineNote } from "./OfflineNote.tsx";
import { Preferences } from "./Preferences.tsx";
import { TextConsent } from "./TextConsent.tsx";
import type { SmsConsent } from "@contracts/texts/texts.ts";
import type { JoinOffer, Membership } from "@contracts/plans/plan.ts";
import { forgetPortal, homeOf, keepView, type PortalHomeView, type PortalSession } from "./session.ts";
import { useCustomerLanguage, usePortalData } from "./usePortalData.ts";
import type { PortalEstimates, PortalInvoices } from "@contracts/portal/money.ts";
import { usePageData } from "../../lib/pageData.tsx";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { type Translator, useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { HydratesAsWritten } from "../../lib/i18n/translator.ts";
import { PortalLanguage } from "./PortalLanguage.tsx";

// A member's plan, in a chunk of its own: most customers have none, and the page's budget stays as it was.
const MemberPlans = lazy(() => import("./MemberPlans.tsx"));
// The plans on sale, in a chunk of its own read after the page: the page's budget stays as it was.
const JoinPlan = lazy(() => import("./JoinPlan.tsx"));

const messages = defineMessages({
  signedInAs: { id: "public.portal.signedInAs", defaultMessage: "Signed in as" },
  signOut: { id: "public.portal.signOut", defaultMessage: "Sign out" },
  loading: { id: "public.portal.loading", defaultMessage: "Loading your visits…" },
  upcoming: { id: "public.portal.upcoming", defaultMessage: "Upcoming visits" },
  noVisit: { id: "public.portal.noVisit", defaultMessage: "No visit booked." },
  moveOrCancel: { id: "public.portal.moveOrCancel", defaultMessage: "Move or cancel" },
  details: { id: "public.portal.details", defaultMessage: "Details" },
  bookAgain: { id: "public.portal.bookAgain", defaultMessage: "Book again" },
  past: { id: "public.portal.past", defaultMessage: "Past visits" },
  noReports: {
    id: "public.portal.noReports",
    defaultMessage: "Your service reports will be here after your first visit.",
  },
  report: { id: "public.portal.report", defaultMessage: "Service report" },
  reportAndRating: { id: "public.portal.reportAndRating", defaultMessage: "Report and rating" },
  questions: { id: "public.portal.questions", defaultMessage: "Questions? Call {business} at" },
  unit: { id: "public.portal.unit", defaultMessage: "1 unit" },
  units: { id: "public.portal.units", defaultMessage: "{count} units" },
  technician: { id: "public.portal.technician", defaultMessage: "Technician: {name}" },
  rated: { id: "public.portal.rated", defaultMessage: "Rated {stars} of 5" },
  yourVisits: { id: "public.portal.yourVisits", defaultMessage: "your visits" },
});

/** The home as the server rendered it, when it did. */
function useServedHome(): PortalHomeView | undefined {
  const visits = usePageData<PortalVisits>(PORTAL_HOME_PATHS.visits);
  const estimates = usePageData<PortalEstimates>(PORTAL_HOME_PATHS.estimates);
  const invoices = usePageData<PortalInvoices>(PORTAL_HOME_PATHS.invoices);
  return visits && estimates && invoices ? { visits, estimates, invoices } : undefined;
}

/**
 * The signed-in customer's page: upcoming visits, estimates and invoices, past visits with their reports, Book again,
 * e-mail switches.
 */
export function PortalHome({ session, onSignedOut }: { session: PortalSession; onSignedOut: () => void }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const words = useTranslator();
  const { t } = words;
  const { state, reload } = usePortalData(
    session,
    fetchHome,
    homeOf,
    (email, home) => keepView(email, home, new Date()),
    useServedHome(),
  );
  const servedPreferences = usePageData<PortalPreferences>(PORTAL_HOME_PATHS.preferences);
  useCustomerLanguage(true);
  const servedTextConsent = usePageData<SmsConsent>(PORTAL_HOME_PATHS.smsConsent);
  const servedPlans = usePageData<Membership[]>(PORTAL_HOME_PATHS.memberships);
  const servedOffer = usePageData<JoinOffer>(PORTAL_HOME_PATHS.offer);

  const leave = async () => {
    await signOut().catch(() => undefined);
    forgetPortal();
    onSignedOut();
  };

  // The server no longer takes the session (signed out on another device, expired): ask for a new link.
  const ended = state.kind === "signed-out";
  useEffect(() => {
    if (!ended) return;
    forgetPortal();
    onSignedOut();
  }, [ended, onSignedOut]);
  const home: PortalHomeView | null = state.kind === "live" || state.kind === "offline" ? state.data : null;
  const visits = home?.visits;
  const offline = state.kind === "offline";

  return (
    <>
      <div className="portal-bar">
        <p className="portal-muted">
          {`${t(messages.signedInAs)} `}
          <strong>{session.email}</strong>
        </p>
        <button type="button" className="btn btn-outline portal-small" onClick={leave}>
          {t(messages.signOut)}
        </button>
      </div>
      {offline && <OfflineNote asOf={state.asOf} timeZone={profile.timeZone} />}
      {state.kind === "loading" && (
        <p className="portal-muted" role="status">
          {t(messages.loading)}
        </p>
      )}
      {state.kind === "failed" && <LoadFailed what={t(messages.yourVisits)} onRetry={reload} />}
      {home && visits && (
        <>
          <section aria-labelledby="portal-upcoming">
            <h2 id="portal-upcoming">{t(messages.upcoming)}</h2>
            {visits.upcoming.length === 0 ? (
              <p className="portal-muted">{t(messages.noVisit)}</p>
            ) : (
              <ul className="portal-list">
                {visits.upcoming.map((v) => (
                  <VisitCard
                    key={v._id}
                    visit={v}
                    action={t(v.changeable ? messages.moveOrCancel : messages.details)}
                    words={words}
                  />
                ))}
              </ul>
            )}
            {visits.lastDetails && (
              <button
                type="button"
                className="btn btn-accent portal-wide"
                onClick={() => navigate("/booking", { state: { draft: visits.lastDetails } })}
              >
                {t(messages.bookAgain)}
              </button>
            )}
          </section>
          {!offline && (
            <Suspense fallback={null}>
              {/* Hydrated after the page: in the language its HTML was written in, whatever was chosen meanwhile. */}
              <HydratesAsWritten>
                <MemberPlans initial={servedPlans} />
                <JoinPlan initial={servedOffer} />
              </HydratesAsWritten>
            </Suspense>
          )}
          <Estimates estimates={home.estimates} timeZone={profile.timeZone} offline={offline} />
          <Invoices invoices={home.invoices} timeZone={profile.timeZone} offline={offline} />
          <section aria-labelledby="portal-past">
            <h2 id="portal-past">{t(messages.past)}</h2>
            {visits.past.length === 0 ? (
              <p className="portal-muted">{t(messages.noReports)}</p>
            ) : (
              <ul className="portal-list">
                {visits.past.map((v) => (
                  <VisitCard
                    key={v._id}
                    visit={v}
                    action={t(
                      v.status === "completed"
                        ? v.rating
                          ? messages.report
                          : messages.reportAndRating
                        : messages.details,
                    )}
                    words={words}
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {/* Below the visits, once they are here: drawn while they load, they would be pushed down the screen. */}
      {state.kind !== "loading" && (
        <>
          {!offline && <Preferences initial={servedPreferences} />}
          {!offline && <TextConsent initial={servedTextConsent} />}
          {!offline && <PortalLanguage />}
          <p className="portal-muted portal-help">
            {t(messages.questions, { business: profile.name })} <a href={telHref(profile.phone)}>{profile.phone}</a>.
          </p>
        </>
      )}
    </>
  );
}

function VisitCard({ visit: v, action, words }: { visit: PortalVisit; action: string; words: Translator }) {
  const { t } = words;
  const closed = v.status === "cancelled";
  return (
    <li className={`card portal-visit${closed ? " portal-visit--closed" : ""}`}>
      <p className="portal-visit__when">
        {dayText(v.cleaningDate, words)} · {v.cleaningTime}
      </p>
      <p className="portal-visit__what">
        {v.serviceTitle} · {v.unitCount === 1 ? t(messages.unit) : t(messages.units, { count: v.unitCount })} ·{" "}
        {formatMoney(v.estimatedPrice)}
      </p>
      <p className="portal-muted">
        {v.homeAddress}, {v.city}
      </p>
      <p className="portal-visit__status">
        <VisitPill visit={v} />
        {v.technicianFirstName && !closed && <span>{t(messages.technician, { name: v.technicianFirstName })}</span>}
        {v.rating && (
          <span className="portal-rated" aria-label={t(messages.rated, { stars: v.rating.stars })}>
            {"★".repeat(v.rating.stars)}
          </span>
        )}
      </p>
      <Link to={`/portal/visits/${v._id}`} className="portal-visit__link">
        {action} ›
      </Link>
    </li>
  );
}
