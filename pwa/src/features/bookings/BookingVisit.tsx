import type { Booking } from "@contracts/entities.ts";
import type { JobDetails } from "@contracts/visit.ts";
import { useEffect, useState } from "react";
import { VisitRecord } from "../../components/visit/VisitRecord.tsx";
import { visitViewOf } from "../../components/visit/visitView.ts";
import { useProfile } from "../../lib/profile.tsx";
import { fetchBooking } from "./api.ts";

/**
 * The technician's record of the visit in a booking's details: read again whenever the booking's version moves,
 * so a stage, note or photo sent from the field shows while the office has the details open.
 */
export function BookingVisit({ booking }: { booking: Pick<Booking, "_id" | "version"> }) {
  const { timeZone } = useProfile();
  const [job, setJob] = useState<JobDetails | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    fetchBooking(booking._id).then(
      (details) => {
        if (cancelled) return;
        setJob(details);
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
  }, [booking._id, booking.version]);

  if (!job)
    return <p className="adm-history__empty">{failed ? "The visit could not be loaded." : "Loading visit..."}</p>;
  return (
    <section className="adm-visit" aria-label="Technician's visit">
      <VisitRecord view={visitViewOf(job)} timeZone={timeZone} />
    </section>
  );
}
