import { useState } from "react";
import type { MailKind, MailRecord } from "@contracts/outbox/mail.ts";
import { fetchBookingMail, resendMail } from "./api.ts";
import { useBookingRecords } from "./useBookingRecords.ts";
import { formatReceived } from "../../lib/format.ts";

const KIND_LABELS: Record<MailKind, string> = {
  "booking-received": "Booking received (to customer)",
  "booking-confirmed": "Booking confirmed (to customer)",
  "booking-rescheduled": "Booking moved (to customer)",
  "booking-cancelled": "Booking cancelled (to customer)",
  "booking-restored": "Booking restored (to customer)",
  "business-new-booking": "New booking (to business)",
  "business-booking-changed": "Booking changed (to business)",
  "business-contact-message": "Contact message (to business)",
  "staff-invitation": "Staff invitation",
  "job-assigned": "New job (to technician)",
  "staff-new-sign-in": "New sign-in (to staff)",
  "technician-on-the-way": "Technician on the way",
  "service-report": "Service report",
  "visit-reminder": "Visit reminder",
  "rebook-reminder": "Yearly rebook reminder",
  "estimate-sent": "Estimate (to customer)",
  "estimate-approved": "Estimate approved, with PDF (to customer)",
  "invoice-sent": "Invoice, with PDF (to customer)",
  "payment-receipt": "Payment receipt, with PDF (to customer)",
  "refund-receipt": "Refund receipt, with PDF (to customer)",
  "deposit-refund-receipt": "Deposit refunded, job cancelled (to customer)",
  "membership-join": "Plan: link to join (to customer)",
  "membership-receipt": "Plan: receipt (to customer)",
  "membership-invoice": "Plan: invoice for the next period (to customer)",
  "membership-past-due": "Plan: renewal failed (to customer)",
  "plan-visit-due": "Plan: time to book a visit (to customer)",
  "portal-sign-in": "Sign-in link (to customer)",
  "rating-request": "How did we do? (to customer)",
};

/** Written ahead of their moment: the owner sees when they will go. */
const REMINDERS: readonly MailKind[] = ["visit-reminder", "rebook-reminder"];

function MailStatus({ mail }: { mail: MailRecord }) {
  if (mail.status === "sent") {
    return (
      <span className="adm-mail__status adm-mail__status--sent">
        Sent <time dateTime={mail.sentAt ?? undefined}>{formatReceived(mail.sentAt)}</time>
      </span>
    );
  }
  if (mail.status === "failed") {
    return (
      <span className="adm-mail__status adm-mail__status--failed">
        Failed after {mail.attempts} {mail.attempts === 1 ? "attempt" : "attempts"}
        {mail.lastError ? `: ${mail.lastError}` : ""}
      </span>
    );
  }
  if (mail.status === "skipped") {
    return (
      <span className="adm-mail__status adm-mail__status--skipped">
        Not sent{mail.lastError ? `: ${mail.lastError}` : ""}
      </span>
    );
  }
  if (REMINDERS.includes(mail.kind) && mail.attempts === 0 && mail.nextAttemptAt) {
    return (
      <span className="adm-mail__status adm-mail__status--pending">
        Scheduled for <time dateTime={mail.nextAttemptAt}>{formatReceived(mail.nextAttemptAt)}</time>
      </span>
    );
  }
  // Pending: not tried yet, or waiting for the next try after a failure.
  return (
    <span className="adm-mail__status adm-mail__status--pending">
      {mail.attempts === 0
        ? "Waiting to be sent"
        : `Waiting to retry (${mail.attempts} ${mail.attempts === 1 ? "attempt" : "attempts"} so far${
            mail.lastError ? `, last error: ${mail.lastError}` : ""
          })`}
      {mail.nextAttemptAt && mail.attempts > 0 && (
        <>
          {" "}
          · next try <time dateTime={mail.nextAttemptAt}>{formatReceived(mail.nextAttemptAt)}</time>
        </>
      )}
    </span>
  );
}

/** The e-mails the site sent (or is sending) about this booking, oldest first, with their delivery state. */
export function BookingMail({ bookingId }: { bookingId: string }) {
  const { records: mails, failed } = useBookingRecords<MailRecord>(
    bookingId,
    fetchBookingMail,
    "the booking's e-mails",
  );
  // Messages queued again from here, as the server answered them, over the list as it was loaded.
  const [resent, setResent] = useState<Record<string, MailRecord>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const resend = async (id: string) => {
    setBusy(id);
    setProblem(null);
    try {
      const record = await resendMail(id);
      setResent((current) => ({ ...current, [id]: record }));
    } catch (error) {
      console.error("Resending an e-mail failed", error);
      setProblem(error instanceof Error && error.message ? error.message : "The e-mail could not be sent again.");
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="adm-history adm-mail" aria-labelledby={`mail-${bookingId}`}>
      <h3 id={`mail-${bookingId}`} className="adm-history__title">
        E-mails
      </h3>
      {failed ? (
        <p className="adm-history__empty">The e-mails could not be loaded.</p>
      ) : mails === null ? (
        <p className="adm-history__empty">Loading e-mails...</p>
      ) : mails.length === 0 ? (
        <p className="adm-history__empty">No e-mails for this booking.</p>
      ) : (
        <ol className="adm-history__list">
          {mails.map((loaded) => {
            const mail = resent[loaded._id] ?? loaded;
            return (
              <li key={mail._id} className="adm-mail__item">
                <p className="adm-history__head">
                  <strong>{KIND_LABELS[mail.kind] ?? mail.kind}</strong> to {mail.to}
                </p>
                <p className="adm-mail__subject">{mail.subject}</p>
                <MailStatus mail={mail} />
                {mail.status === "failed" && (
                  <button
                    type="button"
                    className="btn btn-outline adm-mail__resend"
                    disabled={busy !== null}
                    aria-label={`Resend ${KIND_LABELS[mail.kind] ?? mail.kind} to ${mail.to}`}
                    onClick={() => resend(mail._id)}
                  >
                    {busy === mail._id ? "Resending..." : "Resend"}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
    </section>
  );
}
