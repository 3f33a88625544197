import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CANCELLATION_POLICY } from "@contracts/bookings/manage.ts";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import PrivacyPage from "./PrivacyPage.tsx";
import TermsPage, { termsMessages } from "./TermsPage.tsx";

const today = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(new Date());
const sectionHeadings = () =>
  screen.getAllByRole("heading", { level: 2 }).filter((h) => /^\d+\. /.test(h.textContent!));

describe("Legal pages", () => {
  it("Privacy has a breadcrumb, today's date, 6 sections and the contact e-mail and phone", () => {
    renderRoute(<PrivacyPage />, "/privacy");
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(crumbs.getByText("Privacy Policy")).toHaveAttribute("aria-current", "page");
    expect(screen.getByText(`Last updated: ${today}`)).toBeInTheDocument();
    expect(sectionHeadings()).toHaveLength(6);
    expect(screen.getByRole("link", { name: DEFAULT_PROFILE.email })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: DEFAULT_PROFILE.phone })).toBeInTheDocument();
  });

  it("Terms has 7 sections with the 24-hour cancellation fee, varying estimates and North Carolina law", () => {
    renderRoute(<TermsPage />, "/terms");
    expect(screen.getByText(`Last updated: ${today}`)).toBeInTheDocument();
    expect(sectionHeadings()).toHaveLength(7);
    expect(screen.getByText(/at least 24 hours' notice/)).toHaveTextContent(/late cancellation fee/);
    expect(screen.getByText(/Final prices can vary/)).toBeInTheDocument();
    expect(screen.getByText(/laws of the State of North Carolina/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: DEFAULT_PROFILE.email })).toBeInTheDocument();
  });

  it("Terms' cancellation policy is CANCELLATION_POLICY word for word", () => {
    expect(termsMessages.policy.defaultMessage).toBe(CANCELLATION_POLICY);
  });
});

describe("Legal pages in Spanish", () => {
  const hoy = new Intl.DateTimeFormat("es-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "America/New_York",
  }).format(new Date());

  it("Privacy shows its breadcrumb, date written in Spanish, 6 sections and how to reach us in Spanish", async () => {
    mockFetch(SPANISH_CATALOG);
    renderInSpanish(<PrivacyPage />, "/privacy");
    expect(await screen.findByRole("heading", { level: 1, name: "Política de privacidad" })).toBeInTheDocument();
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" }));
    expect(crumbs.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
    expect(screen.getByText(`Última actualización: ${hoy}`)).toBeInTheDocument();
    expect(sectionHeadings()).toHaveLength(6);
    expect(screen.getByRole("heading", { name: "1. Información que recopilamos" })).toBeInTheDocument();
    expect(screen.getByText(/No vendemos su información personal/)).toBeInTheDocument();
    expect(screen.getByText("Correo electrónico:")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: DEFAULT_PROFILE.phone })).toBeInTheDocument();
  });

  it("Terms shows its 7 sections in Spanish: the cancellation fee, varying estimates and the state's law", async () => {
    mockFetch(SPANISH_CATALOG);
    renderInSpanish(<TermsPage />, "/terms");
    expect(await screen.findByRole("heading", { level: 1, name: "Términos del servicio" })).toBeInTheDocument();
    expect(sectionHeadings()).toHaveLength(7);
    expect(screen.getByText(/al menos 24 horas de anticipación/)).toHaveTextContent(/cargo por cancelación tardía/);
    expect(screen.getByText(/El precio final puede variar/)).toBeInTheDocument();
    expect(screen.getByText(/las leyes del Estado de North Carolina/)).toBeInTheDocument();
  });
});
