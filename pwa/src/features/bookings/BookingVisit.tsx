import type { Booking } from "@contracts/bookings/booking.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { useEffect, useState } from "react";
import { VisitRecord } from "../../components/visit/VisitRecord.tsx";
import { visitViewOf } from "../../components/visit/visitView.ts";
import { useProfile } from "../../lib/profile.tsx";
import { fetchBooking } from "./api.ts";

/**
 * The technician's record of the visit in a booking's details: read again whenever the booking's version moves,
 * so a stage, note or photo sent from the field shows while the office has the details open. `details`: the job as
 * the caller has just read it (the edit screen), used as long as the booking's version is theirs, instead of a
 * second read of the same booking.
 */
export function BookingVisit({
  booking,
  details,
}: {
  booking: Pick<Booking, "_id" | "version">;
  details?: JobDetails;
}) {
  const { timeZone } = useProfile();
  const known = details && details._id === booking._id && details.version === booking.version ? details : null;
  const [fetched, setFetched] = useState<JobDetails | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (known) return;
    let cancelled = false;
    fetchBooking(booking._id).then(
      (details) => {
        if (cancelled) return;
        setFetched(details);
        setFailed(false);
      },
      (error: unknown) => {
        console.error("Loading the visit failed", error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [booking._id, booking.version, known]);

  const job = known ?? fetched;

  if (!job)
    return <p className="adm-history__empty">{failed ? "The visit could not be loaded." : "Loading visit..."}</p>;
  return (
    <section className="adm-visit" aria-label="Technician's visit">
      <VisitRecord view={visitViewOf(job)} timeZone={timeZone} />
    </section>
  );
}
