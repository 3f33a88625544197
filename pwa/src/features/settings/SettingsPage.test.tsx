import { DEFAULT_BOOKING_RULES } from "@contracts/schedule/rules.ts";
import { DEFAULT_TRAVEL_RULES } from "@contracts/schedule/board.ts";
import { DEFAULT_MONEY_OPTIONS, type Settings } from "@contracts/settings/settings.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import SettingsPage from "./SettingsPage.tsx";

const SETTINGS: Settings = {
  profile: {
    name: "ClearFlow Duct & Vent Cleaning",
    shortName: "ClearFlow",
    phone: "(704) 555-0142",
    email: "hello@clearflowclean.com",
    street: "4521 South Blvd",
    city: "Charlotte",
    state: "NC",
    zip: "28209",
    serviceArea: "the Charlotte area",
    serviceAreaEs: "el área de Charlotte",
  },
  ...DEFAULT_BOOKING_RULES,
  slotCapacity: 2,
  reminders: { visit: true, rebook: true },
  taxRatePercent: 0,
  taxLabel: "Sales tax",
  ratingEmail: true,
  reviewUrl: "",
  serviceWork: {
    "air-duct-cleaning": { firstUnitMinutes: 75, extraUnitMinutes: 15 },
    "dryer-vent-cleaning": { firstUnitMinutes: 45, extraUnitMinutes: 15 },
  },
  travel: DEFAULT_TRAVEL_RULES,
  ...DEFAULT_MONEY_OPTIONS,
};

function open(put: (body: unknown) => Response = (body) => json({ data: { ...SETTINGS, ...(body as object) } })) {
  saveSession("token-1", { _id: "u1", email: "admin@example.com", name: "Admin", role: "admin" });
  const sent: unknown[] = [];
  const fetchMock = mockFetch({
    "GET /api/settings": () => json(SETTINGS),
    "PUT /api/settings": (_url, init) => {
      const body = JSON.parse(String(init?.body)) as unknown;
      sent.push(body);
      return put(body);
    },
  });
  renderRoute(<SettingsPage />, "/dashboard/settings");
  return { sent, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe("Settings", () => {
  it("shows the stored settings: the profile, Saturday closed, the hours of the other days, the rules", async () => {
    open();
    expect(await screen.findByLabelText("Phone")).toHaveValue("(704) 555-0142");
    expect(screen.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Monday" })).toBeChecked();
    expect(screen.getByLabelText("Monday opens")).toHaveValue("07:00");
    expect(screen.getByLabelText("Monday last start")).toHaveValue("19:00");
    expect(screen.getByLabelText("Bookings per time slot")).toHaveValue("2");
    expect(screen.getByLabelText("Percent off")).toHaveValue("10");
  });

  it("saves a new phone, Sunday closed, a closed date with its reason and new hours, sent with the token", async () => {
    const { sent, fetchMock } = open();
    const phone = await screen.findByLabelText("Phone");
    await userEvent.clear(phone);
    await userEvent.type(phone, "(704) 555-0199");
    await userEvent.click(screen.getByRole("checkbox", { name: "Sunday" }));
    await userEvent.selectOptions(screen.getByLabelText("Monday opens"), "09:00");
    await userEvent.click(screen.getByRole("button", { name: "Add Closed Date" }));
    await userEvent.type(screen.getByLabelText("From"), "2026-11-26");
    await userEvent.type(screen.getByLabelText("Reason shown to customers"), "Thanksgiving");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      profile: { phone: "(704) 555-0199" },
      hours: { sunday: null, monday: { open: "09:00", close: "19:00" }, saturday: null },
      closedDates: [{ from: "2026-11-26", to: "2026-11-26", reason: "Thanksgiving" }],
      slotCapacity: 2,
    });
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(new Headers(put[1]?.headers).get("Authorization")).toBe("Bearer token-1");
  });

  it("saves the service area in Spanish beside the English one, and refuses it blank before sending", async () => {
    const { sent } = open();
    const spanish = await screen.findByLabelText("Service Area (Spanish)");
    expect(spanish).toHaveValue("el área de Charlotte");
    await userEvent.clear(spanish);
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Service area (Spanish) is required")).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.type(spanish, "el área de Charlotte y Gastonia");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      profile: { serviceArea: "the Charlotte area", serviceAreaEs: "el área de Charlotte y Gastonia" },
    });
    expect(screen.getByLabelText("Service Area (Spanish)")).toHaveValue("el área de Charlotte y Gastonia");
  });

  it("turns the yearly rebook reminder off and keeps the visit reminder on", async () => {
    const { sent } = open();
    const rebook = await screen.findByRole("checkbox", { name: /Yearly rebook reminder/ });
    expect(rebook).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Visit reminder/ })).toBeChecked();
    await userEvent.click(rebook);
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ reminders: { visit: true, rebook: false } });
  });

  it("sets the tax rate and its label", async () => {
    const { sent } = open();
    const rate = await screen.findByLabelText("Tax rate (%)");
    expect(rate).toHaveValue("0");
    await userEvent.clear(rate);
    await userEvent.type(rate, "7.25");
    const label = screen.getByLabelText("Tax label");
    await userEvent.clear(label);
    await userEvent.type(label, "NC sales tax");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ taxRatePercent: 7.25, taxLabel: "NC sales tax" });
  });

  it("changes a service's job durations and the drive figures", async () => {
    const { sent } = open();
    const first = await screen.findByLabelText("Dryer Vent Cleaning: first unit (minutes)");
    expect(first).toHaveValue("45");
    expect(screen.getByLabelText("Air Duct Cleaning: each further unit (minutes)")).toHaveValue("15");
    await userEvent.clear(first);
    await userEvent.type(first, "60");
    const speed = screen.getByLabelText("Average speed (mph)");
    expect(speed).toHaveValue("30");
    await userEvent.clear(speed);
    await userEvent.type(speed, "25");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Settings saved.")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      serviceWork: {
        "dryer-vent-cleaning": { firstUnitMinutes: 60, extraUnitMinutes: 15 },
        "air-duct-cleaning": { firstUnitMinutes: 75, extraUnitMinutes: 15 },
      },
      travel: { roadFactor: 1.3, mph: 25, minMinutes: 10 },
    });
  });

  it("refuses a job duration under 5 minutes before sending", async () => {
    const { sent } = open();
    const first = await screen.findByLabelText("Air Duct Cleaning: first unit (minutes)");
    await userEvent.clear(first);
    await userEvent.type(first, "2");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Minutes for the first unit must be at least 5");
    expect(sent).toHaveLength(0);
  });

  it("lists the bookings a change left on a closed day, each linking to its edit screen", async () => {
    open((body) =>
      json({
        data: { ...SETTINGS, ...(body as object) },
        affectedBookings: [
          { _id: "b7", cleaningDate: "2026-11-29", cleaningTime: "9:00 AM", firstName: "Ann", lastName: "Lee" },
        ],
      }),
    );
    await userEvent.click(await screen.findByRole("checkbox", { name: "Sunday" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));

    const saved = await screen.findByRole("status");
    expect(saved).toHaveTextContent("This booking falls on a day or at an hour that is now closed");
    expect(within(saved).getByRole("link", { name: "Ann Lee, 2026-11-29 at 9:00 AM" })).toHaveAttribute(
      "href",
      "/admin/bookings/edit/b7",
    );
  });

  it("refuses a blank slot capacity before sending, and shows the server's refusal of what it sent", async () => {
    const { sent } = open(() => json({ message: "Closing time must not be before opening time" }, 400));
    const capacity = await screen.findByLabelText("Bookings per time slot");
    await userEvent.clear(capacity);
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Slot capacity must be a number");
    expect(sent).toHaveLength(0);

    await userEvent.type(capacity, "3");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Closing time must not be before opening time"),
    );
    expect(screen.getByLabelText("Bookings per time slot")).toHaveValue("3");
  });

  it("says 'Text messages are not set up' while the server has no Twilio account, and nothing of it once it has", async () => {
    saveSession("token-1", { _id: "u1", email: "admin@example.com", name: "Admin", role: "admin" });
    let configured = false;
    mockFetch({
      "GET /api/settings": () => json(SETTINGS),
      "GET /api/settings/texts": () => json({ configured }),
    });
    const first = renderRoute(<SettingsPage />, "/dashboard/settings");
    const panel = await screen.findByRole("region", { name: "Text messages" });
    expect(within(panel).getByRole("status")).toHaveTextContent("Text messages are not set up");
    first.unmount();
    configured = true;
    renderRoute(<SettingsPage />, "/dashboard/settings");
    expect(await screen.findByText(/^Customers who agreed to texts get their confirmation/)).toBeInTheDocument();
    expect(screen.queryByText("Text messages are not set up")).not.toBeInTheDocument();
  });
});
