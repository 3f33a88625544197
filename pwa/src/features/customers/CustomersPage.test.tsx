import { screen, waitFor, within, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import {
  BOB_ID,
  JANE_DUP_ID,
  JANE_ID,
  makeCustomerDetail,
  makeCustomerRow,
  makeDuplicatePair,
  page,
} from "../../test/customerFixtures.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { Where } from "../../test/render.tsx";
import { adminUser, fakeToken } from "../../test/staffFixtures.ts";
import CustomerPage from "./CustomerPage.tsx";
import CustomersPage from "./CustomersPage.tsx";

const JANE = makeCustomerRow();
const BOB = makeCustomerRow({
  _id: BOB_ID,
  name: "Bob Ray",
  emails: ["bob@example.com"],
  phones: [{ number: "+19805550199", label: "work" }],
  address: "7 Oak Ave, Concord, NC 28025",
  bookingCount: 1,
  lastVisitDate: null,
});

/** The browser's back button. */
function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Browser back
    </button>
  );
}

function open(path: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  saveSession(fakeToken(), adminUser);
  const fetchMock = mockFetch({
    "GET /api/customers": (url) =>
      json(new URL(url, "http://x").searchParams.get("q") === "0131" ? page([JANE]) : page([JANE, BOB], 30000, "c2")),
    "GET /api/customers/duplicates": () => json([]),
    "GET /api/services": () => json([]),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/dashboard/customers"
          element={
            <>
              <CustomersPage />
              <Where />
            </>
          }
        />
        <Route
          path="/dashboard/customers/:id"
          element={
            <>
              <CustomerPage />
              <Back />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  const asked = (path: string) =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.split("?")[0] === path);
  return { fetchMock, asked };
}

afterEach(() => vi.restoreAllMocks());

describe("CustomersPage", () => {
  it("lists 'All Customers' with the spec's columns, the phone as people read it, and how many there are", async () => {
    open("/dashboard/customers");
    const table = await screen.findByRole("table", { name: "All customers" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual(["Name", "Email", "Phone", "Address", "Total Bookings", "Last visit", "Actions"]);
    expect(screen.getByRole("heading", { name: "All Customers" })).toBeInTheDocument();
    const jane = within(table).getAllByRole("row")[1]!;
    expect(jane).toHaveTextContent("(704) 555-0131");
    // The street, and the town under it.
    expect(jane).toHaveTextContent("12 Elm StCharlotte, NC 28202");
    expect(screen.getByText("Showing 2 of 30,000 customers")).toBeInTheDocument();
  });

  it("puts the search into the URL and the request, after a pause in typing", async () => {
    const user = userEvent.setup();
    const { asked } = open("/dashboard/customers");
    await screen.findByRole("table", { name: "All customers" });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "0131");
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/dashboard/customers?q=0131"));
    await waitFor(() => expect(asked("/api/customers")).toContain("/api/customers?q=0131"));
    // One request for the word, none for each key typed before it.
    expect(asked("/api/customers").filter((url) => url.includes("q="))).toEqual(["/api/customers?q=0131"]);
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
  });

  it("reads the search and order from a pasted link, and sends a new order as a step back can undo", async () => {
    const user = userEvent.setup();
    const { asked } = open("/dashboard/customers?q=0131&sort=-lastVisit");
    expect(await screen.findByRole("searchbox", { name: "Search" })).toHaveValue("0131");
    await waitFor(() => expect(asked("/api/customers")).toEqual(["/api/customers?q=0131&sort=-lastVisit"]));
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "created");
    await waitFor(() => expect(asked("/api/customers")).toContain("/api/customers?q=0131&sort=created"));
  });

  it("shows the next 50 by the cursor of the last page", async () => {
    const user = userEvent.setup();
    const { asked } = open("/dashboard/customers", {
      "GET /api/customers": (url) =>
        json(
          url.includes("cursor=c2")
            ? page([makeCustomerRow({ _id: "c3", name: "Cy Zed" })], 3)
            : page([JANE, BOB], 3, "c2"),
        ),
    });
    await user.click(await screen.findByRole("button", { name: "Show more" }));
    expect(await screen.findByText("Cy Zed")).toBeInTheDocument();
    expect(asked("/api/customers")).toContain("/api/customers?cursor=c2");
    expect(screen.getByText("Showing 3 of 3 customers")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("View Details opens the record, with a way back to the list as it was", async () => {
    const user = userEvent.setup();
    open("/dashboard/customers?sort=-lastVisit", {
      [`GET /api/customers/${JANE_ID}`]: () => json(makeCustomerDetail()),
    });
    await user.click(await screen.findByRole("button", { name: "View Details of Jane Doe" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Customer Details" })).toBeInTheDocument();
    expect(await screen.findByText("Jane Doe", { selector: ".cust-page__name" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /All Customers/ })).toHaveAttribute(
      "href",
      "/dashboard/customers?sort=-lastVisit",
    );
  });

  it("comes back from a record to the same search with the browser's back button", async () => {
    const user = userEvent.setup();
    open("/dashboard/customers", { [`GET /api/customers/${JANE_ID}`]: () => json(makeCustomerDetail()) });
    await user.type(await screen.findByRole("searchbox", { name: "Search" }), "0131");
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/dashboard/customers?q=0131"));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "View Details of Jane Doe" }));
    await screen.findByRole("heading", { level: 1, name: "Customer Details" });
    await user.click(screen.getByRole("button", { name: "Browser back" }));
    expect(await screen.findByTestId("where")).toHaveTextContent("/dashboard/customers?q=0131");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("0131");
  });

  it("merges a possible duplicate into the record the office keeps, then shows that record", async () => {
    const user = userEvent.setup();
    const pair = makeDuplicatePair();
    const merged: unknown[] = [];
    open("/dashboard/customers", {
      "GET /api/customers/duplicates": () => json([pair]),
      [`POST /api/customers/${JANE_DUP_ID}/merge`]: (_url, init) => {
        merged.push(JSON.parse(String(init?.body)));
        return json({
          data: pair.other,
          moved: { bookings: 4, properties: 1, estimates: 1, invoices: 1, payments: 1 },
        });
      },
      [`GET /api/customers/${JANE_DUP_ID}`]: () =>
        json(
          makeCustomerDetail({ _id: JANE_DUP_ID, name: "Jane D.", emails: ["jdoe@work.example", "jane@example.com"] }),
        ),
    });
    await user.click(await screen.findByRole("button", { name: "Possible duplicates (1)" }));
    const list = screen.getByRole("dialog", { name: "Possible duplicates" });
    expect(within(list).getByText("Same phone")).toBeInTheDocument();
    expect(within(list).getByText("jdoe@work.example")).toBeInTheDocument();
    await user.click(within(list).getByRole("button", { name: "Merge Jane Doe and Jane D." }));

    const confirm = screen.getByRole("dialog", { name: "Merge customers" });
    expect(confirm).toHaveTextContent(
      "bookings, properties, estimates, invoices, payments, ratings and portal sessions",
    );
    // The older record is kept unless the office chooses the other.
    expect(within(confirm).getByRole("radio", { name: /Jane Doe/ })).toBeChecked();
    await user.click(within(confirm).getByRole("radio", { name: /Jane D\./ }));
    await user.click(within(confirm).getByRole("button", { name: "Merge into Jane D." }));

    await waitFor(() => expect(merged).toEqual([{ from: JANE_ID }]));
    expect(await screen.findByText("Jane D.", { selector: ".cust-page__name" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Merged into this record: 4 bookings, 1 property, 1 estimate, 1 invoice and 1 payment moved here, with the other record's ratings and portal sessions.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
