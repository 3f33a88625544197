import type { Estimate, EstimatePublicView } from "../../contracts/estimates/estimate.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { EstimateBooking } from "./repo.ts";

/** What the customer's page shows: the estimate without any staff-side field, the business and the customer. */
export function publicView(e: Estimate, booking: EstimateBooking, profile: BusinessProfile): EstimatePublicView {
  const { street, city, state, zip } = profile.address;
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
    business: {
      name: profile.name,
      phone: profile.phone,
      email: profile.email,
      address: `${street}, ${city}, ${state} ${zip}`,
    },
    customer: { name: `${booking.firstName} ${booking.lastName}`, address: booking.address },
  };
}
