import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { renderRoute } from "../../test/render.tsx";
import PrivacyPage from "./PrivacyPage.tsx";
import TermsPage from "./TermsPage.tsx";

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
});
