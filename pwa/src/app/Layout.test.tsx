import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCALE_KEY, resetLocaleForTests } from "../lib/i18n/locale.ts";
import { resetServicesCache } from "../lib/services.ts";
import { json, mockFetch, SAMPLE_SERVICES } from "../test/fetch.ts";
import { SPANISH_CATALOG } from "../test/spanish.tsx";
import { Layout } from "./Layout.tsx";

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLayout(path = "/") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Layout>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </Layout>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetServicesCache();
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe("Layout", () => {
  it("shows the emergency phone and business hours from the profile", async () => {
    mockFetch({
      "/api/services": () => json(SAMPLE_SERVICES),
      "/api/profile": () => json({ phone: "(704) 555-7777", hoursShort: "Mon-Sun: 7:00AM - 7:00PM / Sat-close" }),
    });
    renderLayout();
    expect(screen.getByText("Emergency Service:")).toBeInTheDocument();
    expect(screen.getByText("Business Hours:")).toBeInTheDocument();
    expect(await screen.findAllByRole("link", { name: "(704) 555-7777" })).not.toHaveLength(0);
  });

  it("lists the first five services in the footer", async () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderLayout();
    // The footer is a chunk of its own (Layout.tsx): it comes once loaded.
    const footerServices = await screen.findByRole("navigation", { name: "Our Services" });
    await waitFor(() => expect(within(footerServices).getAllByRole("link")).toHaveLength(6));
    expect(within(footerServices).queryByRole("link", { name: "Deep Cleaning" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    // A customer looks for their own page where the site's small print is.
    expect(screen.getByRole("link", { name: "Your account" })).toHaveAttribute("href", "/portal");
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  });

  it("opens the Services dropdown with every service plus All Services and closes on choosing one", async () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    renderLayout();
    const main = screen.getByRole("navigation", { name: "Main" });
    const toggle = within(main).getByRole("button", { name: "Services" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await waitFor(() => expect(within(main).getAllByRole("link", { hidden: true })).toHaveLength(14));
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(within(main).getByRole("link", { name: "All Services" })).toHaveAttribute("href", "/services");
    await user.click(within(main).getByRole("link", { name: "Chimney Cleaning" }));
    expect(screen.getByTestId("where")).toHaveTextContent("/services/chimney-cleaning");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("operates the Services dropdown by keyboard: arrows move, Escape closes and returns focus", async () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    renderLayout();
    const main = screen.getByRole("navigation", { name: "Main" });
    await waitFor(() => expect(within(main).getAllByRole("link", { hidden: true })).toHaveLength(14));
    const toggle = within(main).getByRole("button", { name: "Services" });
    toggle.focus();
    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(within(main).getByRole("link", { name: "All Services" })).toHaveFocus());
    await user.keyboard("{ArrowDown}");
    expect(within(main).getByRole("link", { name: "Air Duct Cleaning" })).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(within(main).getByRole("link", { name: "HVAC System Cleaning" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("closes the desktop Services dropdown when the page scrolls", async () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    renderLayout();
    const toggle = within(screen.getByRole("navigation", { name: "Main" })).getByRole("button", { name: "Services" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    window.dispatchEvent(new Event("scroll"));
    await waitFor(() => expect(toggle).toHaveAttribute("aria-expanded", "false"));
  });

  it("closes the mobile menu on scroll and on choosing a link", async () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    renderLayout();
    const menu = screen.getByRole("button", { name: "Open menu" });
    await user.click(menu);
    expect(menu).toHaveAttribute("aria-expanded", "true");
    window.dispatchEvent(new Event("scroll"));
    await waitFor(() => expect(menu).toHaveAttribute("aria-expanded", "false"));
    await user.click(menu);
    await user.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Gallery" }));
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByTestId("where")).toHaveTextContent("/gallery");
  });

  it("scrolls smoothly to the top on a route change", async () => {
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    renderLayout();
    await user.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "About" }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
  });

  it("shows the scroll-to-top button only after 300 px", async () => {
    mockFetch({});
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderLayout();
    expect(screen.queryByRole("button", { name: "Scroll to top" })).not.toBeInTheDocument();
    Object.defineProperty(window, "scrollY", { value: 301, configurable: true });
    window.dispatchEvent(new Event("scroll"));
    expect(await screen.findByRole("button", { name: "Scroll to top" })).toBeInTheDocument();
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
  });
});

describe("Layout in Spanish", () => {
  it("offers to skip to the content in Spanish, as its first link, and the top bar's words", async () => {
    resetLocaleForTests();
    localStorage.setItem(LOCALE_KEY, "es");
    mockFetch({ ...SPANISH_CATALOG, "/api/services": () => json(SAMPLE_SERVICES) });
    renderLayout();
    const skip = await screen.findByRole("link", { name: "Saltar al contenido" });
    expect(skip).toHaveAttribute("href", "#main");
    expect(screen.getAllByRole("link")[0]).toBe(skip);
    expect(screen.getByText("Horario:")).toBeInTheDocument();
  });
});
