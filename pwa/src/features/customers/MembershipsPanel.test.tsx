import type { Membership } from "@contracts/plans/plan.ts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { makeCustomerDetail } from "../../test/customerFixtures.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { adminUser, fakeToken } from "../../test/staffFixtures.ts";
import { MembershipsPanel } from "./MembershipsPanel.tsx";

const customer = makeCustomerDetail();

const ACTIVE: Membership = {
  _id: "m1",
  customerId: customer._id,
  propertyId: "p1",
  address: "12 Oak St, Charlotte, NC 28203",
  plan: {
    _id: "plan1",
    name: "Clean Air Club",
    priceCents: 1900,
    period: "month",
    memberDiscountPercent: 15,
    visits: [],
  },
  start: "2026-03-01",
  payment: "card-link",
  status: "active",
  checkoutUrl: null,
  card: { brand: "visa", last4: "4242" },
  currentPeriodEnd: "2026-04-01T12:00:00.000Z",
  visits: [],
  nextVisits: [],
  invoices: [
    {
      _id: "i1",
      number: "INV-000001",
      periodStart: "2026-03-01",
      periodEnd: "2026-04-01",
      amountCents: 1900,
      paidCents: 1900,
      refundedCents: 0,
      issuedAt: "2026-03-01T12:00:00.000Z",
      paidAt: "2026-03-01T12:00:00.000Z",
    },
  ],
  history: [],
  createdAt: "2026-03-01T12:00:00.000Z",
};

const ENDED: Membership = {
  ...ACTIVE,
  status: "ended",
  invoices: [{ ...ACTIVE.invoices[0]!, refundedCents: 1777 }],
  history: [
    {
      at: "2026-03-02T15:00:00.000Z",
      status: "ended",
      note: "Cancelled at once: $17.77 refunded to the card (29 of 31 days unused, INV-000001)",
    },
  ],
};

beforeEach(() => saveSession(fakeToken(Math.floor(Date.now() / 1000) + 3600), adminUser));
afterEach(() => vi.unstubAllGlobals());

describe("the customer record's memberships", () => {
  it("cancelling at once asks first, then says what the server refunded", async () => {
    let list = [ACTIVE];
    const sent: unknown[] = [];
    mockFetch({
      "/api/services": () => json([]),
      [`/api/customers/${customer._id}/memberships`]: () => json({ data: list }),
      "POST /api/memberships/m1/cancel": (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        list = [ENDED];
        return json({ data: ENDED });
      },
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal("confirm", confirm);
    renderRoute(<MembershipsPanel customer={customer} />, "/dashboard/customers/x");
    const now = await screen.findByRole("button", { name: "Cancel now" });
    await userEvent.click(now);
    expect(confirm).toHaveBeenCalledWith("End Clean Air Club now? The unused part of the period paid is refunded.");
    expect(sent).toEqual([]);
    await userEvent.click(now);
    expect(
      await screen.findByText(
        "Clean Air Club: Cancelled at once: $17.77 refunded to the card (29 of 31 days unused, INV-000001).",
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ atPeriodEnd: false }]);
    expect(await screen.findByText(/INV-000001 \(paid\) \(\$17\.77 refunded\)/)).toBeInTheDocument();
  });

  it("records a plan invoice paid on site by check, and shows it paid", async () => {
    const unpaid = { ...ACTIVE.invoices[0]!, paidCents: 0, paidAt: null };
    const byInvoice: Membership = { ...ACTIVE, payment: "invoice", card: null, invoices: [unpaid] };
    let list = [byInvoice];
    const sent: unknown[] = [];
    mockFetch({
      "/api/services": () => json([]),
      [`/api/customers/${customer._id}/memberships`]: () => json({ data: list }),
      "POST /api/plan-invoices/i1/payments": (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        list = [{ ...byInvoice, invoices: [{ ...unpaid, paidCents: 1900 }] }];
        return json({ data: list[0] }, 201);
      },
    });
    const user = userEvent.setup();
    renderRoute(<MembershipsPanel customer={customer} />, "/dashboard/customers/x");
    await user.click(await screen.findByRole("button", { name: "Record payment of INV-000001" }));
    const dialog = await screen.findByRole("dialog", { name: "Payment of INV-000001" });
    expect(dialog).toHaveTextContent("$19.00 for");
    await user.selectOptions(screen.getByLabelText("Method"), "check");
    await user.type(screen.getByLabelText(/^Reference/), "No. 1042");
    await user.click(screen.getByRole("button", { name: "Record $19.00" }));
    expect(
      await screen.findByText("INV-000001 is paid: the receipt was e-mailed to the customer."),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ method: "check", reference: "No. 1042" }]);
    expect(await screen.findByText(/INV-000001 \(paid\)/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record payment of INV-000001" })).not.toBeInTheDocument();
  });
});
