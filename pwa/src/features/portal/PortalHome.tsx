import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import type { PortalVisit } from "@contracts/portal/portal.ts";
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
import { forgetPortal, homeOf, keepView, type PortalHomeView, type PortalSession } from "./session.ts";
import { usePortalData } from "./usePortalData.ts";

/**
 * The signed-in customer's page: upcoming visits, estimates and invoices, past visits with their reports, Book again,
 * e-mail switches.
 */
export function PortalHome({ session, onSignedOut }: { session: PortalSession; onSignedOut: () => void }) {
  const profile = useProfile();
  const navigate = useNavigate();
  const { state, reload } = usePortalData(fetchHome, homeOf, (email, home) => keepView(email, home, new Date()));

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
          Signed in as <strong>{session.email}</strong>
        </p>
        <button type="button" className="btn btn-outline portal-small" onClick={leave}>
          Sign out
        </button>
      </div>
      {offline && <OfflineNote asOf={state.asOf} timeZone={profile.timeZone} />}
      {state.kind === "loading" && (
        <p className="portal-muted" role="status">
          Loading your visits…
        </p>
      )}
      {state.kind === "failed" && <LoadFailed what="your visits" onRetry={reload} />}
      {home && visits && (
        <>
          <section aria-labelledby="portal-upcoming">
            <h2 id="portal-upcoming">Upcoming visits</h2>
            {visits.upcoming.length === 0 ? (
              <p className="portal-muted">No visit booked.</p>
            ) : (
              <ul className="portal-list">
                {visits.upcoming.map((v) => (
                  <VisitCard key={v._id} visit={v} action={v.changeable ? "Move or cancel" : "Details"} />
                ))}
              </ul>
            )}
            {visits.lastDetails && (
              <button
                type="button"
                className="btn btn-accent portal-wide"
                onClick={() => navigate("/booking", { state: { draft: visits.lastDetails } })}
              >
                Book again
              </button>
            )}
          </section>
          <Estimates estimates={home.estimates} timeZone={profile.timeZone} offline={offline} />
          <Invoices invoices={home.invoices} timeZone={profile.timeZone} offline={offline} />
          <section aria-labelledby="portal-past">
            <h2 id="portal-past">Past visits</h2>
            {visits.past.length === 0 ? (
              <p className="portal-muted">Your service reports will be here after your first visit.</p>
            ) : (
              <ul className="portal-list">
                {visits.past.map((v) => (
                  <VisitCard
                    key={v._id}
                    visit={v}
                    action={v.status === "completed" ? (v.rating ? "Service report" : "Report and rating") : "Details"}
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
          {!offline && <Preferences />}
          <p className="portal-muted portal-help">
            Questions? Call {profile.name} at <a href={telHref(profile.phone)}>{profile.phone}</a>.
          </p>
        </>
      )}
    </>
  );
}

function VisitCard({ visit: v, action }: { visit: PortalVisit; action: string }) {
  const closed = v.status === "cancelled";
  return (
    <li className={`card portal-visit${closed ? " portal-visit--closed" : ""}`}>
      <p className="portal-visit__when">
        {dayText(v.cleaningDate)} · {v.cleaningTime}
      </p>
      <p className="portal-visit__what">
        {v.serviceTitle} · {v.unitCount} unit{v.unitCount === 1 ? "" : "s"} · {formatMoney(v.estimatedPrice)}
      </p>
      <p className="portal-muted">
        {v.homeAddress}, {v.city}
      </p>
      <p className="portal-visit__status">
        <VisitPill visit={v} />
        {v.technicianFirstName && !closed && <span>Technician: {v.technicianFirstName}</span>}
        {v.rating && (
          <span className="portal-rated" aria-label={`Rated ${v.rating.stars} of 5`}>
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
