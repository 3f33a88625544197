import { calendarDay } from "../../contracts/common/days.ts";
import type { Estimate, EstimatePublicView } from "../../contracts/estimates/estimate.ts";
import { estimatePagePath, estimatePdfPath, type PortalEstimate } from "../../contracts/portal/money.ts";
import { type BusinessProfile, businessCard } from "../../contracts/settings/profile.ts";
import type { EstimateBooking, Found } from "./repo.ts";

type CustomerFields = Omit<EstimatePublicView, "business" | "customer" | "locale" | "days">;

/** What the customer's page shows: the estimate without any staff-side field, the business and the customer. */
export function publicView(e: Estimate, booking: EstimateBooking, profile: BusinessProfile): EstimatePublicView {
  return {
    ...customerFields(e),
    business: businessCard(profile),
    customer: { name: `${booking.firstName} ${booking.lastName}`, address: booking.address },
    locale: booking.locale,
    days: {
      written: calendarDay(e.createdAt, profile.timeZone),
      validUntil: calendarDay(e.expiresAt, profile.timeZone),
      approved: e.approval ? calendarDay(e.approval.at, profile.timeZone) : null,
      declined: e.decline ? calendarDay(e.decline.at, profile.timeZone) : null,
    },
  };
}

/** The estimate as the customer's portal lists it: its page's fields, its visit, and the links to its page and PDF. */
export function portalEstimate({ estimate, booking }: Found): PortalEstimate {
  return {
    ...customerFields(estimate),
    _id: estimate._id,
    bookingId: booking._id,
    address: booking.address,
    url: estimatePagePath(estimate.token),
    pdfUrl: estimatePdfPath(estimate.token),
  };
}

function customerFields(e: Estimate): CustomerFields {
  return {
    number: e.number,
    status: e.status,
    options: e.options,
    approvedOptionId: e.approvedOptionId,
    depositPercent: e.depositPercent,
    depositCents: e.depositCents,
    depositPaidCents: e.depositPaidCents,
    message: e.message,
    taxRatePercent: e.taxRatePercent,
    taxLabel: e.taxLabel,
    expiresAt: e.expiresAt,
    createdAt: e.createdAt,
    approval: e.approval && {
      via: e.approval.via,
      signedBy: e.approval.signedBy,
      at: e.approval.at,
      receivedAt: e.approval.receivedAt,
    },
    decline: e.decline,
  };
}
