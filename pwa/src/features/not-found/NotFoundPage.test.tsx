import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/render.tsx";
import NotFoundPage from "./NotFoundPage.tsx";

describe("NotFoundPage", () => {
  it("says the page was not found and links home, to services and to contact", () => {
    renderRoute(<NotFoundPage />, "/nope");
    expect(screen.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Our Services" })).toHaveAttribute("href", "/services");
    expect(screen.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });
});
