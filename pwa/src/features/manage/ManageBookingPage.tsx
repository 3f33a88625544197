import { useRef, useState } from "react";
import { useParams } from "react-router-dom";
import { Link } from "../../components/Link.tsx";
import { CANCELLATION_POLICY, type ManagedBooking } from "@contracts/bookings/manage.ts";
import { MESSAGES } from "@contracts/common/messages.ts";
import { ApiError } from "../../lib/http.ts";
import { telHref, useProfile } from "../../lib/profile.tsx";
import { cancelManagedBooking, moveManagedBooking } from "./api.ts";
import { BookingSummary } from "./BookingSummary.tsx";
import { deadlineText, failureText } from "./format.ts";
import { MoveForm } from "../../components/move/MoveForm.tsx";
import { useManagedBooking } from "./useManagedBooking.ts";
import "../../components/booking-fields/PriceCard.css";
import "./ManageBookingPage.css";

type Notice = { kind: "done" | "problem"; text: string } | null;

/** The customer's page behind the link in their e-mails: see the booking, cancel it or move it. */
export default function ManageBookingPage() {
  const { token = "" } = useParams();
  const profile = useProfile();
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
      show({ kind: "problem", text: failureText(error) });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const cancel = () => {
    if (!window.confirm(MESSAGES.confirmCancelBooking)) return;
    void act("cancel", () => cancelManagedBooking(token), MESSAGES.manageCancelled);
  };

  const phoneLink = (
    <a href={telHref(profile.phone)} className="manage-phone">
      {profile.phone}
    </a>
  );

  return (
    <section className="section manage">
      <div className="container manage__inner">
        <h1>Manage Your Booking</h1>

        {state.status === "loading" && (
          <div className="card manage-card">
            <p className="manage-loading" role="status" aria-live="polite">
              Loading your booking…
            </p>
            <div className="skeleton manage-skeleton" aria-hidden="true" />
          </div>
        )}

        {state.status === "not-found" && (
          <div className="card manage-card manage-card--plain">
            <p className="manage-lead">{MESSAGES.manageNotFound}</p>
            <p>Call us: {phoneLink}</p>
            <Link to="/" className="btn btn-outline">
              Back to Home
            </Link>
          </div>
        )}

        {state.status === "failed" && (
          <div className="card manage-card manage-card--plain" role="alert">
            <p className="manage-lead">We could not load your booking. Please check your connection and try again.</p>
            <button type="button" className="btn btn-primary" onClick={reload}>
              Try again
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
              <h2 id="manage-change-title">Cancel or Move</h2>
              <p className="manage-policy">{CANCELLATION_POLICY}</p>
              {state.booking.changeable ? (
                <>
                  <p className="manage-muted">
                    You can change it here until{" "}
                    <strong>{deadlineText(state.booking.changeDeadline, profile.timeZone)}</strong>.
                  </p>
                  <MoveForm
                    booking={state.booking}
                    timeZone={profile.timeZone}
                    rules={profile.bookingRules}
                    busy={busy === "move"}
                    availabilityKey={availabilityKey}
                    onProblem={(text) => show({ kind: "problem", text })}
                    onMove={(slot) => act("move", () => moveManagedBooking(token, slot), MESSAGES.manageRescheduled)}
                  />
                  <div className="manage-cancel">
                    <h3>Cancel appointment</h3>
                    <p className="manage-muted">We will send you a cancellation e-mail.</p>
                    <button type="button" className="btn manage-cancel__btn" disabled={busy !== null} onClick={cancel}>
                      {busy === "cancel" ? "Cancelling…" : "Cancel appointment"}
                    </button>
                  </div>
                </>
              ) : (
                <div className="manage-closed">
                  <p>
                    {state.booking.status === "cancelled" || state.booking.status === "completed"
                      ? MESSAGES.manageClosed
                      : state.booking.visitOver
                        ? MESSAGES.manageOver
                        : MESSAGES.manageTooLate}
                  </p>
                  <p>Call us: {phoneLink}</p>
                </div>
              )}
            </section>
          </>
        )}
      </div>
    </section>
  );
}
