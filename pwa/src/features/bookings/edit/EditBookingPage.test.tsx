import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import EditBookingPage from "./EditBookingPage.tsx";
import { mockFetch } from "../../../test/staffApi.ts";
import { asJobDetails, makeBooking } from "../../../test/staffFixtures.ts";

// A visit far ahead on a Monday, so the date rules pass whatever day the tests run.
const booking = makeBooking({ _id: "b1", cleaningDate: "2099-06-01", cleaningTime: "9:00 AM", version: 3 });

function renderEdit() {
  render(
    <MemoryRouter initialEntries={["/admin/bookings/edit/b1"]}>
      <Routes>
        <Route path="/admin/bookings/edit/:id" element={<EditBookingPage />} />
        <Route path="/dashboard" element={<h1>Dashboard screen</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("EditBookingPage", () => {
  it("loads the booking into editable fields with the price card, and the technician's visit below", async () => {
    mockFetch({ "GET /api/bookings/b1": { body: asJobDetails(booking) } });
    renderEdit();
    expect(screen.getByRole("status")).toHaveTextContent("Loading booking...");
    expect(await screen.findByLabelText(/^First Name/)).toHaveValue("Jane");
    expect(screen.getByLabelText(/^Email/)).toHaveValue("jane@example.com");
    expect(screen.getByLabelText(/^State/)).toHaveValue("NC");
    expect(screen.getByLabelText(/^Status/)).toHaveValue("pending");
    expect(screen.getByTestId("price-total")).toHaveTextContent("$199.00");
    const visit = await screen.findByRole("region", { name: "Technician's visit" });
    expect(visit).toHaveTextContent("Not started yet.");
  });

  it("saves every field with the version and goes back to the dashboard", async () => {
    const fetchMock = mockFetch({
      "GET /api/bookings/b1": { body: asJobDetails(booking) },
      "PUT /api/bookings/b1": { body: { data: { ...booking, version: 4 } } },
    });
    renderEdit();
    const user = userEvent.setup();
    const city = await screen.findByLabelText(/^City/);
    await user.clear(city);
    await user.type(city, "Matthews");
    await user.selectOptions(screen.getByLabelText(/^Number of Units/), "2");
    expect(screen.getByTestId("price-total")).toHaveTextContent("$358.20");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(put[0]).toBe("/api/bookings/b1");
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ city: "Matthews", unitCount: 2, version: 3 });
  });

  it("assigns a technician here, and a save afterwards names the version the assignment made", async () => {
    const fetchMock = mockFetch({
      "GET /api/bookings/b1": { body: asJobDetails(booking) },
      "GET /api/staff": {
        body: [
          { _id: "t1", name: "Tia Tech", role: "technician", status: "active" },
          { _id: "t2", name: "Old Tech", role: "technician", status: "deactivated" },
          { _id: "a1", name: "Office", role: "admin", status: "active" },
        ],
      },
      "PUT /api/bookings/b1/assignment": {
        body: { data: { ...booking, technicianId: "t1", technicianName: "Tia Tech", version: 4 } },
      },
      "PUT /api/bookings/b1": { body: { data: { ...booking, version: 5 } } },
    });
    renderEdit();
    const user = userEvent.setup();
    const technician = await screen.findByRole("combobox", { name: "Technician" });
    await waitFor(() => expect(technician.querySelectorAll("option")).toHaveLength(2));
    await user.selectOptions(technician, "t1");
    await waitFor(() => expect(technician).toHaveValue("t1"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
    const save = fetchMock.mock.calls.find(([url, init]) => url === "/api/bookings/b1" && init?.method === "PUT")!;
    expect(JSON.parse(String(save[1]!.body))).toMatchObject({ version: 4 });
  });

  it("shows the server's message when the booking was changed meanwhile (409)", async () => {
    const stale = "This booking was changed by someone else. Reload it and try again.";
    mockFetch({
      "GET /api/bookings/b1": { body: asJobDetails(booking) },
      "PUT /api/bookings/b1": { status: 409, body: { message: stale } },
    });
    renderEdit();
    await userEvent.click(await screen.findByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload booking" })).toBeInTheDocument();
  });

  it("refuses an empty required field without calling the server", async () => {
    const fetchMock = mockFetch({ "GET /api/bookings/b1": { body: asJobDetails(booking) } });
    renderEdit();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText(/^First Name/));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByLabelText(/^First Name/)).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });

  it("Cancel goes back to the dashboard without saving", async () => {
    const fetchMock = mockFetch({ "GET /api/bookings/b1": { body: asJobDetails(booking) } });
    renderEdit();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(await screen.findByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });

  it("says so when the booking does not exist", async () => {
    mockFetch({});
    renderEdit();
    await waitFor(() => expect(screen.getByText("This booking does not exist any more.")).toBeInTheDocument());
  });
});
