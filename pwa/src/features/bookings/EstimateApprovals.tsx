import type { EstimateApproved } from "@contracts/estimates/estimate.ts";
import { approvedOption } from "@contracts/estimates/rules.ts";
import { useState } from "react";
import { cents } from "../../components/estimates/money.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import "./EstimateApprovals.css";

/** How many approvals the notice keeps: the newest first. */
const KEPT = 5;

/**
 * The office hears at once when a customer approves an estimate, on the tablet or through the link: who, which
 * option and for how much, with the way to the booking. Live only (the socket's `estimateApproved`); the booking's
 * details keep the record.
 */
export function EstimateApprovals({ onView }: { onView: (bookingId: string) => void }) {
  const [approvals, setApprovals] = useState<EstimateApproved[]>([]);
  useSocketEvent("estimateApproved", (approved) =>
    setApprovals((shown) =>
      [approved, ...shown.filter((a) => a.estimate._id !== approved.estimate._id)].slice(0, KEPT),
    ),
  );
  return (
    <div role="status" aria-live="polite" className="estimate-approvals">
      {approvals.length > 0 && (
        <section className="adm-panel estimate-approvals__panel" aria-labelledby="estimate-approvals-title">
          <div className="adm-panel__head">
            <h2 id="estimate-approvals-title" className="adm-panel__title">
              Estimates Approved
            </h2>
            <button type="button" className="btn adm-btn-small adm-btn-link" onClick={() => setApprovals([])}>
              Clear
            </button>
          </div>
          <ul className="estimate-approvals__list">
            {approvals.map(({ estimate, customerName }) => {
              const option = approvedOption(estimate);
              const via = estimate.approval?.via === "on-site" ? "on site" : "through the link";
              return (
                <li key={estimate._id} className="estimate-approvals__item" data-testid="estimate-approved">
                  <span>
                    <strong>{estimate.number}</strong> · {customerName} approved{" "}
                    <strong>{option?.title ?? "an option"}</strong> for{" "}
                    <strong>{cents(option?.totalCents ?? 0)}</strong> {via}
                  </span>
                  <button
                    type="button"
                    className="btn btn-outline adm-btn-small"
                    onClick={() => onView(estimate.bookingId)}
                  >
                    View Booking<span className="visually-hidden"> of {customerName}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
