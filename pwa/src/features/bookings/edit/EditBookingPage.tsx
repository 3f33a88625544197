// First, so that the areas' own styles come after the shared ones they build on.
import "../../../styles/staff.css";
import type { Booking } from "@contracts/bookings/booking.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { useCallback } from "react";
import { useLocation, useParams } from "react-router-dom";
import { Link } from "../../../components/Link.tsx";
import { LoadState } from "../../../components/LoadState.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { fullName } from "../../../lib/format.ts";
import { useLoad } from "../../../lib/useLoad.ts";
import { fetchBooking } from "../api.ts";
import { BookingVisit } from "../BookingVisit.tsx";
import { EditBookingForm } from "./EditBookingForm.tsx";
import "./EditBookingPage.css";

/** The booking as the form edits it, and as read with its visit (the visit's panel shows it without a second read). */
interface Loaded {
  booking: Booking;
  details: JobDetails;
}

const read = (id: string): Promise<Loaded> =>
  fetchBooking(id).then(
    (details) => ({ booking: details, details }),
    (error: unknown) => {
      console.error("Loading the booking failed", error);
      throw error;
    },
  );

/** /admin/bookings/edit/{id}: every field of a booking, its technician, and the visit below. */
export default function EditBookingPage() {
  const { id = "" } = useParams();
  const location = useLocation();
  // Back to the dashboard tab the edit was started from.
  const backTo = (location.state as { from?: string } | null)?.from ?? "/dashboard";
  const load = useLoad(useCallback(() => read(id), [id]));
  const original = load.state === "ready" ? load.data.booking : null;

  return (
    <div className="adm adm-dashboard adm-edit">
      <PageHeader
        title="Edit Booking"
        lead={original && `${fullName(original)} · booked ${new Date(original.createdAt).toLocaleDateString("en-US")}`}
      />
      <LoadState
        load={load}
        loading="Loading booking..."
        failed="The booking could not be loaded."
        notFound="This booking does not exist any more."
        onRetry={load.reload}
      >
        {({ booking, details }) => (
          <>
            <EditBookingForm
              booking={booking}
              backTo={backTo}
              // After a 409: the stored booking again, unsaved changes dropped, to see the other change.
              onReload={load.reload}
              // Assigning raises the booking's version: the form's save then names the new one.
              onAssigned={(assigned) => load.update((loaded) => ({ ...loaded, booking: assigned }))}
            />
            <div className="adm-panel adm-edit__visit">
              <BookingVisit booking={booking} details={details} />
            </div>
          </>
        )}
      </LoadState>
      {load.state === "failed" && (
        <Link className="btn btn-outline" to={backTo}>
          Back to Dashboard
        </Link>
      )}
    </div>
  );
}
