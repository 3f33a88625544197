import { lazy, Suspense, useState } from "react";
import { useParams } from "react-router-dom";
import { portalVisitPath, type PortalVisitDetails, type RatingSaved } from "@contracts/portal/portal.ts";
import { CANCELLATION_POLICY } from "@contracts/bookings/manage.ts";
import { MESSAGES } from "@contracts/common/messages.ts";
import { Link } from "../../components/Link.tsx";
import { failureText } from "../../lib/http.ts";
import { useProfile } from "../../lib/profile.tsx";
import { cancelVisit, fetchVisit, moveVisit, rateSignedIn } from "./api.ts";
import { AskLink } from "./AskLink.tsx";
import { LoadFailed } from "./LoadFailed.tsx";
import { OfflineNote } from "./OfflineNote.tsx";
import { PortalFrame } from "./PortalFrame.tsx";
import { VisitReport } from "./VisitReport.tsx";
import { dayText } from "./format.ts";
import { VisitPill } from "./VisitPill.tsx";
import { keepView } from "./session.ts";
import { RatingThanks, StarPicker } from "./StarPicker.tsx";
import { usePortalData, usePortalSession } from "./usePortalData.ts";
import { usePageData } from "../../lib/pageData.tsx";

// The date picker and free times load only for a visit that can still move (and need the server anyway).
const MoveForm = lazy(() => import("../../components/move/MoveForm.tsx").then((m) => ({ default: m.MoveForm })));

/** /portal/visits/{id}: one visit; Move and Cancel while it may change, its report and rating once it is done. */
export default function VisitPage() {
  const { id = "" } = useParams();
  const profile = useProfile();
  const { state, reload } = usePortalData(
    usePortalSession(),
    () => fetchVisit(id),
    (view) => view.details[id],
    (email, visit) => keepView(email, { visit }, new Date()),
    usePageData<PortalVisitDetails>(portalVisitPath(id)),
  );
  const [busy, setBusy] = useState<"move" | "cancel" | "rate" | null>(null);
  const [notice, setNotice] = useState<{ kind: "done" | "problem"; text: string } | null>(null);
  const [rated, setRated] = useState<RatingSaved | null>(null);

  const act = async (kind: "move" | "cancel", run: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    setNotice(null);
    try {
      await run();
      setNotice({ kind: "done", text: done });
      reload();
      return true;
    } catch (error) {
      setNotice({ kind: "problem", text: failureText(error, { otherwise: "That did not work. Please call us." }) });
      return false;
    } finally {
      setBusy(null);
    }
  };
  const rate = async (stars: number, comment: string) => {
    setBusy("rate");
    try {
      setRated(await rateSignedIn(id, stars, comment));
    } catch (error) {
      setNotice({ kind: "problem", text: failureText(error, { otherwise: "Your rating was not sent. Try again." }) });
    } finally {
      setBusy(null);
    }
  };

  if (state.kind === "signed-out")
    return (
      <PortalFrame title="Your Visit">
        <div className="card portal-card">
          <AskLink lead="Sign in to see this visit." />
        </div>
      </PortalFrame>
    );
  const visit: PortalVisitDetails | null = state.kind === "live" || state.kind === "offline" ? state.data : null;
  const live = state.kind === "live";

  return (
    <PortalFrame title={visit ? visit.serviceTitle : "Your Visit"}>
      <p>
        <Link to="/portal">‹ All your visits</Link>
      </p>
      {state.kind === "offline" && <OfflineNote asOf={state.asOf} timeZone={profile.timeZone} />}
      {state.kind === "loading" && <p role="status">Loading your visit…</p>}
      {state.kind === "not-found" && <p role="alert">That visit was not found.</p>}
      {state.kind === "failed" && <LoadFailed what="this visit" onRetry={reload} />}
      {notice && (
        <p
          role={notice.kind === "done" ? "status" : "alert"}
          className={`banner banner-${notice.kind === "done" ? "success" : "error"}`}
        >
          {notice.text}
        </p>
      )}
      {visit && (
        <>
          <div className="card portal-card">
            <p className="portal-visit__when">
              {dayText(visit.cleaningDate)} · {visit.cleaningTime}
            </p>
            <p>
              {visit.homeAddress}, {visit.city}, {visit.state} {visit.zip}
            </p>
            <p className="portal-visit__status">
              <VisitPill visit={visit} />
              {visit.technicianFirstName && <span>Technician: {visit.technicianFirstName}</span>}
            </p>
          </div>

          {visit.status !== "completed" && visit.status !== "cancelled" && (
            <section className="card portal-card" aria-labelledby="portal-change">
              <h2 id="portal-change">Move or cancel</h2>
              <p className="portal-muted">{CANCELLATION_POLICY}</p>
              {visit.changeable && live ? (
                <>
                  <Suspense fallback={<p className="portal-muted">Loading free times…</p>}>
                    <MoveForm
                      booking={visit}
                      timeZone={profile.timeZone}
                      rules={profile.bookingRules}
                      busy={busy === "move"}
                      availabilityKey={0}
                      onProblem={(text) => setNotice({ kind: "problem", text })}
                      onMove={(slot) => act("move", () => moveVisit(id, slot), MESSAGES.manageRescheduled)}
                    />
                  </Suspense>
                  <button
                    type="button"
                    className="btn btn-outline portal-wide portal-cancel"
                    disabled={busy !== null}
                    onClick={() =>
                      window.confirm(MESSAGES.confirmCancelBooking) &&
                      void act("cancel", () => cancelVisit(id), MESSAGES.manageCancelled)
                    }
                  >
                    {busy === "cancel" ? "Cancelling…" : "Cancel visit"}
                  </button>
                </>
              ) : (
                <p>{live ? MESSAGES.manageTooLate : "Changes need a connection."}</p>
              )}
            </section>
          )}

          {visit.status === "completed" && (
            <>
              <VisitReport visit={visit} timeZone={profile.timeZone} />
              <section className="card portal-card" aria-labelledby="portal-rating">
                <h2 id="portal-rating">How did we do?</h2>
                {rated ? (
                  <RatingThanks stars={rated.stars} reviewUrl={rated.reviewUrl} name={profile.shortName} />
                ) : visit.rating ? (
                  <p>
                    You rated this visit {visit.rating.stars} of 5.{" "}
                    <span aria-hidden="true">{"★".repeat(visit.rating.stars)}</span>
                  </p>
                ) : live ? (
                  <StarPicker initial={null} busy={busy === "rate"} onSend={rate} />
                ) : (
                  <p className="portal-muted">Rating needs a connection.</p>
                )}
              </section>
            </>
          )}
        </>
      )}
    </PortalFrame>
  );
}
