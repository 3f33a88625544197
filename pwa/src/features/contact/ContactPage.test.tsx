import "fake-indexeddb/auto";
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listPublicWrites } from "../../lib/offline-queue/publicWrites.ts";
import { freshQueue } from "../../test/offlineQueue.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { CONTACT_SERVICE_OPTIONS } from "@contracts/contact/contact.ts";
import { MESSAGES } from "@contracts/common/messages.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import ContactPage, { CONTACT_SERVICE_LABELS, contactMessages } from "./ContactPage.tsx";

beforeEach(() => freshQueue());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function fill(service: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Full Name/), "Dana Lee");
  await user.type(screen.getByLabelText(/^Email Address/), "dana@example.com");
  await user.type(screen.getByLabelText(/^Phone Number/), "704-555-0100");
  await user.selectOptions(screen.getByLabelText(/^Service/), service);
  await user.type(screen.getByLabelText(/^Message/), "Please call me.");
  return user;
}

const sentBody = (fetchMock: ReturnType<typeof mockFetch>) =>
  JSON.parse(String((fetchMock.mock.calls.at(-1)![1] as RequestInit).body));

describe("ContactPage", () => {
  it("makes every field required, with email and tel input types", () => {
    mockFetch({});
    renderRoute(<ContactPage />, "/contact");
    for (const label of ["Full Name", "Email Address", "Phone Number", "Service", "Message"])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeRequired();
    expect(screen.getByLabelText(/^Email Address/)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText(/^Phone Number/)).toHaveAttribute("type", "tel");
  });

  it.each([
    ["Air Duct Cleaning", "Air Duct Cleaning"],
    ["Supply Vent Cleaning", "Supply Vent Cleaning"],
    ["Dryer Vent Cleaning", "Residential Cleaning"],
    ["Brush Cleaning", "Residential Cleaning"],
    ["Deep Cleaning", "Commercial Cleaning"],
    ["Chimney Cleaning", "Dryer Vent Cleaning"],
    ["HVAC System Cleaning", "HVAC System Cleaning"],
    ["Other Services", "Other Services"],
  ])("sends the option '%s' as service '%s'", async (label, sent) => {
    const fetchMock = mockFetch({ "POST /api/contact": () => json({ data: {} }, 201) });
    renderRoute(<ContactPage />, "/contact");
    const user = await fill(label);
    expect((screen.getByLabelText(/^Service/) as HTMLSelectElement).selectedOptions[0]).toHaveTextContent(label);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Message sent successfully! We'll get back to you soon.");
    expect(sentBody(fetchMock)).toEqual({
      name: "Dana Lee",
      email: "dana@example.com",
      phone: "704-555-0100",
      service: sent,
      message: "Please call me.",
    });
  });

  it("shows 'Sending...' on a disabled button, then the success banner, empties the fields and clears after 5 s", async () => {
    let answer!: (r: Response) => void;
    mockFetch({ "POST /api/contact": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute(<ContactPage />, "/contact");
    await fill("Deep Cleaning");
    // setImmediate stays real: fake-indexeddb (the device queue) schedules its work with it.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    fireEvent.submit(screen.getByRole("button", { name: "Send Message" }).closest("form")!);
    const busy = await screen.findByRole("button", { name: "Sending..." });
    expect(busy).toBeDisabled();
    await vi.waitFor(() => expect(answer).toBeTypeOf("function"));
    await act(async () => answer(json({ data: {} }, 201)));
    expect(await screen.findByText("Message sent successfully! We'll get back to you soon.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue("");
    expect(screen.getByLabelText(/^Message/)).toHaveValue("");
    expect(screen.getByLabelText(/^Service/)).toHaveValue("");
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText("Message sent successfully! We'll get back to you soon.")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText("Message sent successfully! We'll get back to you soon.")).not.toBeInTheDocument();
  });

  it("shows the failure banner when the server refuses the message, keeps the fields and only logs its reason", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({ "POST /api/contact": () => json({ message: "Mail server down" }, 400) });
    renderRoute(<ContactPage />, "/contact");
    const user = await fill("Air Duct Cleaning");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(
      await screen.findByText("Failed to send message. Please try again or contact us directly."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Mail server down")).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(expect.any(String), "Mail server down");
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue("Dana Lee");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("keeps the message on this device on a network failure, says so, and empties the form", async () => {
    mockFetch({});
    renderRoute(<ContactPage />, "/contact");
    const user = await fill("Other Services");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText(/your message is saved on this device/)).toBeInTheDocument();
    expect(screen.queryByText("Failed to send message. Please try again or contact us directly.")).toBeNull();
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue("");
    const [item] = await listPublicWrites();
    expect(item).toMatchObject({ kind: "contact", state: "pending", payload: { service: "Other Services" } });
  });

  it("says the server could not be reached, not that the person is offline, when a 503 keeps the message", async () => {
    mockFetch({ "POST /api/contact": () => json({ message: "Database down" }, 503) });
    renderRoute(<ContactPage />, "/contact");
    const user = await fill("Other Services");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(
      await screen.findByText(
        "We couldn't reach our server, so your message is saved on this device and will be sent automatically as soon as the connection is back.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/offline/i)).toBeNull();
  });
});

describe("ContactPage in Spanish", () => {
  it("keeps the spec's English: the answers are MESSAGES' and the options are the spec's labels, in order", () => {
    expect(contactMessages.sent.defaultMessage).toBe(MESSAGES.contactSent);
    expect(contactMessages.failed.defaultMessage).toBe(MESSAGES.contactFailed);
    expect(CONTACT_SERVICE_LABELS.map((label) => label.defaultMessage)).toEqual(
      CONTACT_SERVICE_OPTIONS.map((option) => option.label),
    );
  });

  it("labels the form, its options and its answer in Spanish and sends the option's English value", async () => {
    const fetchMock = mockFetch({ ...SPANISH_CATALOG, "POST /api/contact": () => json({ data: {} }, 201) });
    renderInSpanish(<ContactPage />, "/contact");
    expect(await screen.findByRole("heading", { level: 1, name: "Contáctenos" })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Nombre completo/), "Dana Lee");
    await user.type(screen.getByLabelText(/^Correo electrónico/), "dana@example.com");
    await user.type(screen.getByLabelText(/^Número de teléfono/), "704-555-0100");
    const service = screen.getByLabelText(/^Servicio/);
    expect(service).toBeRequired();
    expect(within(service).getByRole("option", { name: "Seleccione un servicio" })).toHaveValue("");
    await user.selectOptions(service, "Limpieza de la ventila de secadora");
    await user.type(screen.getByLabelText(/^Mensaje/), "Llámenme, por favor.");
    await user.click(screen.getByRole("button", { name: "Enviar mensaje" }));
    expect(await screen.findByText("¡Mensaje enviado! Le responderemos pronto.")).toBeInTheDocument();
    expect(sentBody(fetchMock)).toMatchObject({ service: "Residential Cleaning", message: "Llámenme, por favor." });
    expect(screen.getByRole("heading", { name: "Comuníquese con nosotros" })).toBeInTheDocument();
    expect(screen.getByText("Servicio de emergencia 24/7:")).toBeInTheDocument();
  });

  it("says in Spanish that the message failed, and only logs the server's reason", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({ ...SPANISH_CATALOG, "POST /api/contact": () => json({ message: "Mail server down" }, 400) });
    renderInSpanish(<ContactPage />, "/contact");
    await screen.findByRole("heading", { level: 1, name: "Contáctenos" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Nombre completo/), "Dana Lee");
    await user.type(screen.getByLabelText(/^Correo electrónico/), "dana@example.com");
    await user.type(screen.getByLabelText(/^Número de teléfono/), "704-555-0100");
    await user.selectOptions(screen.getByLabelText(/^Servicio/), "Otros servicios");
    await user.type(screen.getByLabelText(/^Mensaje/), "Hola");
    await user.click(screen.getByRole("button", { name: "Enviar mensaje" }));
    expect(
      await screen.findByText(
        "No se pudo enviar el mensaje. Inténtelo de nuevo o comuníquese directamente con nosotros.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Mail server down")).not.toBeInTheDocument();
  });
});
