import type { RecordedMethod } from "../../contracts/invoices/invoice.ts";
import type { Sql, Tx } from "../../db/client.ts";

/** What the customer signed while the deposit is being paid. */
export interface PendingApproval {
  sessionId: string;
  estimateId: string;
  optionId: string;
  signedBy: string;
  signature: Uint8Array | null;
}

/** A deposit taken on site with the approval, as the server computed it. */
export interface OnSiteDepositRecord {
  bookingId: string;
  estimateId: string;
  method: RecordedMethod;
  amountCents: number;
  reference: string;
  at: Date;
  byName: string;
  byId: string | null;
}

/** A deposit its job still holds (not on an invoice, not kept), with what is left of it. */
export interface HeldDeposit {
  id: string;
  method: "cash" | "check" | "card" | "online";
  reference: string;
  leftCents: number;
}

/** The deposits taken on approval: the approvals waiting for Checkout, and the deposit recorded as a payment. */
export interface DepositsRepo {
  /** True when the estimate has a deposit recorded already (online or on site): one per approval. */
  hasDeposit(tx: Tx, estimateId: string): Promise<boolean>;
  /**
   * A deposit taken on site: a payment of the booking, or of its invoice when one was made already (which then
   * counts it at once).
   */
  addOnSite(tx: Tx, d: OnSiteDepositRecord): Promise<void>;
  /** The booking's held deposits, locked. */
  lockHeld(tx: Tx, bookingId: string): Promise<HeldDeposit[]>;
  /** Part of a held deposit given back (online ones were refunded through the provider first). */
  addRefund(
    tx: Tx,
    paymentId: string,
    refund: { amountCents: number; reason: string; byName: string; providerRef: string; at: Date },
  ): Promise<void>;
  /** A held deposit the business keeps: no longer held, with why, who and when. */
  keep(tx: Tx, paymentId: string, kept: { reason: string; byName: string; at: Date }): Promise<void>;
  savePending(p: PendingApproval): Promise<void>;
  /** The approval waiting for this session, removed (it is recorded once). */
  takePending(tx: Tx, sessionId: string): Promise<PendingApproval | null>;
  /** Records a webhook event's id (shared with the invoices' events); false when it was handled before. */
  claimEvent(tx: Tx, eventId: string): Promise<boolean>;
  /** The deposit as an online payment of the booking, without an invoice until the booking's is made. */
  addDeposit(
    tx: Tx,
    d: { bookingId: string; estimateId: string; amountCents: number; reference: string; sessionId: string; at: Date },
  ): Promise<void>;
}

export function createDepositsRepo(sql: Sql): DepositsRepo {
  return {
    async hasDeposit(tx, estimateId) {
      const rows = await tx`select 1 from payments where estimate_id = ${estimateId} limit 1`;
      return rows.length > 0;
    },
    async addOnSite(tx, d) {
      const [invoice] = await tx<{ id: string }[]>`
        select id from invoices where booking_id = ${d.bookingId} and voided_at is null for update`;
      await tx`
        insert into payments ${tx({
          invoice_id: invoice?.id ?? null,
          booking_id: d.bookingId,
          estimate_id: d.estimateId,
          method: d.method,
          amount_cents: d.amountCents,
          reference: d.reference,
          at: d.at,
          by_name: d.byName,
          by_id: d.byId,
        })}`;
      if (invoice) await tx`update invoices set paid_cents = paid_cents + ${d.amountCents} where id = ${invoice.id}`;
    },
    async lockHeld(tx, bookingId) {
      const rows = await tx<{ id: string; method: HeldDeposit["method"]; reference: string; left: number }[]>`
        select id, method, reference, (amount_cents - refunded_cents)::int as left from payments
        where booking_id = ${bookingId} and invoice_id is null and kept_at is null and amount_cents > refunded_cents
        order by at, id for update`;
      return rows.map((r) => ({ id: r.id, method: r.method, reference: r.reference, leftCents: r.left }));
    },
    async addRefund(tx, paymentId, { amountCents, reason, byName, providerRef, at }) {
      await tx`insert into refunds (payment_id, amount_cents, reason, by_name, provider_reference, at)
               values (${paymentId}, ${amountCents}, ${reason}, ${byName}, ${providerRef}, ${at})`;
      await tx`update payments set refunded_cents = refunded_cents + ${amountCents} where id = ${paymentId}`;
    },
    async keep(tx, paymentId, { reason, byName, at }) {
      await tx`update payments set kept_reason = ${reason}, kept_by = ${byName}, kept_at = ${at} where id = ${paymentId}`;
    },
    async savePending({ sessionId, estimateId, optionId, signedBy, signature }) {
      await sql`
        insert into deposit_checkouts (session_id, estimate_id, option_id, signed_by, signature_png)
        values (${sessionId}, ${estimateId}, ${optionId}, ${signedBy}, ${signature})`;
    },
    async takePending(tx, sessionId) {
      const [row] = await tx<
        { estimate_id: string; option_id: string; signed_by: string; signature_png: Uint8Array | null }[]
      >`delete from deposit_checkouts where session_id = ${sessionId}
        returning estimate_id, option_id, signed_by, signature_png`;
      return row
        ? {
            sessionId,
            estimateId: row.estimate_id,
            optionId: row.option_id,
            signedBy: row.signed_by,
            signature: row.signature_png,
          }
        : null;
    },
    async claimEvent(tx, eventId) {
      const rows = await tx`insert into webhook_events (id) values (${eventId}) on conflict do nothing returning id`;
      return rows.length > 0;
    },
    async addDeposit(tx, d) {
      await tx`
        insert into payments ${tx({
          invoice_id: null,
          booking_id: d.bookingId,
          estimate_id: d.estimateId,
          method: "online",
          amount_cents: d.amountCents,
          reference: d.reference,
          at: d.at,
          by_name: "Online",
          checkout_session_id: d.sessionId,
        })}`;
    },
  };
}
