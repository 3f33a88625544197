import { lazy, Suspense, useState } from "react";
import { useParams } from "react-router-dom";
import { portalVisitPath, type PortalVisitDetails, type RatingSaved } from "@contracts/portal/portal.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { Link } from "../../components/Link.tsx";
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
import { useCustomerLanguage, usePortalData, usePortalSession } from "./usePortalData.ts";
import { usePageData } from "../../lib/pageData.tsx";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { changeMessages } from "../../components/move/changeMessages.ts";
import { failureIn } from "./failure.ts";

const m = defineMessages({
  title: { id: "public.portal.visit.title", defaultMessage: "Your Visit" },
  signIn: { id: "public.portal.visit.signIn", defaultMessage: "Sign in to see this visit." },
  back: { id: "public.portal.visit.back", defaultMessage: "‹ All your visits" },
  loading: { id: "public.portal.visit.loading", defaultMessage: "Loading your visit…" },
  notFound: { id: "public.portal.visit.notFound", defaultMessage: "That visit was not found." },
  thisVisit: { id: "public.portal.visit.thisVisit", defaultMessage: "this visit" },
  failed: { id: "public.portal.visit.failed", defaultMessage: "That did not work. Please call us." },
  notRated: { id: "public.portal.visit.notRated", defaultMessage: "Your rating was not sent. Try again." },
  technician: { id: "public.portal.visit.technician", defaultMessage: "Technician: {name}" },
  change: { id: "public.portal.visit.change", defaultMessage: "Move or cancel" },
  loadingTimes: { id: "public.portal.visit.loadingTimes", defaultMessage: "Loading free times…" },
  cancelling: { id: "public.portal.visit.cancelling", defaultMessage: "Cancelling…" },
  cancel: { id: "public.portal.visit.cancel", defaultMessage: "Cancel visit" },
  changesOffline: { id: "public.portal.visit.changesOffline", defaultMessage: "Changes need a connection." },
  rating: { id: "public.portal.visit.rating", defaultMessage: "How did we do?" },
  rated: { id: "public.portal.visit.rated", defaultMessage: "You rated this visit {stars} of 5." },
  ratingOffline: { id: "public.portal.visit.ratingOffline", defaultMessage: "Rating needs a connection." },
});

// The date picker and free times load only for a visit that can still move (and need the server anyway).
const MoveForm = lazy(() => import("../../components/move/MoveForm.tsx").then((m) => ({ default: m.MoveForm })));

/** /portal/visits/{id}: one visit; Move and Cancel while it may change, its report and rating once it is done. */
export default function VisitPage() {
  const { id = "" } = useParams();
  const profile = useProfile();
  const words = useTranslator();
  const { t } = words;
  const session = usePortalSession();
  useCustomerLanguage(session !== null);
  const { state, reload } = usePortalData(
    session,
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
      setNotice({ kind: "problem", text: failureIn(t, error, m.failed) });
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
      setNotice({ kind: "problem", text: failureIn(t, error, m.notRated) });
    } finally {
      setBusy(null);
    }
  };

  if (state.kind === "signed-out")
    return (
      <PortalFrame title={t(m.title)}>
        <div className="card portal-card">
          <AskLink lead={t(m.signIn)} />
        </div>
      </PortalFrame>
    );
  const visit: PortalVisitDetails | null = state.kind === "live" || state.kind === "offline" ? state.data : null;
  const live = state.kind === "live";

  return (
    <PortalFrame title={visit ? visit.serviceTitle : t(m.title)}>
      <p>
        <Link to="/portal">{t(m.back)}</Link>
      </p>
      {state.kind === "offline" && <OfflineNote asOf={state.asOf} timeZone={profile.timeZone} />}
      {state.kind === "loading" && <p role="status">{t(m.loading)}</p>}
      {state.kind === "not-found" && <p role="alert">{t(m.notFound)}</p>}
      {state.kind === "failed" && <LoadFailed what={t(m.thisVisit)} onRetry={reload} />}
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
              {dayText(visit.cleaningDate, words)} · {visit.cleaningTime}
            </p>
            <p>
              {visit.homeAddress}, {visit.city}, {visit.state} {visit.zip}
            </p>
            <p className="portal-visit__status">
              <VisitPill visit={visit} />
              {visit.technicianFirstName && <span>{t(m.technician, { name: visit.technicianFirstName })}</span>}
            </p>
          </div>

          {visit.status !== "completed" && visit.status !== "cancelled" && (
            <section className="card portal-card" aria-labelledby="portal-change">
              <h2 id="portal-change">{t(m.change)}</h2>
              <p className="portal-muted">{t(changeMessages.policy)}</p>
              {visit.changeable && live ? (
                <>
                  <Suspense fallback={<p className="portal-muted">{t(m.loadingTimes)}</p>}>
                    <MoveForm
                      booking={visit}
                      timeZone={profile.timeZone}
                      rules={profile.bookingRules}
                      busy={busy === "move"}
                      availabilityKey={0}
                      onProblem={(text) => setNotice({ kind: "problem", text })}
                      onMove={(slot) => act("move", () => moveVisit(id, slot), t(changeMessages.moved))}
                    />
                  </Suspense>
                  <button
                    type="button"
                    className="btn btn-outline portal-wide portal-cancel"
                    disabled={busy !== null}
                    onClick={() =>
                      window.confirm(t(changeMessages.confirmCancel)) &&
                      void act("cancel", () => cancelVisit(id), t(changeMessages.cancelled))
                    }
                  >
                    {t(busy === "cancel" ? m.cancelling : m.cancel)}
                  </button>
                </>
              ) : (
                <p>{t(live ? changeMessages.tooLate : m.changesOffline)}</p>
              )}
            </section>
          )}

          {visit.status === "completed" && (
            <>
              <VisitReport visit={visit} timeZone={profile.timeZone} />
              <section className="card portal-card" aria-labelledby="portal-rating">
                <h2 id="portal-rating">{t(m.rating)}</h2>
                {rated ? (
                  <RatingThanks stars={rated.stars} reviewUrl={rated.reviewUrl} name={profile.shortName} />
                ) : visit.rating ? (
                  <p>
                    {t(m.rated, { stars: visit.rating.stars })}{" "}
                    <span aria-hidden="true">{"★".repeat(visit.rating.stars)}</span>
                  </p>
                ) : live ? (
                  <StarPicker initial={null} busy={busy === "rate"} onSend={rate} />
                ) : (
                  <p className="portal-muted">{t(m.ratingOffline)}</p>
                )}
              </section>
            </>
          )}
        </>
      )}
    </PortalFrame>
  );
}
