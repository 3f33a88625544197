import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { renderInSpanish, SPANISH_CATALOG } from "../../test/spanish.tsx";
import GalleryPage from "./GalleryPage.tsx";

const viewButtons = () => screen.getAllByRole("button", { name: /^View larger/ });

describe("GalleryPage", () => {
  it("shows the nine items and filters them by category", async () => {
    const user = userEvent.setup();
    renderRoute(<GalleryPage />, "/gallery");
    expect(viewButtons()).toHaveLength(9);
    expect(screen.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Dryer Vents" }));
    expect(viewButtons()).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Dryer Vent Lint Removal" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Commercial" }));
    expect(viewButtons()).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Residential" }));
    expect(viewButtons()).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "HVAC" }));
    expect(viewButtons()).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "All" }));
    expect(viewButtons()).toHaveLength(9);
  });

  it("opens View Larger in a modal that locks page scroll and closes on Escape, restoring focus", async () => {
    const user = userEvent.setup();
    renderRoute(<GalleryPage />, "/gallery");
    const opener = screen.getByRole("button", { name: "View larger: Exterior Dryer Vent" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Exterior Dryer Vent" });
    expect(dialog).toContainElement(screen.getAllByRole("img", { name: "Exterior Dryer Vent" }).at(-1)!);
    expect(document.body.style.overflow).toBe("hidden");
    expect(screen.getByRole("button", { name: "Close dialog" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Close dialog" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe("");
    expect(opener).toHaveFocus();
  });

  it("closes the modal on an outside click and on the close button, not on a click inside", async () => {
    const user = userEvent.setup();
    renderRoute(<GalleryPage />, "/gallery");
    await user.click(viewButtons()[0]!);
    fireEvent.mouseDown(screen.getByRole("dialog"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByTestId("modal-overlay"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(viewButtons()[1]!);
    await user.click(screen.getByRole("button", { name: "Close dialog" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("GalleryPage in Spanish", () => {
  it("shows its items, filters and View Larger in Spanish, and filters the same way", async () => {
    const user = userEvent.setup();
    mockFetch(SPANISH_CATALOG);
    renderInSpanish(<GalleryPage />, "/gallery");
    expect(await screen.findByRole("heading", { level: 1, name: "Nuestro trabajo" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Filtrar por categoría" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Proyectos mostrados: 9");
    await user.click(screen.getByRole("button", { name: "Ventilas de secadora" }));
    expect(screen.getByRole("status")).toHaveTextContent("Proyectos mostrados: 2");
    expect(screen.getByRole("heading", { name: "Retiro de pelusa de la ventila de secadora" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Ver en grande: Ventila exterior de secadora" }));
    const dialog = screen.getByRole("dialog", { name: "Ventila exterior de secadora" });
    expect(dialog).toHaveTextContent("Tapa exterior de la ventila limpiada");
    expect(screen.getByRole("link", { name: "Agende su limpieza" })).toHaveAttribute("href", "/booking");
  });
});
