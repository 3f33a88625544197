export const AUDIT_ACTIONS = [
  "create",
  "update",
  "status",
  "delete",
  "resend",
  "assign",
  "invite",
  // A technician's visit: a stage, a note, a photo, the customer's signature.
  "visit",
  "note",
  "photo",
  "signature",
  // Field evidence: a checklist tick, and an admin completing a job without its evidence.
  "checklist",
  "override",
  // A price-book item kept (used by an estimate) instead of deleted; an estimate e-mailed, approved or declined.
  "archive",
  "send",
  "approve",
  "decline",
  // An invoice paid, a payment refunded, an invoice voided.
  "payment",
  "refund",
  "void",
  // Two customer records folded into one; an archived property in use again.
  "merge",
  "restore",
  // Staff sign-in: a sign-in and a failed one, a second factor added or removed, a recovery code spent, a session
  // ended by its owner or the business's owner.
  "sign_in",
  "sign_in_failed",
  "factor_added",
  "factor_removed",
  "recovery_code_used",
  "session_revoked",
  // A sign-in refused with a passkey (an unknown or cloned passkey, a signature that does not verify).
  "sign_in_refused",
  // Consent to texts granted, withdrawn or opted out; a keyword (STOP, START, HELP, C, R) received by text.
  "sms_consent",
  "sms_keyword",
  // A membership cancelled (at once or at the end of its period).
  "cancel",
  // A cancelled job's deposit kept by the office, with its reason.
  "deposit_kept",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field's change: only `to` on create, only `from` on delete. */
export interface FieldChange {
  from?: unknown;
  to?: unknown;
}

/** One admin change of a booking or a service (GET /api/bookings/{id}/history answers these, newest first). */
export interface AuditEntry {
  _id: string;
  /** ISO instant of the change. */
  at: string;
  adminId: string | null;
  adminEmail: string;
  entityType:
    | "booking"
    | "service"
    | "mail"
    | "settings"
    | "staff"
    | "price_book"
    | "estimate"
    | "invoice"
    | "customer"
    | "passkey"
    | "plan"
    | "membership";
  entityId: string;
  action: AuditAction;
  /** Only the fields that changed, by name. */
  changes: Record<string, FieldChange>;
}
