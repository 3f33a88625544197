import { useRef, useState } from "react";
import { useParams } from "react-router-dom";
import { Link } from "../../components/Link.tsx";
import type { ManagedBooking } from "@contracts/bookings/manage.ts";
import { ApiError } from "../../lib/http.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { cancelManagedBooking, moveManagedBooking } from "./api.ts";
import { BookingSummary } from "./BookingSummary.tsx";
import { deadlineText, failureText } from "./format.ts";
import { MoveForm } from "../../components/move/MoveForm.tsx";
import { manageMessages as m } from "./messages.ts";
import { useManagedBooking } from "./useManagedBooking.ts";
import "../../components/booking-fields/PriceCard.css";
import "./ManageBookingPage.css";

/** Stands in for a value that is shown in bold, wherever the language puts it in the sentence. */
const MARK = "\u0001";

const withStrong = (text: string, strong: string) => {
  const [before, after] = text.split(MARK);
  return (
    <>
      {before}
      <strong>{strong}</strong>
      {after}
    </>
  );
};

type Notice = { kind: "done" | "problem"; text: string } | null;

/** The customer's page behind the link in their e-mails: see the booking, cancel it or move it. */
export default function ManageBookingPage() {
  const { token = "" } = useParams();
  const profile = useProfile();
  const { t, locale } = useTranslator();
  const { state, reload, replace } = useManagedBooking(token);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<"cancel" | "move" | null>(null);
  const [availabilityKey, setAvailabilityKey] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);

  const show = (next: Notice) => {
    setNotice(next);
    // The answer is read out and seen where it appears, also on a phone scrolled down to the form.
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  const act = async (kind: "cancel" | "move", run: () => Promise<ManagedBooking>, done: string) => {
    setBusy(kind);
    setNotice(null);
    try {
      replace(await run());
      show({ kind: "done", text: done });
      return true;
    } catch (error) {
      console.warn(`The ${kind} was refused or failed`, error);
      if (error instanceof ApiError && error.status === 409) setAvailabilityKey((k) => k + 1);
      show({ kind: "problem", text: failureText(error, t) });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const cancel = () => {
    if (!window.confirm(t(m.confirmCancel))) return;
    void act("cancel", () => cancelManagedBooking(token), t(m.cancelled));
  };

  const phoneLink = (
    <a href={telHref(profile.phone)} className="manage-phone">
      {profile.phone}
    </a>
  );

  return (
    <section className="section manage">
      <div className="container manage__inner">
        <h1>{t(m.title)}</h1>

        {state.status === "loading" && (
          <div className="card manage-card">
            <p className="manage-loading" role="status" aria-live="polite">
              {t(m.loading)}
            </p>
            <div className="skeleton manage-skeleton" aria-hidden="true" />
          </div>
        )}

        {state.status === "not-found" && (
          <div className="card manage-card manage-card--plain">
            <p className="manage-lead">{t(m.notFound)}</p>
            <p>
              {t(m.callUs)} {phoneLink}
            </p>
            <Link to="/" className="btn btn-outline">
              {t(m.home)}
            </Link>
          </div>
        )}

        {state.status === "failed" && (
          <div className="card manage-card manage-card--plain" role="alert">
            <p className="manage-lead">{t(m.failed)}</p>
            <button type="button" className="btn btn-primary" onClick={reload}>
              {t(m.retry)}
            </button>
          </div>
        )}

        {state.status === "loaded" && (
          <>
            {/* Both live regions stay mounted so that a screen reader announces what lands in them. */}
            <div ref={noticeRef} tabIndex={-1} className="manage-notices">
              <p role="status" className={notice?.kind === "done" ? "manage-notice manage-notice--done" : undefined}>
                {notice?.kind === "done" ? notice.text : ""}
              </p>
              <p
                role="alert"
                className={notice?.kind === "problem" ? "manage-notice manage-notice--problem" : undefined}
              >
                {notice?.kind === "problem" ? notice.text : ""}
              </p>
            </div>

            <BookingSummary booking={state.booking} />

            <section className="card manage-card" aria-labelledby="manage-change-title">
              <h2 id="manage-change-title">{t(m.change)}</h2>
              <p className="manage-policy">{t(m.policy)}</p>
              {state.booking.changeable ? (
                <>
                  <p className="manage-muted">
                    {withStrong(
                      t(m.until, { deadline: MARK }),
                      deadlineText(state.booking.changeDeadline, profile.timeZone, locale),
                    )}
                  </p>
                  <MoveForm
                    booking={state.booking}
                    timeZone={profile.timeZone}
                    rules={profile.bookingRules}
                    busy={busy === "move"}
                    availabilityKey={availabilityKey}
                    onProblem={(text) => show({ kind: "problem", text })}
                    onMove={(slot) => act("move", () => moveManagedBooking(token, slot), t(m.moved))}
                  />
                  <div className="manage-cancel">
                    <h3>{t(m.cancelTitle)}</h3>
                    <p className="manage-muted">{t(m.cancelMail)}</p>
                    <button type="button" className="btn manage-cancel__btn" disabled={busy !== null} onClick={cancel}>
                      {busy === "cancel" ? t(m.cancelling) : t(m.cancelTitle)}
                    </button>
                  </div>
                </>
              ) : (
                <div className="manage-closed">
                  <p>
                    {state.booking.status === "cancelled" || state.booking.status === "completed"
                      ? t(m.closed)
                      : state.booking.visitOver
                        ? t(m.over)
                        : t(m.tooLate)}
                  </p>
                  <p>
                    {t(m.callUs)} {phoneLink}
                  </p>
                </div>
              )}
            </section>
          </>
        )}
      </div>
    </section>
  );
}
