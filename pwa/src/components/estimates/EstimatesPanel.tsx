import type { Estimate } from "@contracts/estimates/estimate.ts";
import { approvedWorkOf } from "@contracts/estimates/rules.ts";
import { PAYMENT_METHOD_LABELS } from "@contracts/invoices/invoice.ts";
import { lazy, Suspense, useEffect, useState } from "react";
import { failureText, openWithToken, request } from "../../lib/http.ts";
import { dismissEstimateWork, saveEstimateWork, type ShownEstimate } from "../../lib/offline-queue/estimateWrites.ts";
import { fetchPriceBook } from "../../lib/priceBook.ts";
import { Panel } from "../Panel.tsx";
import { ApprovedWork } from "./ApprovedWork.tsx";
import { cents } from "./money.ts";
import { ESTIMATE_STATUS_TEXT as STATUS_TEXT } from "./statusText.ts";
import type { Signed } from "./SigningStep.tsx";
import { useBookingEstimates } from "./useBookingEstimates.ts";
import "./EstimatesPanel.css";

interface Props {
  bookingId: string;
  /** The booking's estimates as the server (or the device's copy of the job) last had them. */
  estimates: readonly Estimate[];
  /** Admins: lines written by hand, and e-mailing the link to the customer. */
  office: boolean;
  /** No new estimates on a cancelled job. */
  closed: boolean;
  tax: { taxRatePercent: number; taxLabel: string };
  me: string;
  /** Read the booking again: the server has something new. */
  onChanged: () => void;
}

// Opened on a tap: their code (the draft's checks, the signature pad) stays out of the screens' first load, and the
// precache keeps it on the tablet for a day without signal.
const EstimateBuilder = lazy(() => import("./EstimateBuilder.tsx").then((m) => ({ default: m.EstimateBuilder })));
const SigningStep = lazy(() => import("./SigningStep.tsx").then((m) => ({ default: m.SigningStep })));

const openable = (e: Estimate) => e.status === "draft" || e.status === "sent";

/** Opens the estimate's PDF, which only staff may read, in a new tab. */
const openPdf = (estimate: Estimate) => openWithToken(`/api/estimates/${encodeURIComponent(estimate._id)}/pdf`);

/**
 * A booking's estimates where its work is done: the job screen for its technician, the booking's details for the
 * office. Build one, hand the tablet over to sign it, send its link; what waits on the device says so.
 */
export function EstimatesPanel({ bookingId, estimates, office, closed, tax, me, onChanged }: Props) {
  const { shown, refused } = useBookingEstimates(bookingId, estimates, onChanged);
  const [building, setBuilding] = useState(false);
  const [signing, setSigning] = useState<Estimate | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // Kept on the device now, while there is signal, for an estimate built later in a basement without any.
  useEffect(() => {
    fetchPriceBook().catch(() => undefined);
  }, []);

  const sign = async (estimate: Estimate, signed: Signed) => {
    const { optionId, signedBy, signature, at, deposit } = signed;
    // The deposit rides with the approval: one write, sent once, both or neither.
    const result = await saveEstimateWork({
      type: "approve",
      bookingId,
      estimateId: estimate._id,
      body: { optionId, signedBy, signature, at, ...(deposit ? { deposit } : {}) },
    });
    setSigning(null);
    const title = estimate.options.find((o) => o._id === optionId)?.title ?? "";
    const paid = deposit
      ? ` with a ${cents(deposit.amountCents)} ${PAYMENT_METHOD_LABELS[deposit.method].toLowerCase()} deposit`
      : "";
    setNotice({
      ok: true,
      text:
        result.state === "sent"
          ? `${signedBy} approved ${title}${paid}.`
          : `${signedBy} approved ${title}${paid}. Kept on this device; it is sent when the connection is back.`,
    });
    if (result.state === "sent") onChanged();
  };

  const act = async (estimate: Estimate, what: "send" | "pdf") => {
    setBusy(estimate._id);
    setNotice(null);
    try {
      if (what === "pdf") await openPdf(estimate);
      else {
        await request(`/api/estimates/${encodeURIComponent(estimate._id)}/send`, { method: "POST", auth: true });
        setNotice({ ok: true, text: `Estimate ${estimate.number} was e-mailed to the customer.` });
        onChanged();
      }
    } catch (error) {
      setNotice({ ok: false, text: failureText(error, { otherwise: "That did not work. Please try again." }) });
    } finally {
      setBusy(null);
    }
  };

  const work = approvedWorkOf(shown.map((s) => s.estimate));
  return (
    <>
      {work.items.length > 0 && <ApprovedWork work={work} taxLabel={tax.taxLabel} />}
      <Panel
        id={`estimates-${bookingId}`}
        title="Estimates"
        className="estimates-panel"
        actions={
          !closed && (
            <button type="button" className="btn btn-primary adm-btn-small" onClick={() => setBuilding(true)}>
              New Estimate
            </button>
          )
        }
      >
        <div role="status" aria-live="polite">
          {notice && <p className={notice.ok ? "banner banner-success" : "banner banner-error"}>{notice.text}</p>}
        </div>
        {refused.map((w) => (
          <p key={w.id} className="banner banner-error estimates-panel__refused" role="alert">
            <span>
              <strong>Not sent: {w.work.type === "create" ? "the new estimate" : "the customer's approval"}.</strong>{" "}
              {w.error}
            </span>
            <button
              type="button"
              className="btn btn-outline adm-btn-small"
              onClick={() => void dismissEstimateWork(w.id)}
            >
              Dismiss
            </button>
          </p>
        ))}
        {shown.length === 0 ? (
          <p className="estimates-panel__empty">No estimates yet. Found more work? Price it from the price book.</p>
        ) : (
          <ul className="estimates-panel__list">
            {shown.map((s) => (
              <EstimateRow
                key={s.estimate._id}
                shown={s}
                office={office}
                busy={busy === s.estimate._id}
                onSign={() => setSigning(s.estimate)}
                onSend={() => void act(s.estimate, "send")}
                onPdf={() => void act(s.estimate, "pdf")}
              />
            ))}
          </ul>
        )}
      </Panel>
      <Suspense fallback={null}>
        {building && (
          <EstimateBuilder
            bookingId={bookingId}
            customLines={office}
            tax={tax}
            createdBy={me}
            onClose={() => setBuilding(false)}
            onSaved={({ sent }) => {
              setBuilding(false);
              setNotice({
                ok: true,
                text: sent
                  ? "The estimate was saved."
                  : "The estimate is kept on this device and gets its number when the connection is back.",
              });
              if (sent) onChanged();
            }}
          />
        )}
        {signing && (
          <SigningStep estimate={signing} onClose={() => setSigning(null)} onSign={(s) => sign(signing, s)} />
        )}
      </Suspense>
    </>
  );
}

function EstimateRow({
  shown: { estimate: e, waiting },
  office,
  busy,
  onSign,
  onSend,
  onPdf,
}: {
  shown: ShownEstimate;
  office: boolean;
  busy: boolean;
  onSign: () => void;
  onSend: () => void;
  onPdf: () => void;
}) {
  const onServer = e.number !== "";
  const approved = e.options.find((o) => o._id === e.approvedOptionId);
  return (
    <li className="estimate-row" data-testid="estimate-row">
      <div className="estimate-row__head">
        <strong className="estimate-row__number">{onServer ? e.number : "New estimate"}</strong>
        <span className={`estimate-row__status estimate-row__status--${e.status}`}>{STATUS_TEXT[e.status]}</span>
        {waiting && <span className="estimate-row__waiting">Waiting to be sent</span>}
      </div>
      <p className="estimate-row__options">
        {e.options.map((o) => (
          <span key={o._id} className={o._id === e.approvedOptionId ? "estimate-row__option--approved" : undefined}>
            {o.title} {cents(o.totalCents)}
          </span>
        ))}
      </p>
      {approved && e.approval && (
        <p className="estimate-row__approval">
          {approved.title} approved by {e.approval.signedBy}
          {e.approval.via === "on-site" ? " on site" : " through the link"}.
          {e.depositPaidCents > 0 && ` Deposit of ${cents(e.depositPaidCents)} received.`}
        </p>
      )}
      <div className="estimate-row__actions">
        {openable(e) && (
          <button type="button" className="btn btn-primary adm-btn-small" onClick={onSign}>
            Have the Customer Sign
          </button>
        )}
        {office && onServer && openable(e) && (
          <button type="button" className="btn btn-outline adm-btn-small" disabled={busy} onClick={onSend}>
            {e.status === "sent" ? "Send Again" : "Send to Customer"}
          </button>
        )}
        {onServer && (
          <button type="button" className="btn btn-outline adm-btn-small" disabled={busy} onClick={onPdf}>
            PDF<span className="visually-hidden"> of {e.number}</span>
          </button>
        )}
      </div>
    </li>
  );
}
