import { changeDeadline, changeProblem, visitStart } from "../../../contracts/bookings/manage.ts";
import {
  firstNameOf,
  type PortalCustomerDetails,
  type PortalVisit,
  type PortalVisitDetails,
  type PortalVisits,
} from "../../../contracts/portal/portal.ts";
import type { BookingChecklistItem } from "../../../contracts/visit/checklists.ts";
import type { PhotoKind, Visit, VisitNote } from "../../../contracts/visit/visit.ts";
import type { CustomerBooking } from "./repo.ts";

/** A visit's records as the staff's booking details hold them; the portal shows the customer's part of them. */
export interface VisitRecordsView {
  visit: Visit;
  notes: VisitNote[];
  images: { _id: string; kind: PhotoKind | "signature"; takenAt: string }[];
  checklist: BookingChecklistItem[];
}

export const portalPhotoUrl = (id: string) => `/api/portal/photos/${id}`;

/** A visit in the customer's list: field by field, so that nothing added to a booking for the staff leaks here. */
export function toPortalVisit(
  b: CustomerBooking,
  serviceTitle: (serviceType: string) => string,
  timeZone: string,
  now: Date,
): PortalVisit {
  return {
    _id: b._id,
    serviceType: b.serviceType,
    serviceTitle: serviceTitle(b.serviceType),
    unitCount: b.unitCount,
    cleaningDate: b.cleaningDate,
    cleaningTime: b.cleaningTime,
    homeAddress: b.homeAddress,
    city: b.city,
    state: b.state,
    zip: b.zip,
    estimatedPrice: b.estimatedPrice,
    status: b.status,
    visitStage: b.visitStage,
    visitStageAt: b.visitStageAt,
    technicianFirstName: firstNameOf(b.technicianName),
    changeable: changeProblem(b, timeZone, now) === null,
    changeDeadline: changeDeadline(b.cleaningDate, b.cleaningTime, timeZone).toISOString(),
    rating: b.ratingStars === null ? null : { stars: b.ratingStars },
  };
}

const isPast = (b: CustomerBooking) => b.status === "completed" || b.status === "cancelled";

/** Upcoming (not completed or cancelled) soonest first; past (completed or cancelled, whatever the date) newest first. */
export function toPortalVisits(
  bookings: readonly CustomerBooking[],
  serviceTitle: (serviceType: string) => string,
  timeZone: string,
  now: Date,
): PortalVisits {
  const start = (b: CustomerBooking) => visitStart(b.cleaningDate, b.cleaningTime, timeZone).getTime();
  const view = (b: CustomerBooking) => toPortalVisit(b, serviceTitle, timeZone, now);
  const upcoming = bookings.filter((b) => !isPast(b)).sort((a, b) => start(a) - start(b));
  const past = bookings.filter(isPast).sort((a, b) => start(b) - start(a));
  const latest = [...bookings].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return { upcoming: upcoming.map(view), past: past.map(view), lastDetails: latest ? detailsOf(latest) : null };
}

/** What Book again fills in: the customer's details and last service, never a date. */
function detailsOf(b: CustomerBooking): PortalCustomerDetails {
  const { firstName, lastName, email, contactNumber, homeAddress, city, state, zip, furnaceOrUnit } = b;
  return {
    firstName,
    lastName,
    email,
    contactNumber,
    homeAddress,
    city,
    state,
    zip,
    furnaceOrUnit,
    serviceType: b.serviceType,
    unitCount: b.unitCount,
  };
}

/** One visit with its report: the staff's details less who did what when on the server, and less staff names. */
export function toPortalVisitDetails(visit: PortalVisit, records: VisitRecordsView): PortalVisitDetails {
  const { history } = records.visit;
  const last = (stage: string) => history.findLast((h) => h.stage === stage)?.at ?? null;
  const signature = records.images.find((i) => i.kind === "signature");
  return {
    ...visit,
    visit: {
      stage: records.visit.stage,
      history: history.map(({ stage, at }) => ({ stage, at })),
      customerNotPresent: records.visit.customerNotPresent,
    },
    checklist: records.checklist.map(({ _id, label, done }) => ({ _id, label, done })),
    notes: records.notes.map(({ _id, text, at }) => ({ _id, text, at })),
    photos: records.images.flatMap((i) =>
      i.kind === "signature" ? [] : [{ _id: i._id, kind: i.kind, url: portalPhotoUrl(i._id), at: i.takenAt }],
    ),
    signature: signature ? { url: portalPhotoUrl(signature._id) } : null,
    began: last("on_site"),
    ended: last("completed"),
  };
}
