import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CANCELLATION_POLICY } from "@contracts/bookings/manage.ts";
import { MESSAGES } from "@contracts/common/messages.ts";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import { NO_CONNECTION } from "./format.ts";
import { manageMessages } from "./messages.ts";
import ManageBookingPage from "./ManageBookingPage.tsx";
import { availability, makeManaged, weekdayAhead } from "../../test/manageFixtures.ts";

const TOKEN = "tok-123";
const PATH = `/api/manage/${TOKEN}`;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8)}/${iso.slice(0, 4)}`;
const longDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.parse(`${iso}T00:00:00Z`));

const renderPage = () => renderRoute(<ManageBookingPage />, `/booking/manage/${TOKEN}`, "/booking/manage/:token");

async function chooseNewSlot(date: string, time: string) {
  await userEvent.type(screen.getByLabelText(/New date/), us(date));
  const select = screen.getByLabelText(/New time/);
  await waitFor(() => expect(within(select).getByRole("option", { name: time })).toBeEnabled());
  await userEvent.selectOptions(select, time);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ManageBookingPage", () => {
  it("shows a loading state, then the booking written out with its prices and the policy", async () => {
    const booking = makeManaged();
    mockFetch({ [PATH]: () => json(booking) });
    renderPage();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your booking…");
    expect(await screen.findByRole("heading", { name: "Your Appointment" })).toBeInTheDocument();
    expect(screen.getByText("Air Duct Cleaning")).toBeInTheDocument();
    expect(screen.getByTestId("manage-date")).toHaveTextContent(longDate(booking.cleaningDate));
    expect(screen.getByTestId("manage-time")).toHaveTextContent("9:00 AM");
    expect(screen.getByText("100 Main St, Charlotte, NC 28202")).toBeInTheDocument();
    expect(screen.getByText("$398.00")).toBeInTheDocument();
    expect(screen.getByText("Discount (10%)")).toBeInTheDocument();
    expect(screen.getByTestId("manage-total")).toHaveTextContent("$358.20");
    expect(screen.getByText("Pending")).toBeInTheDocument();
    expect(screen.getByText(CANCELLATION_POLICY)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel appointment" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move appointment" })).toBeInTheDocument();
  });

  it("says the link is not valid, with the phone, for an unknown token", async () => {
    mockFetch({ [PATH]: () => json({ message: MESSAGES.manageNotFound }, 404) });
    renderPage();
    expect(await screen.findByText(MESSAGES.manageNotFound)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: DEFAULT_PROFILE.phone })).toHaveAttribute(
      "href",
      expect.stringMatching(/^tel:/),
    );
  });

  it("offers to try again when the booking cannot be loaded", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let calls = 0;
    mockFetch({
      [PATH]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError("offline");
        return json(makeManaged());
      },
    });
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not load your booking");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Your Appointment" })).toBeInTheDocument();
  });

  it("explains, with the phone, why a booking within 24 hours cannot be changed", async () => {
    mockFetch({ [PATH]: () => json(makeManaged({ changeable: false })) });
    renderPage();
    expect(await screen.findByText(MESSAGES.manageTooLate)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: DEFAULT_PROFILE.phone })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel appointment" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Move appointment" })).not.toBeInTheDocument();
  });

  it("shows a past visit read-only, with the phone, once its time has come", async () => {
    mockFetch({ [PATH]: () => json(makeManaged({ changeable: false, visitOver: true })) });
    renderPage();
    expect(await screen.findByText(MESSAGES.manageOver)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: DEFAULT_PROFILE.phone })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel appointment" })).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.manageTooLate)).not.toBeInTheDocument();
  });

  it("explains that a cancelled booking can no longer be changed", async () => {
    mockFetch({ [PATH]: () => json(makeManaged({ changeable: false, status: "cancelled" })) });
    renderPage();
    expect(await screen.findByText(MESSAGES.manageClosed)).toBeInTheDocument();
    expect(screen.getByText("Cancelled")).toBeInTheDocument();
  });

  it("cancels after the confirm and shows the cancelled booking", async () => {
    const booking = makeManaged();
    const fetchMock = mockFetch({
      [PATH]: () => json(booking),
      [`POST ${PATH}/cancel`]: () => json({ data: { ...booking, status: "cancelled", changeable: false } }),
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel appointment" }));
    expect(confirm).toHaveBeenCalledWith(MESSAGES.confirmCancelBooking);
    expect(await screen.findByText(MESSAGES.manageCancelled)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.manageCancelled);
    expect(screen.getByText("Cancelled")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel appointment" })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === `${PATH}/cancel` && init?.method === "POST")).toBe(true);
  });

  it("does not cancel when the confirm is declined", async () => {
    const fetchMock = mockFetch({ [PATH]: () => json(makeManaged()) });
    vi.stubGlobal(
      "confirm",
      vi.fn(() => false),
    );
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel appointment" }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("shows the server's refusal of a late cancel in the alert region", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    mockFetch({
      [PATH]: () => json(makeManaged()),
      [`POST ${PATH}/cancel`]: () => json({ message: MESSAGES.manageTooLate }, 422),
    });
    vi.stubGlobal(
      "confirm",
      vi.fn(() => true),
    );
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel appointment" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.manageTooLate));
  });

  it("says so clearly when a cancel cannot reach the server", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    mockFetch({ [PATH]: () => json(makeManaged()) });
    vi.stubGlobal(
      "confirm",
      vi.fn(() => true),
    );
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel appointment" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(NO_CONNECTION));
  });

  it("lists only the free times of the new date and moves the booking there", async () => {
    const booking = makeManaged();
    const target = weekdayAhead(20);
    let sent: unknown = null;
    mockFetch({
      [PATH]: () => json(booking),
      "/api/availability": () => availability(target, ["10:00 AM"]),
      [`PUT ${PATH}`]: (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return json({ data: { ...booking, cleaningDate: target, cleaningTime: "11:00 AM" } });
      },
    });
    renderPage();
    await screen.findByRole("heading", { name: "Your Appointment" });
    await chooseNewSlot(target, "11:00 AM");
    const select = screen.getByLabelText(/New time/);
    expect(within(select).queryByRole("option", { name: "10:00 AM" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Move appointment" }));
    expect(await screen.findByText(MESSAGES.manageRescheduled)).toBeInTheDocument();
    expect(sent).toEqual({ cleaningDate: target, cleaningTime: "11:00 AM" });
    expect(screen.getByTestId("manage-date")).toHaveTextContent(longDate(target));
    expect(screen.getByTestId("manage-time")).toHaveTextContent("11:00 AM");
  });

  it("shows the server's refusal of a move and reads the free times again after a full slot", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const target = weekdayAhead(20);
    let availabilityCalls = 0;
    mockFetch({
      [PATH]: () => json(makeManaged()),
      "/api/availability": () => {
        availabilityCalls += 1;
        return availability(target);
      },
      [`PUT ${PATH}`]: () => json({ message: MESSAGES.slotFull }, 409),
    });
    renderPage();
    await screen.findByRole("heading", { name: "Your Appointment" });
    await chooseNewSlot(target, "1:00 PM");
    await userEvent.click(screen.getByRole("button", { name: "Move appointment" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(MESSAGES.slotFull));
    await waitFor(() => expect(availabilityCalls).toBe(2));
  });

  it("shows the closed reason of a date and offers no time on it", async () => {
    const target = weekdayAhead(20);
    mockFetch({
      [PATH]: () => json(makeManaged()),
      "/api/availability": () => availability(target, [], "Closed for a holiday"),
    });
    renderPage();
    await screen.findByRole("heading", { name: "Your Appointment" });
    await userEvent.type(screen.getByLabelText(/New date/), us(target));
    expect(await screen.findByText("Closed for a holiday")).toBeInTheDocument();
    expect(within(screen.getByLabelText(/New time/)).getAllByRole("option")).toHaveLength(1);
  });

  it("marks the booking's own slot as current and not choosable", async () => {
    const booking = makeManaged();
    mockFetch({ [PATH]: () => json(booking), "/api/availability": () => availability(booking.cleaningDate) });
    renderPage();
    await screen.findByRole("heading", { name: "Your Appointment" });
    await userEvent.type(screen.getByLabelText(/New date/), us(booking.cleaningDate));
    expect(await screen.findByRole("option", { name: "9:00 AM (your current time)" })).toBeDisabled();
  });
});

describe("ManageBookingPage in Spanish", () => {
  it("keeps the English of the texts the server also writes word for word", () => {
    expect(manageMessages.policy.defaultMessage).toBe(CANCELLATION_POLICY);
    expect(manageMessages.notFound.defaultMessage).toBe(MESSAGES.manageNotFound);
    expect(manageMessages.tooLate.defaultMessage).toBe(MESSAGES.manageTooLate);
    expect(manageMessages.closed.defaultMessage).toBe(MESSAGES.manageClosed);
    expect(manageMessages.over.defaultMessage).toBe(MESSAGES.manageOver);
    expect(manageMessages.cancelled.defaultMessage).toBe(MESSAGES.manageCancelled);
    expect(manageMessages.moved.defaultMessage).toBe(MESSAGES.manageRescheduled);
    expect(manageMessages.confirmCancel.defaultMessage).toBe(MESSAGES.confirmCancelBooking);
  });

  it("shows the booking, its date, status, prices and the ways to change it in Spanish", async () => {
    const booking = makeManaged();
    mockFetch({ ...SPANISH_CATALOG, [PATH]: () => json(booking) });
    renderInSpanish(<ManageBookingPage />, `/booking/manage/${TOKEN}`, "/booking/manage/:token");
    expect(await screen.findByRole("heading", { level: 1, name: "Administrar su cita" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Su cita" })).toBeInTheDocument();
    expect(screen.getByText("Limpieza de ductos de aire")).toBeInTheDocument();
    const spanishDate = new Intl.DateTimeFormat("es-US", { dateStyle: "full", timeZone: "UTC" }).format(
      Date.parse(`${booking.cleaningDate}T12:00:00Z`),
    );
    expect(screen.getByTestId("manage-date")).toHaveTextContent(spanishDate);
    expect(screen.getByText("Pendiente")).toBeInTheDocument();
    expect(screen.getByText("Descuento (10%)")).toBeInTheDocument();
    expect(screen.getByTestId("manage-total")).toHaveTextContent("$358.20");
    expect(screen.getByText(/^Avísenos con al menos 24 horas/)).toBeInTheDocument();
    expect(screen.getByText(/^Puede cambiarla aquí hasta el/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Nueva fecha/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancelar la cita" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cambiar la fecha de la cita" })).toBeInTheDocument();
  });

  it("asks before cancelling, in Spanish", async () => {
    const booking = makeManaged();
    mockFetch({
      ...SPANISH_CATALOG,
      [PATH]: () => json(booking),
      [`POST ${PATH}/cancel`]: () => json({ data: { ...booking, status: "cancelled", changeable: false } }),
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    renderInSpanish(<ManageBookingPage />, `/booking/manage/${TOKEN}`, "/booking/manage/:token");
    await userEvent.click(await screen.findByRole("button", { name: "Cancelar la cita" }));
    expect(confirm).toHaveBeenCalledWith("¿Cancelar esta cita de limpieza?");
    expect(
      await screen.findByText("Su cita está cancelada. Le enviamos un correo de confirmación."),
    ).toBeInTheDocument();
    expect(screen.getByText("Cancelada")).toBeInTheDocument();
  });

  it("refuses a new date on a closed Saturday in Spanish", async () => {
    const saturday = new Date(Date.now() + 3 * 86_400_000);
    saturday.setUTCDate(saturday.getUTCDate() + ((6 - saturday.getUTCDay() + 7) % 7));
    const refusal = "Lo sentimos, los sábados estamos cerrados. Por favor elija otro día.";
    mockFetch({ ...SPANISH_CATALOG, [PATH]: () => json(makeManaged()), "/api/availability": () => availability("") });
    renderInSpanish(<ManageBookingPage />, `/booking/manage/${TOKEN}`, "/booking/manage/:token");
    await userEvent.type(await screen.findByLabelText(/Nueva fecha/), us(saturday.toISOString().slice(0, 10)));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
