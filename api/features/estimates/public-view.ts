import type { Estimate, EstimatePublicView } from "../../contracts/estimates/estimate.ts";
import { type BusinessProfile, businessCard } from "../../contracts/settings/profile.ts";
import type { EstimateBooking } from "./repo.ts";

/** What the customer's page shows: the estimate without any staff-side field, the business and the customer. */
export function publicView(e: Estimate, booking: EstimateBooking, profile: BusinessProfile): EstimatePublicView {
  return {
    number: e.number,
    status: e.status,
    options: e.options,
    approvedOptionId: e.approvedOptionId,
    depositPercent: e.depositPercent,
    depositCents: e.depositCents,
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
    business: businessCard(profile),
    customer: { name: `${booking.firstName} ${booking.lastName}`, address: booking.address },
  };
}
