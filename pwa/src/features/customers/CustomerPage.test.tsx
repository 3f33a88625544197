import type { CustomerDetail } from "@contracts/customers/customer.ts";
import { earliestBookingDate } from "@contracts/schedule/dates.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { JANE_ID, makeCustomerDetail, makeProperty } from "../../test/customerFixtures.ts";
import { json, mockFetch, SAMPLE_SERVICES } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { adminUser, fakeToken } from "../../test/staffFixtures.ts";
import CustomerPage from "./CustomerPage.tsx";

const base = `/api/customers/${JANE_ID}`;
type Sent = { method: string; url: string; body: unknown; headers: Headers };

function open(detail: () => CustomerDetail | Response, routes: Parameters<typeof mockFetch>[0] = {}) {
  saveSession(fakeToken(), adminUser);
  const sent: Sent[] = [];
  const record =
    (method: string, answer: unknown, status = 200) =>
    (url: string, init?: RequestInit) => {
      sent.push({ method, url, body: JSON.parse(String(init?.body ?? "null")), headers: new Headers(init?.headers) });
      return json(answer, status);
    };
  mockFetch({
    [`GET ${base}`]: () => {
      const answer = detail();
      return answer instanceof Response ? answer : json(answer);
    },
    "GET /api/services": () => json(SAMPLE_SERVICES),
    "GET /api/availability": (url) =>
      json({
        date: new URL(url, "http://x").searchParams.get("date"),
        closedReason: null,
        slots: [{ time: "9:00 AM", capacity: 2, remaining: 2 }],
      }),
    ...Object.fromEntries(
      Object.entries(routes).map(([key, handler]) => [
        key,
        (url: string, init?: RequestInit) => {
          sent.push({
            method: key.split(" ")[0]!,
            url,
            body: JSON.parse(String(init?.body ?? "null")),
            headers: new Headers(init?.headers),
          });
          return handler(url, init);
        },
      ]),
    ),
  });
  renderRoute(<CustomerPage />, `/dashboard/customers/${JANE_ID}`, "/dashboard/customers/:id");
  return { sent, record };
}

/** A weekday at least a week ahead: open under the default hours, whatever day the tests run. */
function openDay(): { iso: string; typed: string } {
  const start = new Date(`${earliestBookingDate("America/New_York")}T12:00:00Z`);
  start.setUTCDate(start.getUTCDate() + 7);
  while (start.getUTCDay() === 6 || start.getUTCDay() === 0) start.setUTCDate(start.getUTCDate() + 1);
  const iso = start.toISOString().slice(0, 10);
  const [y, m, d] = iso.split("-");
  return { iso, typed: `${m}/${d}/${y}` };
}

afterEach(() => vi.restoreAllMocks());

describe("CustomerPage", () => {
  it("shows 'Customer Details' with the spec's name, email, phone and address and the booking history's columns", async () => {
    open(() => makeCustomerDetail());
    expect(await screen.findByRole("heading", { level: 1, name: "Customer Details" })).toBeInTheDocument();
    const contact = screen.getByRole("region", { name: "Contact" });
    for (const label of ["Name", "Email", "Phone", "Address"])
      expect(within(contact).getByText(label)).toBeInTheDocument();
    expect(within(contact).getByRole("link", { name: "(704) 555-0131" })).toHaveAttribute("href", "tel:+17045550131");
    expect(within(contact).getByText("12 Elm St, Charlotte, NC 28202")).toBeInTheDocument();

    const history = screen.getByRole("table", { name: "Booking history of Jane Doe" });
    const headers = within(history)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual(["Date", "Service", "Status", "Price"]);
    expect(within(history).getAllByRole("row")[1]).toHaveTextContent("$129.00");
    expect(within(history).getAllByRole("link")[0]).toHaveAttribute("href", "/admin/bookings/edit/b-2");

    expect(screen.getByText("Balance owed").parentElement).toHaveTextContent("$129.00");
    expect(screen.getByRole("link", { name: "INV-000007" })).toHaveAttribute("href", "/admin/bookings/edit/b-2");
    expect(screen.getByText("Partly paid")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Properties" })).toHaveTextContent("Gate code 4410. Friendly dog.");
  });

  it("adds a second property, then lists both and the property of each visit", async () => {
    const user = userEvent.setup();
    let detail = makeCustomerDetail();
    const added = makeProperty({
      _id: "p-lake",
      street: "88 Lake Rd",
      city: "Cornelius",
      zip: "28031",
      accessNotes: "",
      visitCount: 0,
    });
    const { sent } = open(() => detail, {
      [`POST ${base}/properties`]: () => {
        detail = { ...detail, properties: [...detail.properties, added] };
        return json({ data: added }, 201);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Add property" }));
    const dialog = await screen.findByRole("dialog", { name: "Add property" });
    await user.type(within(dialog).getByRole("textbox", { name: /Street/ }), "88 Lake Rd");
    await user.type(within(dialog).getByRole("textbox", { name: /City/ }), "Cornelius");
    await user.type(within(dialog).getByRole("textbox", { name: /ZIP/ }), "28031");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Number of Units" }), "3");
    await user.click(within(dialog).getByRole("button", { name: "Add property" }));

    const properties = screen.getByRole("region", { name: "Properties" });
    expect(
      await within(properties).findByText("88 Lake Rd, Cornelius, NC 28031", { selector: ".cust-prop__address" }),
    ).toBeInTheDocument();
    expect(
      within(properties).getByText("12 Elm St, Charlotte, NC 28202", { selector: ".cust-prop__address" }),
    ).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: "POST",
      body: { street: "88 Lake Rd", city: "Cornelius", state: "NC", zip: "28031", furnaceOrUnit: "N/A", units: 3 },
    });
    expect(screen.getByText("The property was added.")).toBeInTheDocument();
    const history = screen.getByRole("table", { name: "Booking history of Jane Doe" });
    expect(
      within(history)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toContain("Property");
    expect(screen.getByRole("combobox", { name: "Property" })).toBeInTheDocument();
  });

  it("books a visit at a property with its address and the customer's e-mail, once, and shows it in the history", async () => {
    const user = userEvent.setup();
    let detail = makeCustomerDetail();
    const day = openDay();
    const { sent } = open(() => detail, {
      "POST /api/bookings": (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { cleaningDate: string; cleaningTime: string };
        detail = {
          ...detail,
          visits: [
            {
              _id: "b-new",
              propertyId: "p-elm",
              serviceType: "air-duct-cleaning",
              unitCount: 2,
              cleaningDate: body.cleaningDate,
              cleaningTime: body.cleaningTime,
              status: "pending",
              estimatedPrice: 378,
              technicianName: null,
            },
            ...detail.visits,
          ],
        };
        return json({ data: { _id: "b-new", ...body } }, 201);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Book a visit at 12 Elm St, Charlotte, NC 28202" }));
    const dialog = await screen.findByRole("dialog", { name: "Book a visit" });
    expect(within(dialog).getByRole("textbox", { name: "Email" })).toHaveValue("jane@example.com");
    expect(within(dialog).getByRole("combobox", { name: "Number of Units" })).toHaveValue("2");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /Service Type/ }), "air-duct-cleaning");
    await user.type(within(dialog).getByRole("textbox", { name: /Preferred Date/ }), day.typed);
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /Preferred Time/ }), "9:00 AM");
    await user.click(within(dialog).getByRole("button", { name: "Book visit" }));

    expect(await screen.findByText(/Visit booked: Air Duct Cleaning/)).toBeInTheDocument();
    const booking = sent.find((s) => s.url === "/api/bookings")!;
    expect(booking.body).toMatchObject({
      firstName: "Jane",
      lastName: "Doe",
      email: "jane@example.com",
      contactNumber: "(704) 555-0131",
      homeAddress: "12 Elm St",
      city: "Charlotte",
      state: "NC",
      zip: "28202",
      furnaceOrUnit: "Furnace",
      serviceType: "air-duct-cleaning",
      unitCount: 2,
      cleaningDate: day.iso,
      cleaningTime: "9:00 AM",
    });
    expect(booking.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.filter((s) => s.url === "/api/bookings")).toHaveLength(1);
    const history = screen.getByRole("table", { name: "Booking history of Jane Doe" });
    await waitFor(() => expect(within(history).getAllByRole("row")).toHaveLength(4));
    expect(within(history).getAllByRole("row")[1]).toHaveTextContent("Pending");
  });

  it("edits the contact with the version it read, and says so when someone else saved first", async () => {
    const user = userEvent.setup();
    let detail = makeCustomerDetail();
    const { sent } = open(() => detail, {
      [`PUT ${base}`]: () => {
        detail = { ...detail, name: "Jane Q. Doe", version: 4 };
        return json({ message: "This customer was changed by someone else." }, 409);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit contact" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Customer" });
    await user.clear(within(dialog).getByRole("textbox", { name: /Phone 1/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Phone 1/ }), "980-555-0100");
    await user.click(within(dialog).getByRole("button", { name: "Add e-mail" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Email 2" }), "Jane@Work.example");
    await user.click(within(dialog).getByRole("button", { name: "Save Customer" }));

    expect(await screen.findByText(/Someone else changed this customer/)).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({
      name: "Jane Doe",
      emails: ["jane@example.com", "jane@work.example"],
      phones: [{ number: "980-555-0100", label: "mobile" }],
      notes: "Prefers mornings.",
      tags: ["landlord"],
      version: 3,
    });
    expect(await screen.findByText("Jane Q. Doe", { selector: ".cust-page__name" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says a merged or unknown customer is no longer on record", async () => {
    open(() => json({ message: "Customer not found" }, 404));
    expect(await screen.findByRole("alert")).toHaveTextContent("This customer is no longer on record.");
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });
});
