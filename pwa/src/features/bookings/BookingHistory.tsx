import type { AuditEntry } from "@contracts/audit/audit.ts";
import { fetchBookingHistory } from "./api.ts";
import { useBookingRecords } from "./useBookingRecords.ts";

const ACTION_LABELS: Record<AuditEntry["action"], string> = {
  create: "Created",
  update: "Edited",
  status: "Status changed",
  delete: "Deleted",
  resend: "E-mail sent again",
  assign: "Technician assigned",
  invite: "Invitation sent",
  visit: "Visit stage",
  note: "Note added",
  photo: "Photo added",
  signature: "Signed by the customer",
  checklist: "Checklist ticked",
  override: "Completed without the evidence",
  archive: "Archived",
  send: "Estimate sent",
  approve: "Estimate approved",
  decline: "Estimate declined",
  payment: "Payment recorded",
  refund: "Payment refunded",
  void: "Invoice voided",
  merge: "Customers merged",
  restore: "Restored",
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  factor_added: "Two-step verification on",
  factor_removed: "Two-step verification off",
  recovery_code_used: "Recovery code used",
  session_revoked: "Device signed out",
  sign_in_refused: "Sign-in refused",
  sms_consent: "Text consent changed",
  sms_keyword: "Text reply received",
  cancel: "Cancelled",
  deposit_kept: "Deposit kept",
};

function show(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Who changed the booking, when and what (the server's audit trail); customers' own bookings start empty. */
export function BookingHistory({ bookingId }: { bookingId: string }) {
  const { records: entries, failed } = useBookingRecords<AuditEntry>(
    bookingId,
    fetchBookingHistory,
    "the booking history",
  );

  return (
    <section className="adm-history" aria-labelledby={`history-${bookingId}`}>
      <h3 id={`history-${bookingId}`} className="adm-history__title">
        History
      </h3>
      {failed ? (
        <p className="adm-history__empty">The history could not be loaded.</p>
      ) : entries === null ? (
        <p className="adm-history__empty">Loading history...</p>
      ) : entries.length === 0 ? (
        <p className="adm-history__empty">No changes by staff yet.</p>
      ) : (
        <ol className="adm-history__list">
          {entries.map((entry) => (
            <li key={entry._id}>
              <p className="adm-history__head">
                <strong>{ACTION_LABELS[entry.action]}</strong> by {entry.adminEmail} on{" "}
                <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
              </p>
              {entry.action !== "create" && entry.action !== "delete" && (
                <ul className="adm-history__changes">
                  {Object.entries(entry.changes).map(([field, change]) => (
                    <li key={field}>
                      {field}: {show(change.from)} → {show(change.to)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
