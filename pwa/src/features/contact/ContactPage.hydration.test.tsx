import "fake-indexeddb/auto";
import { act, fireEvent, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { freshQueue } from "../../test/offlineQueue.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import ContactPage from "./ContactPage.tsx";

beforeEach(() => freshQueue());
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

const page = () => (
  <MemoryRouter initialEntries={["/contact"]}>
    <ContactPage />
  </MemoryRouter>
);

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

// /contact is rendered at build time: on a slow phone the form is on screen before React runs.
describe("the contact form before React takes over the page", () => {
  it("cannot be sent, so a tap does not submit the bare HTML form", () => {
    document.body.innerHTML = `<div id="root">${renderToString(page())}</div>`;
    expect(screen.getByRole("button", { name: "Send Message" })).toBeDisabled();
  });

  it("sends what was typed and picked before hydration", async () => {
    const fetchMock = mockFetch({ "POST /api/contact": () => json({ data: {} }, 201) });
    const container = document.createElement("div");
    container.innerHTML = renderToString(page());
    document.body.append(container);
    // Typed into the server's HTML: no React handler sees these.
    input(/^Full Name/).value = "Dana Lee";
    input(/^Email Address/).value = "dana@example.com";
    input(/^Phone Number/).value = "704-555-0100";
    const service = screen.getByLabelText(/^Service/) as HTMLSelectElement;
    service.selectedIndex = Array.from(service.options).findIndex((o) => o.text === "Dryer Vent Cleaning");
    (screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value = "Please call me.";

    await act(async () => {
      root = hydrateRoot(container, page());
    });
    const send = screen.getByRole("button", { name: "Send Message" });
    expect(send).toBeEnabled();
    fireEvent.submit(send.closest("form")!);
    await screen.findByText("Message sent successfully! We'll get back to you soon.");
    expect(JSON.parse(String((fetchMock.mock.calls.at(-1)![1] as RequestInit).body))).toEqual({
      name: "Dana Lee",
      email: "dana@example.com",
      phone: "704-555-0100",
      service: "Residential Cleaning",
      message: "Please call me.",
    });
  });
});
