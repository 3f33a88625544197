import type { Booking } from "@contracts/bookings/booking.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { lazy, Suspense, useCallback } from "react";
import { VisitRecord } from "../../components/visit/VisitRecord.tsx";
import { visitViewOf } from "../../components/visit/visitView.ts";
import { serviceName } from "../../lib/format.ts";
import { useProfile } from "../../lib/profile.tsx";
import { useServices } from "../../lib/services.ts";
import { getUser } from "../../lib/session.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { cancelJob } from "../../lib/offline-queue/adminStatusQueue.ts";
import { fetchBooking } from "./api.ts";

// Loaded with the booking's details, not with the dashboard behind them.
const EstimatesPanel = lazy(() =>
  import("../../components/estimates/EstimatesPanel.tsx").then((m) => ({ default: m.EstimatesPanel })),
);
const InvoicePanel = lazy(() =>
  import("../../components/invoices/InvoicePanel.tsx").then((m) => ({ default: m.InvoicePanel })),
);

/** The booking with its visit, read because the booking reached `version` (named in the log of a failure). */
const readVisit = (id: string, version: number): Promise<JobDetails> =>
  fetchBooking(id).catch((error: unknown) => {
    console.error(`Loading the visit failed (booking version ${version})`, error);
    throw error;
  });

/**
 * The technician's record of the visit in a booking's details: read again whenever the booking's version moves,
 * so a stage, note or photo sent from the field shows while the office has the details open (the record read
 * before stays until then). `details`: the job as the caller has just read it (the edit screen), used as long as
 * the booking's version is theirs, instead of a second read of the same booking.
 */
export function BookingVisit({
  booking,
  details,
}: {
  booking: Pick<Booking, "_id" | "version">;
  details?: JobDetails;
}) {
  const { timeZone, taxRatePercent, taxLabel } = useProfile();
  const known = details && details._id === booking._id && details.version === booking.version ? details : null;
  const { _id: id, version } = booking;
  const visit = useLoad(
    useCallback(() => (known ? Promise.resolve(known) : readVisit(id, version)), [id, version, known]),
    { keepShown: true },
  );

  // An approval changes the estimates, not the booking's version: read again when the office hears of one.
  useSocketEvent("estimateApproved", ({ estimate }) => estimate.bookingId === id && visit.refresh());
  // So does a payment, on site or online: the invoice's figures move while the details are open.
  useSocketEvent("invoiceUpdated", (invoice) => invoice.bookingId === id && visit.refresh());
  useSocketEvent("invoicePaid", ({ invoice }) => invoice.bookingId === id && visit.refresh());
  const { services } = useServices();
  const job = known ?? (visit.state === "ready" ? visit.data : null);
  if (!job)
    return (
      <p className="adm-history__empty">
        {visit.state === "failed" ? "The visit could not be loaded." : "Loading visit..."}
      </p>
    );
  return (
    <>
      <section className="adm-visit" aria-label="Technician's visit">
        <VisitRecord view={visitViewOf(job)} timeZone={timeZone} />
        {job.rating && (
          <p className="adm-visit__rating">
            <strong>Customer's rating:</strong>{" "}
            <span aria-label={`${job.rating.stars} of 5 stars`}>
              {"★".repeat(job.rating.stars)}
              {"☆".repeat(5 - job.rating.stars)}
            </span>
            {job.rating.comment && <> “{job.rating.comment}”</>}
          </p>
        )}
      </section>
      <Suspense fallback={null}>
        <InvoicePanel
          bookingId={job._id}
          invoice={job.invoice ?? null}
          pricing={{ job, serviceTitle: serviceName(job.serviceType, services), tax: { taxRatePercent, taxLabel } }}
          canCreate={job.status !== "cancelled"}
          office
          booking={job}
          cancelJob={(keepDepositReason) => cancelJob(job, keepDepositReason)}
          onChanged={visit.refresh}
        />
        <EstimatesPanel
          bookingId={job._id}
          estimates={job.estimates ?? []}
          office
          closed={job.status === "cancelled"}
          tax={{ taxRatePercent, taxLabel }}
          me={getUser()?.name ?? ""}
          onChanged={visit.refresh}
        />
      </Suspense>
    </>
  );
}
