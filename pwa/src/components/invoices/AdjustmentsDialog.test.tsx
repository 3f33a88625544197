import type { Invoice } from "@contracts/invoices/invoice.ts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch.ts";
import { AdjustmentsDialog } from "./AdjustmentsDialog.tsx";

const invoice = {
  _id: "i1",
  number: "INV-000003",
  dueAt: "2030-06-24",
  adjustments: [{ description: "Trip charge", quantity: 1, unitPriceCents: 2_500, amountCents: 2_500, taxable: true }],
} as Invoice;

afterEach(() => vi.unstubAllGlobals());

describe("the office's adjustments", () => {
  it("sends the lines in cents, a credit as a negative price, with the due date", async () => {
    const fetchMock = mockFetch({ "PUT /api/invoices/i1": () => json({ data: invoice }) });
    const onSaved = vi.fn();
    render(<AdjustmentsDialog invoice={invoice} onSaved={onSaved} onClose={() => undefined} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText("Unit price ($)")).toHaveValue("25.00");
    await user.click(screen.getByRole("button", { name: "Add a line" }));
    await user.type(screen.getAllByLabelText("Description")[1]!, "Returning customer");
    await user.type(screen.getAllByLabelText("Unit price ($)")[1]!, "-10");
    await user.click(screen.getAllByLabelText("Taxable")[1]!);
    await user.click(screen.getByRole("button", { name: "Save Invoice" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      adjustments: [
        { description: "Trip charge", quantity: 1, unitPriceCents: 2_500, taxable: true },
        { description: "Returning customer", quantity: 1, unitPriceCents: -1_000, taxable: false },
      ],
      dueAt: "2030-06-24",
    });
  });

  it("says which line is wrong before sending anything", async () => {
    const fetchMock = mockFetch({});
    render(<AdjustmentsDialog invoice={invoice} onSaved={() => undefined} onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add a line" }));
    await user.click(screen.getByRole("button", { name: "Save Invoice" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Line 2: describe the adjustment.");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
