import type { CustomerDetail, CustomerRow, DuplicatePair, Property } from "@contracts/customers/customer.ts";
import type { Page } from "@contracts/common/paging.ts";

// Test data only: customers as the records API answers them.

export const JANE_ID = "11111111-1111-4111-8111-111111111111";
export const JANE_DUP_ID = "22222222-2222-4222-8222-222222222222";
export const BOB_ID = "33333333-3333-4333-8333-333333333333";

export function makeCustomerRow(overrides: Partial<CustomerRow> = {}): CustomerRow {
  return {
    _id: JANE_ID,
    name: "Jane Doe",
    emails: ["jane@example.com"],
    phones: [{ number: "+17045550131", label: "mobile" }],
    notes: "",
    tags: [],
    version: 3,
    createdAt: "2024-03-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    address: "12 Elm St, Charlotte, NC 28202",
    bookingCount: 4,
    lastVisitDate: "2026-10-12",
    ...overrides,
  };
}

export function page<T>(data: T[], total = data.length, nextCursor: string | null = null): Page<T> {
  return { data, total, nextCursor };
}

export function makeProperty(overrides: Partial<Property & { visitCount: number }> = {}): Property & {
  visitCount: number;
} {
  return {
    _id: "p-elm",
    customerId: JANE_ID,
    street: "12 Elm St",
    city: "Charlotte",
    state: "NC",
    zip: "28202",
    accessNotes: "Gate code 4410. Friendly dog.",
    equipment: { furnaceOrUnit: "Furnace", units: 2 },
    archivedAt: null,
    createdAt: "2024-03-01T10:00:00.000Z",
    updatedAt: "2024-03-01T10:00:00.000Z",
    visitCount: 2,
    ...overrides,
  };
}

export function makeCustomerDetail(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  const { address: _address, bookingCount: _count, lastVisitDate: _last, ...customer } = makeCustomerRow();
  return {
    ...customer,
    notes: "Prefers mornings.",
    tags: ["landlord"],
    properties: [makeProperty()],
    visits: [
      {
        _id: "b-2",
        propertyId: "p-elm",
        serviceType: "dryer-vent-cleaning",
        unitCount: 1,
        cleaningDate: "2026-10-12",
        cleaningTime: "9:00 AM",
        status: "completed",
        estimatedPrice: 129,
        technicianName: "Tom Tech",
      },
      {
        _id: "b-1",
        propertyId: "p-elm",
        serviceType: "air-duct-cleaning",
        unitCount: 2,
        cleaningDate: "2025-04-02",
        cleaningTime: "1:00 PM",
        status: "completed",
        estimatedPrice: 378,
        technicianName: null,
      },
    ],
    visitCount: 2,
    estimates: [
      {
        _id: "e-1",
        number: "E-1001",
        bookingId: "b-2",
        status: "approved",
        totalCents: 45000,
        createdAt: "2026-10-12T15:00:00.000Z",
      },
    ],
    invoices: [
      {
        _id: "i-1",
        number: "INV-000007",
        bookingId: "b-2",
        status: "partially_paid",
        totalCents: 57900,
        balanceCents: 12900,
        issuedAt: "2026-10-12T17:00:00.000Z",
      },
    ],
    balanceCents: 12900,
    ratings: [{ bookingId: "b-2", stars: 5, comment: "On time and tidy.", createdAt: "2026-10-13T09:00:00.000Z" }],
    ...overrides,
  };
}

export function makeDuplicatePair(): DuplicatePair {
  return {
    reason: "phone",
    keep: makeCustomerRow(),
    other: makeCustomerRow({
      _id: JANE_DUP_ID,
      name: "Jane D.",
      emails: ["jdoe@work.example"],
      createdAt: "2026-09-01T10:00:00.000Z",
      address: "12 Elm Street, Charlotte, NC 28202",
      bookingCount: 1,
      lastVisitDate: "2026-09-20",
    }),
  };
}
