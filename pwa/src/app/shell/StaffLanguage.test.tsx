import "fake-indexeddb/auto";
import type { SessionUser } from "@contracts/staff/staff.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCALE_KEY, resetLocaleForTests } from "../../lib/i18n/locale.ts";
import { getUser, saveSession } from "../../lib/session.ts";
import { freshQueue } from "../../test/offlineQueue.ts";
import { makeFakeSocket, mockFetch } from "../../test/staffApi.ts";
import { adminUser, fakeToken } from "../../test/staffFixtures.ts";
import { App } from "../App.tsx";

const socket = vi.hoisted(() => ({ current: null as ReturnType<typeof makeFakeSocket> | null }));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const technician: SessionUser = { ...adminUser, _id: "t1", name: "Lupe Tech", role: "technician" };

/** The Spanish catalogs are files the page fetches; here they are read from the source tree. */
const catalog = async (url: URL) =>
  new Response(readFileSync(resolve(import.meta.dirname, "../../..", url.pathname.replace(/^\//, "")), "utf8"), {
    headers: { "Content-Type": "application/json" },
  });

function open(path: string, user: SessionUser) {
  saveSession(fakeToken(), user);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

let saved: unknown[] = [];

beforeEach(async () => {
  await freshQueue();
  resetLocaleForTests();
  localStorage.clear();
  saved = [];
  socket.current = makeFakeSocket();
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  mockFetch({
    "GET /api/bookings": { body: [] },
    "GET /api/services": { body: [] },
    "GET /src/i18n/es/field.json": catalog,
    // The technician's app reads the public catalog too (the pieces it shares with the customer's pages).
    "GET /src/i18n/es/public.json": catalog,
    "PUT /api/account/language": async (_url: URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      saved.push(body);
      return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a staff member's language", () => {
  it("is the one in their account: a technician with Spanish sees the shell and My Jobs in Spanish", async () => {
    open("/jobs", { ...technician, locale: "es" });
    expect(await screen.findByRole("heading", { name: "Mis trabajos", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Secciones" })).toHaveTextContent("Mis trabajos");
    expect(await screen.findByRole("button", { name: "Todo enviado" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("es");
  });

  it("is chosen in the account menu: kept in the account and on the device, and the screens follow", async () => {
    const user = userEvent.setup();
    open("/jobs", { ...technician, locale: "en" });
    expect(await screen.findByRole("heading", { name: "My Jobs", level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Lupe Tech/ }));
    await user.selectOptions(await screen.findByLabelText("Language"), "es");
    expect(await screen.findByRole("heading", { name: "Mis trabajos", level: 1 })).toBeInTheDocument();
    expect(saved).toEqual([{ locale: "es" }]);
    expect(getUser()?.locale).toBe("es");
    expect(localStorage.getItem(LOCALE_KEY)).toBe("es");
    const panel = screen.getByLabelText("Idioma").closest("div")!;
    expect(within(panel).getByRole("combobox")).toHaveValue("es");
  });
});
