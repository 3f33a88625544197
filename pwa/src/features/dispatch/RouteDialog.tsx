import type { BoardBooking, RouteProposal } from "@contracts/schedule/board.ts";
import { useEffect, useState } from "react";
import { Modal } from "../../components/Modal.tsx";
import { failureText } from "../../lib/http.ts";
import { formatLongDate, fullName } from "../../lib/format.ts";
import { applyRoute, proposeRoute } from "./api.ts";

type Step =
  | { kind: "asking" }
  | { kind: "proposal"; proposal: RouteProposal }
  | { kind: "applying"; proposal: RouteProposal }
  | { kind: "failed"; message: string; proposal: RouteProposal | null };

/**
 * "Order day": the server's better order of one technician's day (nearest neighbour and 2-opt), shown as the new
 * order with the minutes saved; Apply makes its moves together, and each customer whose time changed is told once.
 */
export function RouteDialog({
  technician,
  date,
  bookings,
  serviceTitle,
  onClose,
  onApplied,
}: {
  technician: { _id: string; name: string };
  date: string;
  bookings: BoardBooking[];
  serviceTitle: (id: string) => string;
  onClose: () => void;
  onApplied: (moved: number) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: "asking" });
  useEffect(() => {
    let live = true;
    proposeRoute({ technicianId: technician._id, date }).then(
      (proposal) => live && setStep({ kind: "proposal", proposal }),
      (e: unknown) =>
        live &&
        setStep({
          kind: "failed",
          message: failureText(e, { otherwise: "No order could be proposed." }),
          proposal: null,
        }),
    );
    return () => {
      live = false;
    };
  }, [technician._id, date]);

  const proposal = step.kind === "asking" ? null : step.proposal;
  const byId = new Map(bookings.map((b) => [b._id, b]));
  const newTime = new Map(proposal?.moves.map((m) => [m.bookingId, m.time]) ?? []);
  const apply = () => {
    if (!proposal) return;
    setStep({ kind: "applying", proposal });
    applyRoute({ moves: proposal.moves }).then(
      (applied) => onApplied(applied.bookings.length),
      (e: unknown) =>
        setStep({
          kind: "failed",
          message: failureText(e, { otherwise: "The order could not be applied." }),
          proposal,
        }),
    );
  };
  const nothingToDo = proposal !== null && proposal.moves.length === 0;

  return (
    <Modal title={`Order ${technician.name}'s day`} onClose={onClose} className="adm">
      <p className="dsp-route__date">{formatLongDate(date)}</p>
      {step.kind === "asking" && <p role="status">Working out the shortest order…</p>}
      {step.kind === "failed" && (
        <p className="banner banner-error" role="alert">
          {step.message}
        </p>
      )}
      {proposal && nothingToDo && <p role="status">This day is already in its best order.</p>}
      {proposal && !nothingToDo && (
        <>
          <p className="dsp-route__saved" role="status">
            Saves {proposal.minutesSaved} {proposal.minutesSaved === 1 ? "minute" : "minutes"} of driving
          </p>
          <ol className="dsp-route__order" aria-label="New order">
            {proposal.order.map((id) => {
              const job = byId.get(id);
              const time = newTime.get(id) ?? job?.cleaningTime ?? "";
              const changed = job !== undefined && newTime.has(id) && newTime.get(id) !== job.cleaningTime;
              return (
                <li key={id}>
                  <strong>{time}</strong> {job ? fullName(job) : id}
                  {job && (
                    <span className="dsp-route__what">
                      {" "}
                      · {serviceTitle(job.serviceType)} · {job.town}
                    </span>
                  )}
                  {changed && <span className="dsp-route__was"> (was {job.cleaningTime})</span>}
                </li>
              );
            })}
          </ol>
        </>
      )}
      <div className="dsp-route__actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        {proposal && !nothingToDo && (
          <button type="button" className="btn btn-primary" onClick={apply} disabled={step.kind === "applying"}>
            {step.kind === "applying" ? "Applying…" : "Apply"}
          </button>
        )}
      </div>
    </Modal>
  );
}
