import { calendarDay } from "../../contracts/common/days.ts";
import type { InvoicePublicView } from "../../contracts/invoices/invoice.ts";
import { invoicePagePath, invoicePdfPath, type PortalInvoice } from "../../contracts/portal/money.ts";
import { type BusinessProfile, businessCard } from "../../contracts/settings/profile.ts";
import type { FoundInvoice } from "./repo.ts";

type CustomerFields = Omit<InvoicePublicView, "business" | "customer" | "locale" | "days">;

/** What the customer's page shows: no staff-side field, no token, who recorded nothing. */
export function publicView(found: FoundInvoice, profile: BusinessProfile, payOnline: boolean): InvoicePublicView {
  const { booking, invoice } = found;
  const dayOf = (instant: string) => calendarDay(instant, profile.timeZone);
  return {
    ...customerFields(found, payOnline),
    business: businessCard(profile),
    customer: { name: `${booking.firstName} ${booking.lastName}`, address: booking.address },
    locale: booking.locale,
    days: {
      issued: dayOf(invoice.issuedAt),
      // Due on a calendar day (kept as its noon UTC): that day, as the business's zone reads it.
      due: dayOf(`${invoice.dueAt.slice(0, 10)}T12:00:00Z`),
      paid: invoice.payments.map((p) => dayOf(p.at)),
    },
  };
}

/** The invoice as the customer's portal lists it: its page's fields, its visit, and the links to its page and PDF. */
export function portalInvoice(found: FoundInvoice, payOnline: boolean): PortalInvoice {
  const { invoice, booking } = found;
  return {
    ...customerFields(found, payOnline),
    _id: invoice._id,
    bookingId: booking._id,
    address: booking.address,
    url: invoicePagePath(invoice.token),
    pdfUrl: invoicePdfPath(invoice.token),
  };
}

function customerFields({ invoice: i }: FoundInvoice, payOnline: boolean): CustomerFields {
  return {
    number: i.number,
    status: i.status,
    issuedAt: i.issuedAt,
    dueAt: i.dueAt,
    lines: i.lines,
    subtotalCents: i.subtotalCents,
    taxCents: i.taxCents,
    totalCents: i.totalCents,
    taxRatePercent: i.taxRatePercent,
    taxLabel: i.taxLabel,
    paidCents: i.paidCents,
    balanceCents: i.balanceCents,
    payments: i.payments.map(({ method, amountCents, at, refundedCents, deposit }) => ({
      method,
      amountCents,
      at,
      refundedCents,
      deposit,
    })),
    payOnline: payOnline && i.balanceCents > 0 && i.status !== "void",
  };
}
