import { paymentLabel, type Invoice, type Payment } from "@contracts/invoices/invoice.ts";
import type { PaymentBody } from "../../lib/offline-queue/invoiceWrites.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { lazy, Suspense, useCallback, useState } from "react";
import { failureText, openWithToken, request } from "../../lib/http.ts";
import { useProfile } from "../../lib/profile.tsx";
import { dismissInvoiceWork, saveInvoiceWork } from "../../lib/offline-queue/invoiceWrites.ts";
import { cents } from "../estimates/money.ts";
import { Panel } from "../Panel.tsx";
import { INVOICE_STATUS_TEXT, InvoiceFigures } from "./InvoiceFigures.tsx";
import { previewInvoice, type PricedJob } from "./invoiceView.ts";
import { useBookingInvoice } from "./useBookingInvoice.ts";
import "./InvoicePanel.css";

// Opened on a tap: the screens' first load stays without it, and the precache keeps it on the tablet.
const PaymentDialog = lazy(() => import("./PaymentDialog.tsx").then((m) => ({ default: m.PaymentDialog })));
const AdjustmentsDialog = lazy(() => import("./AdjustmentsDialog.tsx").then((m) => ({ default: m.AdjustmentsDialog })));
const VoidDialog = lazy(() => import("./VoidDialog.tsx").then((m) => ({ default: m.VoidDialog })));
// A refund needs the server (and a recent sign-in): not precached, loaded when an admin opens it.
const RefundDialog = lazy(() => import("./RefundDialog.tsx").then((m) => ({ default: m.RefundDialog })));
// So does a cancelled job's deposit, refunded or kept (decision 0090).
import type { CancelJob } from "./CancelJobDialog.tsx";

const CancelJobDialog = lazy(() => import("./CancelJobDialog.tsx").then((m) => ({ default: m.CancelJobDialog })));

interface Props {
  bookingId: string;
  /** The booking's invoice as the server (or the device's copy of the job) last had it. */
  invoice: Invoice | null;
  /** What prices the invoice on the device, shown while one made here waits to be sent. */
  pricing: { job: PricedJob; serviceTitle: string; tax: { taxRatePercent: number; taxLabel: string } };
  /** Whether an invoice may be made now (the technician: once the visit is completed). */
  canCreate: boolean;
  /** Admins: void the invoice, e-mail it and refund its payments. */
  office: boolean;
  /** A write on the device the invoice must follow (the visit's completion, still waiting). */
  after?: string;
  /** Read the booking again: the server has something new. */
  onChanged: () => void;
  /** The office's: the booking, whose held deposit (before its invoice) is shown with a way to cancel the job. */
  booking?: Pick<JobDetails, "_id" | "version" | "status" | "estimates">;
  /** The office's: cancels the job through the status queue (with `booking`). */
  cancelJob?: CancelJob;
}

/** Opens the invoice's PDF, which only staff may read, in a new tab. */
const openPdf = (invoice: Invoice) => openWithToken(`/api/invoices/${encodeURIComponent(invoice._id)}/pdf`);

/**
 * A booking's invoice where its work is done: made once the job is, its lines and totals, the payments taken on site
 * (cash, check, card), and the balance the customer still owes. What waits on the device says so.
 */
export function InvoicePanel({
  bookingId,
  invoice,
  pricing,
  canCreate,
  office,
  after,
  onChanged,
  booking,
  cancelJob,
}: Props) {
  const { job, serviceTitle, tax } = pricing;
  const preview = useCallback(() => previewInvoice(job, serviceTitle, tax), [job, serviceTitle, tax]);
  const { shown, refused } = useBookingInvoice(bookingId, invoice, preview, onChanged);
  const [paying, setPaying] = useState(false);
  const { tips } = useProfile();
  const [voiding, setVoiding] = useState(false);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const run = async (what: () => Promise<string | null>) => {
    setBusy(true);
    setNotice(null);
    try {
      const text = await what();
      if (text) setNotice({ ok: true, text });
    } catch (error) {
      setNotice({ ok: false, text: failureText(error, { otherwise: "That did not work. Please try again." }) });
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    run(async () => {
      const result = await saveInvoiceWork({ type: "create", bookingId }, { after });
      if (result.state === "sent") {
        onChanged();
        return null;
      }
      return "The invoice is kept on this device and gets its number when the connection is back.";
    });

  const record = async (payment: PaymentBody) => {
    const result = await saveInvoiceWork({ type: "pay", bookingId, body: payment });
    setPaying(false);
    const amount = cents(payment.amountCents);
    setNotice({
      ok: true,
      text:
        result.state === "sent"
          ? `${amount} recorded.`
          : `${amount} recorded on this device; it is sent when the connection is back.`,
    });
    if (result.state === "sent") onChanged();
  };

  const send = (i: Invoice) =>
    run(async () => {
      await request(`/api/invoices/${encodeURIComponent(i._id)}/send`, { method: "POST", auth: true });
      return `Invoice ${i.number} was e-mailed to the customer.`;
    });

  const refusals = refused.map((w) => (
    <p key={w.id} className="banner banner-error invoice-panel__refused" role="alert">
      <span>
        <strong>Not sent: {w.work.type === "create" ? "the new invoice" : "a payment"}.</strong> {w.error}
      </span>
      <button type="button" className="btn btn-outline adm-btn-small" onClick={() => void dismissInvoiceWork(w.id)}>
        Dismiss
      </button>
    </p>
  ));
  const status = (
    <div role="status" aria-live="polite">
      {notice && <p className={notice.ok ? "banner banner-success" : "banner banner-error"}>{notice.text}</p>}
    </div>
  );

  // What the job's approvals took before it had an invoice: the invoice counts it once made.
  const held = (booking?.estimates ?? []).reduce((sum, e) => sum + (e.depositPaidCents ?? 0), 0);
  if (!shown)
    return (
      <Panel id={`invoice-${bookingId}`} title="Invoice" className="invoice-panel">
        {status}
        {refusals}
        <div className="invoice-panel__empty">
          <p>{canCreate ? "No invoice yet." : "The invoice is made once the job is completed."}</p>
          {canCreate && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void create()}>
              Create Invoice
            </button>
          )}
        </div>
        {booking && cancelJob && held > 0 && booking.status !== "cancelled" && (
          <div className="invoice-panel__empty" role="group" aria-label="Deposit held">
            <p>
              Deposit held: <strong>{cents(held)}</strong>
            </p>
            <button type="button" className="btn btn-outline adm-btn-small" onClick={() => setCancelling(true)}>
              Cancel Job…
            </button>
          </div>
        )}
        {cancelJob && cancelling && (
          <Suspense fallback={null}>
            <CancelJobDialog
              cancelJob={cancelJob}
              heldCents={held}
              onClose={() => setCancelling(false)}
              onCancelled={(cancelled, kept) => {
                setCancelling(false);
                setNotice({
                  ok: true,
                  text: cancelled
                    ? `The job is cancelled; its ${cents(held)} deposit is ${kept ? "kept" : "refunded"}.`
                    : "The cancellation is kept on this device; it is sent when the connection is back.",
                });
                onChanged();
              }}
            />
          </Suspense>
        )}
      </Panel>
    );

  const { invoice: i, waiting, payments } = shown;
  const onServer = !waiting;
  const open = i.status !== "void" && i.balanceCents > 0;
  return (
    <Panel
      id={`invoice-${bookingId}`}
      title={onServer ? `Invoice ${i.number}` : "New invoice"}
      className="invoice-panel"
      actions={
        <span className="invoice-panel__tags">
          {waiting && <span className="invoice-panel__waiting">Waiting to be sent</span>}
          <span className={`invoice-status invoice-status--${i.status}`} data-testid="invoice-status">
            {INVOICE_STATUS_TEXT[i.status]}
          </span>
        </span>
      }
    >
      {status}
      {refusals}
      {onServer && (
        <p className="invoice-panel__dates">
          Issued {new Date(i.issuedAt).toLocaleDateString("en-US", { dateStyle: "medium" })} · due{" "}
          {new Date(`${i.dueAt.slice(0, 10)}T12:00:00`).toLocaleDateString("en-US", { dateStyle: "medium" })}
        </p>
      )}
      {i.status === "void" && i.voidReason && <p className="invoice-panel__void">Voided: {i.voidReason}</p>}
      <InvoiceFigures
        invoice={i}
        payments={payments.map(({ payment: p, waiting: w }) => ({ ...p, key: p._id, waiting: w }))}
        paymentAction={(p) => {
          const onRecord = onServer && office && !p.waiting && i.payments.find((r) => r._id === p.key);
          if (!onRecord || onRecord.amountCents - onRecord.refundedCents <= 0) return null;
          return (
            <button type="button" className="btn btn-outline adm-btn-small" onClick={() => setRefunding(onRecord)}>
              Refund
              <span className="visually-hidden">
                {" "}
                the {paymentLabel(onRecord)} payment of {cents(onRecord.amountCents)}
              </span>
            </button>
          );
        }}
      />
      <div className="invoice-panel__actions">
        {open && (
          <button type="button" className="btn btn-primary" onClick={() => setPaying(true)}>
            Record Payment
          </button>
        )}
        {onServer && office && i.status !== "void" && (
          <button type="button" className="btn btn-outline adm-btn-small" disabled={busy} onClick={() => void send(i)}>
            E-mail to Customer
          </button>
        )}
        {onServer && (
          <button
            type="button"
            className="btn btn-outline adm-btn-small"
            disabled={busy}
            onClick={() => void run(async () => (await openPdf(i), null))}
          >
            PDF<span className="visually-hidden"> of {i.number}</span>
          </button>
        )}
        {onServer && office && i.status !== "void" && i.payments.length === 0 && (
          <button type="button" className="btn btn-outline adm-btn-small" onClick={() => setAdjusting(true)}>
            Adjust
          </button>
        )}
        {onServer && office && i.status !== "void" && i.paidCents === 0 && (
          <button type="button" className="btn adm-btn-danger adm-btn-small" onClick={() => setVoiding(true)}>
            Void
          </button>
        )}
      </div>
      <Suspense fallback={null}>
        {paying && (
          <PaymentDialog
            number={i.number}
            balanceCents={i.balanceCents}
            tips={tips}
            onRecord={record}
            onClose={() => setPaying(false)}
          />
        )}
        {adjusting && (
          <AdjustmentsDialog
            invoice={i}
            onClose={() => setAdjusting(false)}
            onSaved={() => {
              setAdjusting(false);
              setNotice({ ok: true, text: `Invoice ${i.number} was saved.` });
              onChanged();
            }}
          />
        )}
        {refunding && (
          <RefundDialog
            number={i.number}
            payment={refunding}
            onClose={() => setRefunding(null)}
            onRefunded={(amountCents) => {
              setRefunding(null);
              setNotice({ ok: true, text: `${cents(amountCents)} refunded.` });
              onChanged();
            }}
          />
        )}
        {voiding && (
          <VoidDialog
            invoice={i}
            onClose={() => setVoiding(false)}
            onVoided={() => {
              setVoiding(false);
              setNotice({ ok: true, text: `Invoice ${i.number} is void; it keeps its number.` });
              onChanged();
            }}
          />
        )}
      </Suspense>
    </Panel>
  );
}
