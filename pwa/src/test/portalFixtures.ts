import type { PortalEstimate, PortalEstimates, PortalInvoice, PortalInvoices } from "@contracts/portal/money.ts";
import type { PortalVisit, PortalVisitDetails, PortalVisits } from "@contracts/portal/portal.ts";
import { makeEstimate, makeOption } from "./estimateFixtures.ts";

/** The customer's page's fixtures: Dana's session, visits, estimates and invoices. */
export const SESSION = { expiresAt: "2099-01-01T00:00:00.000Z", email: "dana@example.com" };

export const visit = (overrides: Partial<PortalVisit>): PortalVisit => ({
  _id: "v1",
  serviceType: "air-duct-cleaning",
  serviceTitle: "Air Duct Cleaning",
  unitCount: 2,
  cleaningDate: "2026-12-08",
  cleaningTime: "9:00 AM",
  homeAddress: "1200 East Blvd",
  city: "Charlotte",
  state: "NC",
  zip: "28203",
  estimatedPrice: 358.2,
  status: "confirmed",
  visitStage: "en_route",
  visitStageAt: null,
  technicianFirstName: "Ann",
  changeable: true,
  changeDeadline: "2026-12-07T14:00:00.000Z",
  rating: null,
  ...overrides,
});

export const VISITS: PortalVisits = {
  upcoming: [visit({})],
  past: [visit({ _id: "v0", cleaningDate: "2025-12-02", status: "completed", visitStage: "completed" })],
  lastDetails: {
    firstName: "Dana",
    lastName: "Whitfield",
    email: "dana@example.com",
    contactNumber: "(704) 555-0199",
    homeAddress: "1200 East Blvd",
    city: "Charlotte",
    state: "NC",
    zip: "28203",
    furnaceOrUnit: "Furnace",
    serviceType: "air-duct-cleaning",
    unitCount: 2,
  },
};

/** A portal estimate: the staff fixture less what the customer does not read. */
export const estimate = (overrides: Partial<PortalEstimate>): PortalEstimate => {
  const staff = makeEstimate({
    _id: "e1",
    number: "E-1001",
    bookingId: "v1",
    options: [makeOption("o1", "Bird guard", 13800), makeOption("o2", "Dryer vent", 9900)],
    expiresAt: "2026-12-27T15:00:00.000Z",
  });
  const { token: _token, sentAt: _sent, updatedAt: _updated, createdBy: _by, approval: _approval, ...shown } = staff;
  const links = { url: "/estimates/tok-e1", pdfUrl: "/api/estimates/by-token/tok-e1/pdf" };
  return { ...shown, ...links, address: "1200 East Blvd, Charlotte, NC 28203", approval: null, ...overrides };
};

export const invoice = (overrides: Partial<PortalInvoice>): PortalInvoice => ({
  _id: "i1",
  bookingId: "v0",
  address: "1200 East Blvd, Charlotte, NC 28203",
  url: "/invoices/tok-i1",
  pdfUrl: "/api/invoices/by-token/tok-i1/pdf",
  number: "INV-000001",
  status: "open",
  issuedAt: "2026-11-20T15:00:00.000Z",
  dueAt: "2026-12-04T15:00:00.000Z",
  lines: [],
  subtotalCents: 35820,
  taxCents: 0,
  totalCents: 35820,
  taxRatePercent: 0,
  taxLabel: "Sales tax",
  paidCents: 0,
  balanceCents: 35820,
  payments: [],
  payOnline: true,
  ...overrides,
});

export const ESTIMATES: PortalEstimates = {
  toApprove: [estimate({})],
  approved: [
    estimate({
      _id: "e0",
      number: "E-1000",
      status: "approved",
      url: "/estimates/tok-e0",
      pdfUrl: "/api/estimates/by-token/tok-e0/pdf",
      approvedOptionId: "o2",
      approval: { via: "link", signedBy: "Dana Whitfield", at: "2026-11-02T15:00:00.000Z", receivedAt: "" },
    }),
  ],
};

export const INVOICES: PortalInvoices = {
  open: [invoice({ status: "partially_paid", paidCents: 10000, balanceCents: 25820 })],
  paid: [
    invoice({
      _id: "i0",
      number: "INV-000000",
      status: "paid",
      url: "/invoices/tok-i0",
      pdfUrl: "/api/invoices/by-token/tok-i0/pdf",
      paidCents: 35820,
      balanceCents: 0,
      payOnline: false,
      payments: [
        { method: "card", amountCents: 35820, at: "2025-12-02T17:00:00.000Z", refundedCents: 0, deposit: false },
      ],
    }),
  ],
};

/** A completed visit with its report: times, history, checklist, a note, a photo of each kind, no signature. */
export const visitDetails = (overrides: Partial<PortalVisitDetails> = {}): PortalVisitDetails => ({
  ...visit({ _id: "v0", cleaningDate: "2025-12-02", status: "completed", visitStage: "completed", changeable: false }),
  visit: {
    stage: "completed",
    history: [
      { stage: "en_route", at: "2025-12-02T13:40:00.000Z" },
      { stage: "on_site", at: "2025-12-02T14:05:00.000Z" },
      { stage: "completed", at: "2025-12-02T16:10:00.000Z" },
    ],
    customerNotPresent: true,
  },
  checklist: [
    { _id: "c1", label: "Supply vents", done: true },
    { _id: "c2", label: "Return vents", done: false },
  ],
  notes: [{ _id: "n1", text: "Filter replaced.", at: "2025-12-02T16:00:00.000Z" }],
  photos: [
    { _id: "p1", kind: "before", url: "/api/portal/photos/p1", at: "2025-12-02T14:10:00.000Z" },
    { _id: "p2", kind: "after", url: "/api/portal/photos/p2", at: "2025-12-02T16:05:00.000Z" },
  ],
  signature: null,
  began: "2025-12-02T14:05:00.000Z",
  ended: "2025-12-02T16:10:00.000Z",
  ...overrides,
});
