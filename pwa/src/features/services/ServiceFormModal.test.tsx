import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ServiceFormModal } from "./ServiceFormModal.tsx";
import { mockFetch } from "../../test/staffApi.ts";
import { makeService } from "../../test/staffFixtures.ts";

function packageBoxes() {
  return screen.getAllByRole("group").filter((g) => /^Package \d+$/.test(g.querySelector("legend")?.textContent ?? ""));
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Title/), "Attic Fan Cleaning");
  await user.type(screen.getByLabelText(/^Image/), "/images/attic.webp");
  await user.type(screen.getByLabelText(/^Description(?! \(Spanish\))/), "Dust off the fan.");
  await user.type(screen.getByLabelText(/^Benefits(?! \(Spanish\))/), "Quieter fan, Cooler attic");
  await user.type(screen.getByLabelText(/^Price/), "129");
  await user.type(screen.getByLabelText(/^Duration(?! \(Spanish\))/), "1 hour");
  await user.type(screen.getByLabelText(/^Coverage(?! \(Spanish\))/), "One fan");
  await user.type(screen.getByLabelText(/^Package name(?! \(Spanish\))/), "Basic");
  await user.type(screen.getByLabelText(/^Package price/), "129");
  await user.type(screen.getByLabelText(/^Features(?! \(Spanish\))/), "Fan, Louvers");
}

describe("ServiceFormModal", () => {
  it("starts with one package, adds one, and removes only while more than one exists", async () => {
    const user = userEvent.setup();
    render(<ServiceFormModal onSaved={vi.fn()} onClose={vi.fn()} />);
    expect(packageBoxes()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /Remove Package/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Package" }));
    await user.click(screen.getByRole("button", { name: "Add Package" }));
    expect(packageBoxes()).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Remove Package 2" }));
    await user.click(screen.getByRole("button", { name: "Remove Package 1" }));
    expect(packageBoxes()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /Remove Package/ })).not.toBeInTheDocument();
  });

  it("shows the required-field errors and sends nothing when fields are missing", async () => {
    const fetchMock = mockFetch({});
    render(<ServiceFormModal onSaved={vi.fn()} onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "Add Service" }));
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription("Title is required");
    expect(screen.getByLabelText(/^Package name(?! \(Spanish\))/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Features(?! \(Spanish\))/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Benefits(?! \(Spanish\))/)).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText(/^Title/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("adds a service: POSTs arrays, says 'Service added successfully!', resets and hands the saved service over", async () => {
    const saved = makeService({ _id: "attic-fan-cleaning", title: "Attic Fan Cleaning" });
    const fetchMock = mockFetch({ "POST /api/services": { status: 201, body: { data: saved } } });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<ServiceFormModal onSaved={onSaved} onClose={vi.fn()} />);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Add Package" }));
    await user.click(screen.getByRole("button", { name: "Add Service" }));
    // The second, empty package blocks the save until it is filled or removed.
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Remove Package 2" }));
    await user.click(screen.getByRole("button", { name: "Add Service" }));
    expect(await screen.findByText("Service added successfully!")).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(saved);
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({
      benefits: ["Quieter fan", "Cooler attic"],
      process: [],
      price: 129,
      packages: [{ name: "Basic", price: 129, features: ["Fan", "Louvers"], isPopular: false }],
    });
    expect(screen.getByLabelText(/^Title/)).toHaveValue("");
    expect(packageBoxes()).toHaveLength(1);
  });

  it("edit mode PUTs to the service's id and says 'Service updated successfully!'", async () => {
    const service = makeService();
    const saved = { ...service, title: "Air Duct Cleaning Plus" };
    const fetchMock = mockFetch({ "PUT /api/services/air-duct-cleaning": { body: { data: saved } } });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<ServiceFormModal service={service} onSaved={onSaved} onClose={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Edit Service" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue("Air Duct Cleaning");
    await user.clear(screen.getByLabelText(/^Title/));
    await user.type(screen.getByLabelText(/^Title/), "Air Duct Cleaning Plus");
    await user.click(screen.getByRole("button", { name: "Update Service" }));
    expect(await screen.findByText("Service updated successfully!")).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(fetchMock.mock.calls[0]![1]!.method).toBe("PUT");
  });

  it("an admin writes the service's Spanish title in the form, and it is sent with the service", async () => {
    const service = makeService({ titleEs: "Limpieza de ductos" });
    const saved = { ...service, titleEs: "Limpieza de ductos de aire" };
    const fetchMock = mockFetch({ "PUT /api/services/air-duct-cleaning": { body: { data: saved } } });
    const user = userEvent.setup();
    render(<ServiceFormModal service={service} onSaved={vi.fn()} onClose={vi.fn()} />);
    const field = screen.getByLabelText(/^Spanish title/);
    expect(field).toHaveValue("Limpieza de ductos");
    await user.clear(field);
    await user.type(field, "Limpieza de ductos de aire");
    await user.click(screen.getByRole("button", { name: "Update Service" }));
    expect(await screen.findByText("Service updated successfully!")).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as { titleEs: string; title: string };
    expect([body.title, body.titleEs]).toEqual(["Air Duct Cleaning", "Limpieza de ductos de aire"]);
  });

  it("an admin writes the service's Spanish description beside the English one, and it is sent with it", async () => {
    const service = makeService({ descriptionEs: "Limpiamos sus ductos." });
    const saved = { ...service, descriptionEs: "Limpiamos cada ducto de su casa." };
    const fetchMock = mockFetch({ "PUT /api/services/air-duct-cleaning": { body: { data: saved } } });
    const user = userEvent.setup();
    render(<ServiceFormModal service={service} onSaved={vi.fn()} onClose={vi.fn()} />);
    const field = screen.getByLabelText(/^Description \(Spanish\)/);
    expect(field.tagName).toBe("TEXTAREA");
    expect(field).toHaveValue("Limpiamos sus ductos.");
    await user.clear(field);
    await user.type(field, "Limpiamos cada ducto de su casa.");
    await user.click(screen.getByRole("button", { name: "Update Service" }));
    expect(await screen.findByText("Service updated successfully!")).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as {
      description: string;
      descriptionEs: string;
    };
    expect([body.description, body.descriptionEs]).toEqual([service.description, "Limpiamos cada ducto de su casa."]);
  });

  it("an admin writes the other Spanish words beside their English ones, in the same kind of field, and they are sent", async () => {
    const service = makeService({ durationEs: "2 a 4 horas" });
    const fetchMock = mockFetch({ "PUT /api/services/air-duct-cleaning": { body: { data: service } } });
    const user = userEvent.setup();
    render(<ServiceFormModal service={service} onSaved={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByLabelText(/^Duration \(Spanish\)/)).toHaveValue("2 a 4 horas");
    const written: [RegExp, string, string][] = [
      [/^Benefits \(Spanish\)/, "TEXTAREA", "Aire más limpio, Menos polvo"],
      [/^Process \(Spanish\)/, "TEXTAREA", "Revisamos, Limpiamos"],
      [/^Coverage \(Spanish\)/, "INPUT", "Toda la casa, hasta 15 rejillas"],
      [/^Package name \(Spanish\)/, "INPUT", "Básico"],
      [/^Features \(Spanish\)/, "INPUT", "Hasta 10 rejillas, Fotos de antes y después"],
    ];
    for (const [label, tag, text] of written) {
      const field = screen.getByLabelText(label);
      expect(field.tagName).toBe(tag);
      expect(field).not.toBeRequired();
      await user.type(field, text);
    }
    await user.click(screen.getByRole("button", { name: "Update Service" }));
    expect(await screen.findByText("Service updated successfully!")).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({
      benefitsEs: ["Aire más limpio", "Menos polvo"],
      processEs: ["Revisamos", "Limpiamos"],
      durationEs: "2 a 4 horas",
      coverageEs: "Toda la casa, hasta 15 rejillas",
      packages: [
        {
          name: "Basic",
          nameEs: "Básico",
          features: ["Up to 10 vents"],
          featuresEs: ["Hasta 10 rejillas", "Fotos de antes y después"],
        },
      ],
    });
  });

  it("says 'Failed to save service' when the server refuses", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockFetch({ "POST /api/services": { status: 500, body: { message: "db down" } } });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<ServiceFormModal onSaved={onSaved} onClose={vi.fn()} />);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Add Service" }));
    expect(await screen.findByText("Failed to save service")).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Title/)).toHaveValue("Attic Fan Cleaning");
  });

  it("is a dialog that keeps focus inside and closes on Escape and on an outside click", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<ServiceFormModal onSaved={vi.fn()} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Add New Service" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    within(dialog).getByRole("button", { name: "Add Service" }).focus();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Close dialog" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(dialog.parentElement!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
