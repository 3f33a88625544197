import "fake-indexeddb/auto";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TIME_SLOTS, addDays, earliestBookingDate, isSaturday } from "@contracts/schedule/dates.ts";
import { listPublicWrites } from "../../lib/offline-queue/publicWrites.ts";
import { freshQueue } from "../../test/offlineQueue.ts";
import { queueTiming } from "../../lib/offline-queue/timing.ts";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { Where } from "../../test/render.tsx";
import { resetServicesCache } from "../../lib/services.ts";
import { json, makeService, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import BookingPage from "./BookingPage.tsx";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { ProfileProvider } from "../../lib/profile.tsx";

const start = addDays(earliestBookingDate("America/New_York"), 7);
const nextDay = (ok: (d: string) => boolean) => {
  let d = start;
  while (!ok(d)) d = addDays(d, 1);
  return d;
};
const SATURDAY = nextDay(isSaturday);
const WEEKDAY = nextDay((d) => !isSaturday(d));
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8)}/${iso.slice(0, 4)}`;

const availability = (date: string, full: string[] = []) =>
  json({
    date,
    closedReason: null,
    slots: TIME_SLOTS.map((time) => ({ time, capacity: 2, remaining: full.includes(time) ? 0 : 2 })),
  });

const SERVICES = [
  makeService("air-duct-cleaning", "Air Duct Cleaning", {
    packages: [
      { name: "Basic", price: 199, features: ["a"], isPopular: false },
      { name: "Whole Home", price: 299, features: ["b"], isPopular: true },
    ],
  }),
];

function routes(post: () => Response | Promise<Response>) {
  return mockFetch({
    "/api/services": () => json(SERVICES),
    "/api/availability": (url) => availability(new URL(url, "http://x").searchParams.get("date")!, ["9:00 AM"]),
    "POST /api/bookings": post,
  });
}

// happy-dom has no window.alert.
function stubAlert() {
  const alert = vi.fn();
  vi.stubGlobal("alert", alert);
  return alert;
}

const label = (text: string) => screen.getByLabelText(new RegExp(`^${text}`));

const ENGLISH_LABELS = {
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  phone: "Contact Number",
  address: "Home Address",
  city: "City",
  zip: "ZIP Code",
  units: "Number of Units",
  date: "Preferred Date",
  time: "Preferred Time",
  comments: "Comments",
};

async function fillForm(date: string, labels = ENGLISH_LABELS) {
  const user = userEvent.setup({ delay: null });
  await user.type(label(labels.firstName), "Dana");
  await user.type(label(labels.lastName), "Lee");
  await user.type(label(labels.email), "dana@example.com");
  await user.type(label(labels.phone), "704-555-0100");
  await user.type(label(labels.address), "1 Main St");
  await user.type(label(labels.city), "Charlotte");
  await user.type(label(labels.zip), "28202");
  await user.selectOptions(label(labels.units), "2");
  await user.type(label(labels.date), us(date));
  await user.selectOptions(label(labels.time), "10:00 AM");
  await user.type(label(labels.comments), "Dog in the yard");
  return user;
}

const renderBooking = (path = "/booking/air-duct-cleaning?package=whole-home") =>
  renderRoute(<BookingPage />, path, "/booking/:serviceId");

beforeEach(async () => {
  resetServicesCache();
  await freshQueue();
});
afterEach(() => vi.unstubAllGlobals());

describe("BookingPage", () => {
  it("tells a customer outside the service area at once, with the phone, and sends nothing", async () => {
    const fetchMock = routes(() => json({}, 201));
    const profile = {
      ...DEFAULT_PROFILE,
      bookingRules: { ...DEFAULT_PROFILE.bookingRules, serviceAreaZips: ["28202", "28209"] },
    };
    renderRoute(
      <ProfileProvider initial={profile}>
        <BookingPage />
      </ProfileProvider>,
      "/booking/air-duct-cleaning",
      "/booking/:serviceId",
    );
    const user = userEvent.setup({ delay: null });
    await user.type(label("ZIP Code"), "28301");
    expect(screen.getByText("We don't serve 28301 yet — call us at (704) 555-0142")).toBeInTheDocument();
    await user.clear(label("ZIP Code"));
    await user.type(label("ZIP Code"), "28209");
    expect(screen.queryByText(/We don't serve/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("starts from the details of the reminder's visit (?again=), without its date", async () => {
    const token = "c".repeat(64);
    mockFetch({
      "/api/services": () => json(SERVICES),
      [`/api/manage/${token}`]: () =>
        json({
          firstName: "Ruth",
          lastName: "Okafor",
          email: "ruth@example.com",
          contactNumber: "(704) 555-0100",
          homeAddress: "12 Elm St",
          city: "Charlotte",
          state: "NC",
          zip: "28203",
          serviceType: "air-duct-cleaning",
          unitCount: 3,
          cleaningDate: "2025-11-20",
          cleaningTime: "9:00 AM",
          status: "completed",
        }),
    });
    renderRoute(<BookingPage />, `/booking?again=${token}`, "/booking");
    expect(await screen.findByDisplayValue("Okafor")).toBeInTheDocument();
    expect(label("Home Address")).toHaveValue("12 Elm St");
    expect(label("Service Type")).toHaveValue("air-duct-cleaning");
    expect(label("Number of Units")).toHaveValue("3");
    expect(label("Preferred Date")).toHaveValue("");
  });

  it("preselects the service of the address and its ?package=, with the four sections", async () => {
    routes(() => json({}, 201));
    renderBooking();
    expect(screen.getByRole("heading", { level: 1, name: "Book Your Appointment" })).toBeInTheDocument();
    for (const name of ["Personal Information", "Address", "Service Details", "Additional Information"])
      expect(screen.getByRole("group", { name })).toBeInTheDocument();
    expect(label("Service Type")).toHaveValue("air-duct-cleaning");
    expect(await screen.findByLabelText("Package")).toHaveValue("whole-home");
    expect(label("Furnace or Unit Type")).toHaveValue("N/A");
    expect(label("State").querySelectorAll("option:not([value=''])")).toHaveLength(50);
    expect(screen.getByText("We are open Mon-Sun 7:00 AM to 7:00 PM, Saturday closed.")).toBeInTheDocument();
  });

  it("updates the price card when the unit count changes", async () => {
    routes(() => json({}, 201));
    const user = userEvent.setup();
    renderBooking("/booking/air-duct-cleaning");
    expect(screen.getByTestId("price-total")).toHaveTextContent("$199.00");
    await user.selectOptions(label("Number of Units"), "3");
    expect(screen.getByTestId("price-original")).toHaveTextContent("$597.00");
    expect(screen.getByTestId("price-discount")).toHaveTextContent("$59.70");
    expect(screen.getByTestId("price-total")).toHaveTextContent("$537.30");
  });

  it("disables the full time slots of the chosen date", async () => {
    routes(() => json({}, 201));
    const user = userEvent.setup();
    renderBooking("/booking/air-duct-cleaning");
    await user.type(label("Preferred Date"), us(WEEKDAY));
    expect(await screen.findByRole("option", { name: "9:00 AM (full)" })).toBeDisabled();
  });

  it("refuses a Saturday on submit with the closed-on-Saturdays alert and sends nothing", async () => {
    const alert = stubAlert();
    const fetchMock = routes(() => json({}, 201));
    renderBooking();
    const user = await fillForm(SATURDAY);
    await user.click(screen.getByRole("button", { name: "Book Appointment" }));
    expect(alert).toHaveBeenCalledWith("Sorry, we are closed on Saturdays. Please choose another day.");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("sends the whole payload with prices and time zone, shows 'Processing...', then goes to /thank-you", async () => {
    let answer!: (r: Response) => void;
    const fetchMock = routes(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderBooking();
    await screen.findByLabelText("Package");
    const user = await fillForm(WEEKDAY);
    await user.click(screen.getByRole("button", { name: "Book Appointment" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    // The device queue stores the booking before it sends it, so the POST follows a moment later.
    const [, init] = await vi.waitFor(() => {
      const post = fetchMock.mock.calls.find(([, i]) => i?.method === "POST");
      if (!post) throw new Error("the booking was not sent yet");
      return post;
    });
    expect(JSON.parse(String(init!.body))).toEqual({
      firstName: "Dana",
      lastName: "Lee",
      email: "dana@example.com",
      contactNumber: "704-555-0100",
      homeAddress: "1 Main St",
      city: "Charlotte",
      state: "NC",
      zip: "28202",
      furnaceOrUnit: "N/A",
      serviceType: "air-duct-cleaning",
      unitCount: 2,
      cleaningDate: WEEKDAY,
      cleaningTime: "10:00 AM",
      comment: "Package: Whole Home\nDog in the yard",
      estimatedPrice: 358.2,
      originalPrice: 398,
      discountAmount: 39.8,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      // The language on screen, for the customer's e-mails.
      locale: "en",
    });
    answer(json({ data: { _id: "b1" } }, 201));
    expect(await screen.findByTestId("where")).toHaveTextContent("/thank-you");
  });

  it("asks for texts with the disclosure beside the box, unticked, and sends smsConsent only when ticked", async () => {
    const fetchMock = routes(() => json({ data: { _id: "b1" } }, 201));
    renderBooking();
    const box = screen.getByRole("checkbox", { name: "Text me about this visit" });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      "ClearFlow Duct & Vent Cleaning will text you about this visit: a confirmation, a reminder the day before, when " +
        "your technician is on the way, and your report, estimate, invoice and receipt (up to 8 messages per visit). " +
        "Msg & data rates may apply. Reply STOP to opt out, HELP for help.",
    );
    const user = await fillForm(WEEKDAY);
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Book Appointment" }));
    const [, init] = await vi.waitFor(() => {
      const post = fetchMock.mock.calls.find(([, i]) => i?.method === "POST");
      if (!post) throw new Error("the booking was not sent yet");
      return post;
    });
    expect(JSON.parse(String(init!.body))).toMatchObject({ email: "dana@example.com", smsConsent: true });
  });

  it("alerts 'Error submitting booking. Please try again.' when the server refuses it and keeps the form", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const alert = stubAlert();
    routes(() => json({ message: "Invalid input" }, 400));
    renderBooking();
    const user = await fillForm(WEEKDAY);
    await user.click(screen.getByRole("button", { name: "Book Appointment" }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith("Error submitting booking. Please try again."));
    expect(label("First Name")).toHaveValue("Dana");
    // The button comes back once React has rendered the end of the submission.
    expect(await screen.findByRole("button", { name: "Book Appointment" })).toBeEnabled();
  });

  it("keeps the booking on this device on a network failure and shows the saved confirmation, not an alert", async () => {
    const alert = stubAlert();
    routes(() => {
      throw new TypeError("offline");
    });
    renderBooking();
    const user = await fillForm(WEEKDAY);
    await user.click(screen.getByRole("button", { name: "Book Appointment" }));
    const where = await screen.findByTestId("where");
    expect(alert).not.toHaveBeenCalled();
    const [item] = await listPublicWrites();
    expect(item).toMatchObject({ kind: "booking", state: "pending", payload: { cleaningDate: WEEKDAY } });
    // The page follows this very booking, not whichever item the queue delivers next.
    expect(where).toHaveTextContent(`/thank-you?queued=${item!.id}`);
  });

  it("queues the booking when the server keeps failing with 5xx after the quick retries", async () => {
    const alert = stubAlert();
    const fetchMock = routes(() => json({ message: "Database down" }, 503));
    renderBooking();
    const user = await fillForm(WEEKDAY);
    await user.click(screen.getByRole("button", { name: "Book Appointment" }));
    expect(await screen.findByTestId("where")).toHaveTextContent(
      `/thank-you?queued=${(await listPublicWrites())[0]!.id}`,
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts.length).toBeGreaterThan(1);
    const keys = new Set(posts.map(([, init]) => new Headers(init?.headers).get("Idempotency-Key")));
    expect(keys.size).toBe(1);
    expect(alert).not.toHaveBeenCalled();
  });

  it("alerts the server's message for a full slot (409) and asks for another time", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const alert = stubAlert();
    routes(() => json({ message: "That time slot is full. Please choose another time." }, 409));
    renderBooking();
    const user = await fillForm(WEEKDAY);
    await user.click(screen.getByRole("button", { name: "Book Appointment" }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith("That time slot is full. Please choose another time."));
    // The time is cleared by the render after the alert, not by the alert itself.
    await vi.waitFor(() => expect(label("Preferred Time")).toHaveValue(""));
  });

  it("'Book again' after a refusal opens the form filled with what was typed, only the date and time to choose", async () => {
    routes(() => json({}, 201));
    const draft = {
      firstName: "Ruth",
      lastName: "O'Brien",
      email: "o'brien@example.com",
      contactNumber: "704-555-0111",
      homeAddress: "9 Oak Ln",
      city: "Matthews",
      state: "SC",
      zip: "29708",
      furnaceOrUnit: "Furnace",
      serviceType: "dryer-vent-cleaning",
      unitCount: 3,
      cleaningDate: WEEKDAY,
      cleaningTime: "9:00 AM",
      comment: "Side gate",
    };
    render(
      <MemoryRouter initialEntries={[{ pathname: "/booking/dryer-vent-cleaning", state: { draft } }]}>
        <Routes>
          <Route path="/booking/:serviceId" element={<BookingPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(label("First Name")).toHaveValue("Ruth");
    expect(label("Last Name")).toHaveValue("O'Brien");
    expect(label("Email")).toHaveValue("o'brien@example.com");
    expect(label("Contact Number")).toHaveValue("704-555-0111");
    expect(label("Home Address")).toHaveValue("9 Oak Ln");
    expect(label("City")).toHaveValue("Matthews");
    expect(label("State")).toHaveValue("SC");
    expect(label("ZIP Code")).toHaveValue("29708");
    expect(label("Furnace or Unit Type")).toHaveValue("Furnace");
    expect(label("Service Type")).toHaveValue("dryer-vent-cleaning");
    expect(label("Number of Units")).toHaveValue("3");
    expect(label("Comments")).toHaveValue("Side gate");
    expect(label("Preferred Date")).toHaveValue("");
    expect(label("Preferred Time")).toHaveValue("");
  });

  describe("a first send with no answer", () => {
    const timing = { ...queueTiming };
    beforeEach(() => {
      queueTiming.slowFirstSendMs = 100;
      queueTiming.quickRetryDelaysMs = [];
    });
    afterEach(() => Object.assign(queueTiming, timing));

    const renderWithThankYou = () =>
      render(
        <MemoryRouter initialEntries={["/booking/air-duct-cleaning"]}>
          <Routes>
            <Route path="/booking/:serviceId" element={<BookingPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>,
      );

    // Waits on states only, with room for a loaded machine: the device's store (IndexedDB) and the page may each take
    // far longer than the 100 ms the send is given before the notice shows.
    const slowly = { timeout: 10_000 };

    /** The booking's send, held open: `answer` once the page has sent it. */
    function heldSend() {
      let answer: ((r: Response) => void) | null = null;
      routes(() => new Promise<Response>((resolve) => (answer = resolve)));
      return {
        async answer(response: Response) {
          await vi.waitFor(() => expect(answer, "the booking was sent").not.toBeNull(), slowly);
          answer!(response);
        },
      };
    }

    it("says the booking is kept on the device and lets the customer leave; it is still sent", async () => {
      const send = heldSend();
      renderWithThankYou();
      const user = await fillForm(WEEKDAY);
      await user.click(screen.getByRole("button", { name: "Book Appointment" }));
      expect(await screen.findByRole("status", {}, slowly)).toHaveTextContent(
        "Your booking is kept on this device and will be sent as soon as the connection allows",
      );
      await user.click(screen.getByRole("button", { name: "Continue" }));
      const [item] = await listPublicWrites();
      expect(await screen.findByTestId("where", {}, slowly)).toHaveTextContent(`/thank-you?queued=${item!.id}`);
      expect(item).toMatchObject({ kind: "booking", state: "pending" });
      await send.answer(json({ data: { _id: "b1" } }, 201));
      await vi.waitFor(async () => expect(await listPublicWrites()).toEqual([]), slowly);
    });

    it("says so also when the device stored the booking only after the wait ran out", async () => {
      queueTiming.slowFirstSendMs = 0;
      heldSend();
      renderWithThankYou();
      const user = await fillForm(WEEKDAY);
      await user.click(screen.getByRole("button", { name: "Book Appointment" }));
      expect(await screen.findByRole("status", {}, slowly)).toHaveTextContent(
        "Your booking is kept on this device and will be sent as soon as the connection allows",
      );
      expect(screen.getByRole("button", { name: "Continue" })).toBeInTheDocument();
    });

    it("keeps a refusal that comes after the customer left, for the thank-you page to show", async () => {
      const send = heldSend();
      const alert = stubAlert();
      renderWithThankYou();
      const user = await fillForm(WEEKDAY);
      await user.click(screen.getByRole("button", { name: "Book Appointment" }));
      await user.click(await screen.findByRole("button", { name: "Continue" }, slowly));
      await screen.findByTestId("where", {}, slowly);
      await send.answer(json({ message: "That time slot is full. Please choose another time." }, 409));
      await vi.waitFor(
        async () => expect((await listPublicWrites())[0]).toMatchObject({ state: "failed", failedStatus: 409 }),
        slowly,
      );
      expect(alert).not.toHaveBeenCalled();
    });
  });
});

describe("BookingPage in Spanish", () => {
  it("refuses a Saturday on submit with the Spanish alert and sends nothing", async () => {
    const alert = stubAlert();
    const fetchMock = mockFetch({
      ...SPANISH_CATALOG,
      "/api/services": () => json(SERVICES),
      "/api/availability": (url) => availability(new URL(url, "http://x").searchParams.get("date")!),
    });
    renderInSpanish(<BookingPage />, "/booking/air-duct-cleaning", "/booking/:serviceId");
    await screen.findByLabelText(/^Nombre/);
    const user = await fillForm(SATURDAY, {
      firstName: "Nombre",
      lastName: "Apellido",
      email: "Correo electrónico",
      phone: "Teléfono de contacto",
      address: "Dirección de la casa",
      city: "Ciudad",
      zip: "Código postal",
      units: "Número de equipos",
      date: "Fecha preferida",
      time: "Hora preferida",
      comments: "Comentarios",
    });
    await user.click(screen.getByRole("button", { name: "Agendar cita" }));
    expect(alert).toHaveBeenCalledWith("Lo sentimos, los sábados estamos cerrados. Por favor elija otro día.");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });
});
